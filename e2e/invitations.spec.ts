import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  codeSentTo,
  familyPlanSection as circle,
  memberPassword,
  messagesTo,
  openSafeCircle,
  signIn,
  signUp,
  uniqueEmail,
} from "./support/members";
import { expectNoAxeViolations } from "./support/axe";
import { graphql, subscribe, uniquePhone } from "./support/subscriptions";

// Long journeys (several sign-ups, a checkout) on a shared, busy machine.
test.describe.configure({ timeout: 150_000 });

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The sign-up link in the newest invitation message to `recipient`, after `before` messages. */
async function linkSentTo(recipient: string, before: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = messagesTo(recipient)
        .slice(before)
        .at(-1)
        ?.body.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function invite(page: Page, by: "Text message" | "Email", contact: string) {
  const before = messagesTo(contact).length;
  await circle(page).getByLabel(by, { exact: true }).check();
  await circle(page)
    .getByLabel(by === "Email" ? /^Their email address/ : /^Their mobile number/)
    .fill(contact);
  await circle(page).getByRole("button", { name: "Send invitation" }).click();
  await expect(circle(page).getByText(`Invitation sent to ${contact.toLowerCase()}.`)).toBeVisible();
  return linkSentTo(contact.toLowerCase(), before);
}

/** Signs up on the invitation page (it stays the page's form) and confirms; back on /invitation. */
async function signUpFromInvitation(page: Page, { firstName, lastName, email }: Record<string, string>) {
  await page.getByLabel(/^First name/).fill(firstName!);
  await page.getByLabel(/^Last name/).fill(lastName!);
  await page.getByLabel(/^Email/).fill(email!);
  await page.getByLabel(/^Password/).fill(memberPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel(/^Confirmation code/).fill(await codeSentTo(email!));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/invitation$/, { timeout: 15_000 });
}

/** Adds a phone number in the security centre and verifies it with the code texted to it. */
async function verifyPhone(page: Page, phone: string) {
  const security = page.getByRole("region", { name: "Sign-in, devices and data" });
  const before = messagesTo(phone).length;
  const form = security.getByRole("form", { name: "Phone number" });
  await form.getByLabel(/^Mobile number/).fill(phone);
  await form.getByLabel(/^Current password/).fill(memberPassword);
  await security.getByRole("button", { name: "Add phone number" }).click();
  await security.getByLabel(/^Phone verification code/).fill(await codeSentTo(phone, { after: before }));
  await security.getByRole("button", { name: "Verify phone" }).click();
  await expect(security.getByText("Your phone number is verified.")).toBeVisible();
}

/** Presses Join: the member is in, on My Safe Circle. */
async function join(page: Page, ownerName: string) {
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(page).toHaveURL(/\/circle$/);
  await expect(
    circle(page).getByText(
      new RegExp(`You are in ${ownerName}'s Safe Circle since .*: their Family plan covers you\\.`),
    ),
  ).toBeVisible();
}

async function openInFreshBrowser(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

test("a Family subscriber invites a phone number; the invitee signs up from the link and is covered; the link works once", async ({
  page,
  browser,
}) => {
  await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await openSafeCircle(page);
  await expect(circle(page).getByText(/5 of 5 places left/)).toBeVisible();
  const phone = uniquePhone();
  const link = await invite(page, "Text message", phone);
  await expect(circle(page).getByRole("listitem").filter({ hasText: phone })).toContainText("Pending");

  // The invitee's browser: the invitation page says who invites, to which circle, as what, and
  // where it was sent (masked); the token is in no URL and out of scripts' reach.
  const invitee = await openInFreshBrowser(browser, link);
  await expect(invitee.page).toHaveURL(/\/invitation$/);
  await expect(invitee.page.getByRole("heading", { name: "Join your family on Happr" })).toBeVisible();
  await expect(
    invitee.page.getByText(
      "Olive Owner invites you to Olive Owner's circle as a member: their Family plan covers you.",
    ),
  ).toBeVisible();
  await expect(invitee.page.getByText(`Sent by text to +*******${phone.slice(-4)}.`)).toBeVisible();
  const token = new URL(link).searchParams.get("invitation")!;
  expect(await invitee.page.evaluate(() => document.cookie + JSON.stringify(sessionStorage))).not.toContain(token);

  // A new account, back on the page: the invitation went to a number the account has not verified.
  const email = uniqueEmail("invitee");
  await signUpFromInvitation(invitee.page, { firstName: "Ivy", lastName: "Invitee", email });
  await expect(invitee.page.getByRole("main").getByRole("alert")).toContainText(
    `This invitation was sent by text to +*******${phone.slice(-4)}: add and verify that number`,
  );
  await expect(invitee.page.getByRole("button", { name: "Join", exact: true })).toHaveCount(0);
  await invitee.page.getByRole("link", { name: "Open your security centre" }).click();
  await verifyPhone(invitee.page, phone);
  await invitee.page.goto(link);
  await join(invitee.page, "Olive Owner");
  await invitee.context.close();

  // The owner sees the new member, covered, with the number they invited (not the joiner's email).
  await page.reload();
  const member = circle(page).getByRole("listitem").filter({ hasText: "Ivy Invitee" });
  await expect(member).toContainText("Covered");
  await expect(member).toContainText(phone);
  await expect(member).not.toContainText(email);

  // The same link again, in yet another browser: refused, nothing joins.
  const reuse = await openInFreshBrowser(browser, link);
  await expect(reuse.page.getByText("This invitation has already been used")).toBeVisible();
  await reuse.context.close();
});

test("a revoked link fails; a member on the Individual plan cannot invite (and the API says why)", async ({
  page,
  browser,
}) => {
  await signUp(page, { firstName: "Rita", lastName: "Revoker" });
  await subscribe(page, { name: "Happr Family", interval: "year" });
  await openSafeCircle(page);
  const email = uniqueEmail("revoked");
  const link = await invite(page, "Email", email);
  await circle(page)
    .getByRole("button", { name: `Revoke the invitation to ${email.toLowerCase()}` })
    .click();
  await expect(circle(page).getByRole("listitem").filter({ hasText: email.toLowerCase() })).toHaveCount(0);

  const opened = await openInFreshBrowser(browser, link);
  await expect(opened.page.getByText("This invitation was withdrawn by the person who sent it")).toBeVisible();
  await opened.context.close();

  const individual = await browser.newContext();
  const other = await individual.newPage();
  await signUp(other);
  await subscribe(other, { name: "Happr Individual", interval: "month" });
  await openSafeCircle(other);
  await expect(
    circle(other).getByText("Only members with a live Family plan can invite people to a Safe Circle"),
  ).toBeVisible();
  await expect(circle(other).getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  const answer = await graphql(
    other,
    "mutation($phone: String) { inviteToCircle(phone: $phone) { statusCode message } }",
    { phone: uniquePhone() },
  );
  expect(answer).toEqual({
    statusCode: 403,
    message: "Only members with a live Family plan can invite people to a Safe Circle",
  });
  await individual.close();
});

test("axe finds nothing on the Safe Circle with members and invitations, and its remove dialog", async ({
  page,
  browser,
}) => {
  await signUp(page, { firstName: "Axel", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await openSafeCircle(page);
  const inviteeEmail = uniqueEmail("axe");
  const link = await invite(page, "Email", inviteeEmail);
  const invitee = await openInFreshBrowser(browser, link);
  await expect(invitee.page.getByRole("heading", { name: "Join your family on Happr" })).toBeVisible();
  let results = await new AxeBuilder({ page: invitee.page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  // The invitee signs up here with the address invited, comes back, and joins with a yes.
  await signUpFromInvitation(invitee.page, { firstName: "Ana", lastName: "Axe", email: inviteeEmail });
  await expect(invitee.page.getByRole("button", { name: "Join", exact: true })).toBeVisible();
  results = await new AxeBuilder({ page: invitee.page }).withTags(tags).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await join(invitee.page, "Axel Owner");
  await invitee.context.close();

  await invite(page, "Text message", uniquePhone());
  await page.reload();
  await expect(circle(page).getByRole("heading", { name: "Members" })).toBeVisible();
  // My Safe Circle with people and invitations, at a phone's width and a laptop's.
  await expectNoAxeViolations(page);
  await circle(page).getByRole("button", { name: "Remove Ana Axe" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Ana Axe?" });
  await expect(dialog).toBeVisible();
  results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByRole("button", { name: "Remove from my circle" }).click();
  await expect(circle(page).getByRole("listitem").filter({ hasText: "Ana Axe" })).toHaveCount(0);
});

test("an existing member accepts an invitation by signing in from the link", async ({ page, browser }) => {
  const existing = await browser.newContext();
  const memberPage = await existing.newPage();
  const { email, password } = await signUp(memberPage, { firstName: "Eli", lastName: "Existing" });
  await memberPage.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(memberPage.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();

  await signUp(page, { firstName: "Omi", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await openSafeCircle(page);
  const link = await invite(page, "Email", email);

  await memberPage.goto(link);
  await expect(memberPage.getByRole("heading", { name: "Join your family on Happr" })).toBeVisible();
  await memberPage.getByRole("main").getByRole("link", { name: "sign in", exact: true }).click();
  await signIn(memberPage, email, password);
  // Back on the same page after signing in: asked, not joined.
  await expect(memberPage).toHaveURL(/\/invitation$/);
  await expect(memberPage.getByText("Omi Owner invites you to Omi Owner's circle as a member")).toBeVisible();
  await page.reload();
  await expect(circle(page).getByRole("listitem").filter({ hasText: email.toLowerCase() })).toContainText("Pending");
  await join(memberPage, "Omi Owner");
  await existing.close();

  await page.reload();
  const member = circle(page).getByRole("listitem").filter({ hasText: "Eli Existing" });
  await expect(member).toContainText("Covered");
  await expect(member).toContainText(email.toLowerCase());
});

test("a signed-in member opening a link sent to another address is told so and not joined, even after signing in again", async ({
  page,
  browser,
}) => {
  await signUp(page, { firstName: "Owen", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await openSafeCircle(page);
  const invited = uniqueEmail("jo");
  const link = await invite(page, "Email", invited);
  const masked = `${invited[0]}***@e***.com`;

  // Mallory, signed in, has the link (forwarded, leaked, a shared device).
  const malloryContext = await browser.newContext();
  const mallory = await malloryContext.newPage();
  const { email, password } = await signUp(mallory, { firstName: "Mallory", lastName: "Other" });
  await mallory.goto(link);
  await expect(mallory.getByText("Owen Owner invites you to Owen Owner's circle as a member")).toBeVisible();
  await expect(mallory.getByRole("main").getByRole("alert")).toHaveText(
    `This invitation was sent to ${masked}: sign in with that address to join.`,
  );
  await expect(mallory.getByRole("button", { name: "Join", exact: true })).toHaveCount(0);

  // Signed out, she follows "sign in" from the same page and signs in as herself: still refused.
  await mallory.goto("/my-account");
  await mallory.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(mallory.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  await mallory.goto(link);
  await mallory.getByRole("main").getByRole("link", { name: "sign in", exact: true }).click();
  await signIn(mallory, email, password);
  await expect(mallory).toHaveURL(/\/invitation$/);
  await expect(mallory.getByRole("main").getByRole("alert")).toContainText(`This invitation was sent to ${masked}`);
  await mallory.goto("/circle");
  await expect(circle(mallory).getByText(/You are in Owen Owner's Safe Circle/)).toHaveCount(0);
  await malloryContext.close();

  // Nothing was written: the owner still sees the invitation pending and nobody in the circle.
  await page.reload();
  await expect(circle(page).getByRole("listitem").filter({ hasText: invited.toLowerCase() })).toContainText("Pending");
  await expect(circle(page).getByRole("listitem").filter({ hasText: "Mallory" })).toHaveCount(0);
});
