import { existsSync, readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

// The e2e server (playwright.config.ts) copies every outgoing message here.
export const outboxFile = ".data/e2e/outbox.ndjson";

type OutboxMessage = { to: string; subject?: string; body: string; listUnsubscribe?: string };

/** Every message sent to `recipient` (an email or a phone number) so far, oldest first. */
export function messagesTo(recipient: string): OutboxMessage[] {
  // The server creates the file with the first message it queues.
  if (!existsSync(outboxFile)) return [];
  return readFileSync(outboxFile, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as OutboxMessage)
    .filter((message) => message.to.toLowerCase() === recipient.toLowerCase());
}

/** The newest 6-digit code sent to `recipient`, waiting for it to arrive; `after` skips older messages (a notice without a code may follow it). */
export async function codeSentTo(recipient: string, { after = 0 }: { after?: number } = {}): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = messagesTo(recipient)
        .slice(after)
        .map((message) => message.body.match(/\b(\d{6})\b/)?.[1])
        .filter(Boolean)
        .at(-1);
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** A unique address per test, so parallel runs never meet. */
export function uniqueEmail(prefix = "member"): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const memberPassword = "Sunrise-Garden-42!";

export async function signIn(page: Page, email: string, password: string) {
  // On the sign-in page itself: typing into the page a link is still leaving loses what was typed.
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs up through the built-in issuer's pages and confirms with the emailed code; lands on Today (the
 * members' home), then opens My Account from the navigation, where the journeys using this go on.
 */
export async function signUp(
  page: Page,
  { email = uniqueEmail(), password = memberPassword, firstName = "Ada", lastName = "Lovelace" } = {},
) {
  await page.goto("/auth/sign-up");
  await page.getByLabel(/^First name/).fill(firstName);
  await page.getByLabel(/^Last name/).fill(lastName);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel(/^Confirmation code/).fill(await codeSentTo(email));
  await page.getByRole("button", { name: "Confirm" }).click();
  // Confirming hashes nothing new but runs the whole OIDC round trip: give a busy machine some room.
  await expect(page).toHaveURL(/\/today$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await openMembersPlace(page, "Account");
  await expect(page).toHaveURL(/\/my-account$/);
  return { email, password };
}

/** A members' place from the navigation: the header's at desktop widths, the bottom bar's on a phone (only one shows). */
export async function openMembersPlace(
  page: Page,
  name: "Today" | "Habits" | "Calendar" | "Cam" | "Vision Board" | "Lounge" | "Circle" | "Account",
) {
  await page.getByRole("navigation", { name: "Members" }).getByRole("link", { name, exact: true }).click();
}

/** My Safe Circle's Family plan section (/circle): the people a plan covers, its invitations, the invitation form. */
export const familyPlanSection = (page: Page) => page.getByRole("region", { name: "Family plan" });

/** My Safe Circle from the navigation, as a member goes there; answers its Family plan section. */
export async function openSafeCircle(page: Page) {
  await openMembersPlace(page, "Circle");
  await expect(page).toHaveURL(/\/circle$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Safe Circle" })).toBeVisible();
  return familyPlanSection(page);
}

/** From My Account to the security centre, by its link, as a member goes there. */
export async function openSecurityCentre(page: Page) {
  await page.getByRole("link", { name: "Open the security centre" }).click();
  await expect(page).toHaveURL(/\/my-account\/security$/);
  await expect(page.getByRole("heading", { level: 1, name: "Security centre" })).toBeVisible();
}

/** A Family plan owner (or guardian) creates a child's account with a first password; answers the child's sign-in name. */
export async function createChildAccount(
  page: Page,
  { firstName = "Maya", birthMonth = "2018-06", password = "Purple-Otter-Lantern-9" } = {},
) {
  await page.goto("/circle/children/new");
  const form = page.getByRole("form", { name: "Create a child's account" });
  await form.getByLabel(/^Child’s first name|^Child's first name/).fill(firstName);
  await form.getByLabel(/^Birth month/).fill(birthMonth);
  await form.getByLabel(/^First password/).fill(password);
  await form.getByLabel(/^I am this child’s parent|^I am this child's parent/).check();
  await form.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByRole("heading", { name: `${firstName}’s account is ready` })).toBeVisible();
  return { signInName: (await page.getByTestId("child-sign-in-name").textContent())!.trim(), password };
}
