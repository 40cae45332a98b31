import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { codeSentTo, memberPassword, messagesTo, signIn, signUp, uniqueEmail } from "./support/members";
import { graphql, subscribe, uniquePhone } from "./support/subscriptions";

// Long journeys (several sign-ups, a checkout) on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const circle = (page: Page) => page.getByRole("region", { name: "My Safe Circle" });

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
  await expect(circle(page).getByText(/5 of 5 places left/)).toBeVisible();
  const phone = uniquePhone();
  const link = await invite(page, "Text message", phone);
  await expect(circle(page).getByRole("listitem").filter({ hasText: phone })).toContainText("Pending");

  // The invitee's browser: the sign-up page knows it is an invitation and fills in the phone.
  const invitee = await openInFreshBrowser(browser, link);
  await expect(invitee.page.getByRole("heading", { name: "Join your family on Happr" })).toBeVisible();
  await expect(invitee.page.getByText(/Olive Owner invited you to their Safe Circle/)).toBeVisible();
  await expect(invitee.page.getByLabel(/^Mobile number/)).toHaveValue(phone);
  await expect(invitee.page).not.toHaveURL(/invitation=/);
  const state = await invitee.page.evaluate(() => JSON.parse(sessionStorage.getItem("happr.invitation") ?? "{}"));
  expect(state).toMatchObject({
    isInvited: true,
    invitedUserPhone: phone,
    invitedUserToken: new URL(link).searchParams.get("invitation"),
  });

  const email = uniqueEmail("invitee");
  await invitee.page.getByLabel(/^First name/).fill("Ivy");
  await invitee.page.getByLabel(/^Last name/).fill("Invitee");
  await invitee.page.getByLabel(/^Email/).fill(email);
  await invitee.page.getByLabel(/^Password/).fill(memberPassword);
  await invitee.page.getByRole("button", { name: "Create account" }).click();
  await invitee.page.getByLabel(/^Confirmation code/).fill(await codeSentTo(email));
  await invitee.page.getByRole("button", { name: "Confirm" }).click();
  await expect(invitee.page).toHaveURL(/\/my-account$/);
  await expect(circle(invitee.page).getByText("You joined Olive Owner's Safe Circle")).toBeVisible();
  await expect(
    circle(invitee.page).getByText(/You are in Olive Owner's Safe Circle since .*: their Family plan covers you\./),
  ).toBeVisible();
  await invitee.context.close();

  // The owner sees the new member, covered.
  await page.reload();
  const member = circle(page).getByRole("listitem").filter({ hasText: "Ivy Invitee" });
  await expect(member).toContainText("Covered");
  await expect(member).toContainText(phone);

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
  const link = await invite(page, "Email", uniqueEmail("axe"));
  const invitee = await openInFreshBrowser(browser, link);
  await expect(invitee.page.getByRole("heading", { name: "Join your family on Happr" })).toBeVisible();
  let results = await new AxeBuilder({ page: invitee.page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  // The invitee signs up here; the circle then shows them as a member.
  await invitee.page.getByLabel(/^First name/).fill("Ana");
  await invitee.page.getByLabel(/^Last name/).fill("Axe");
  await invitee.page.getByLabel(/^Password/).fill(memberPassword);
  const inviteeEmail = await invitee.page.getByLabel(/^Email/).inputValue();
  await invitee.page.getByRole("button", { name: "Create account" }).click();
  await invitee.page.getByLabel(/^Confirmation code/).fill(await codeSentTo(inviteeEmail));
  await invitee.page.getByRole("button", { name: "Confirm" }).click();
  await expect(circle(invitee.page).getByText(/their Family plan covers you/)).toBeVisible();
  await invitee.context.close();

  await invite(page, "Text message", uniquePhone());
  await page.reload();
  await expect(circle(page).getByRole("heading", { name: "Members" })).toBeVisible();
  results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
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
  const link = await invite(page, "Email", email);

  await memberPage.goto(link);
  await expect(memberPage.getByRole("heading", { name: "Join your family on Happr" })).toBeVisible();
  await memberPage.getByRole("main").getByRole("link", { name: "sign in", exact: true }).click();
  await signIn(memberPage, email, password);
  await expect(memberPage).toHaveURL(/\/my-account$/);
  await expect(circle(memberPage).getByText("You joined Omi Owner's Safe Circle")).toBeVisible();
  await existing.close();

  await page.reload();
  await expect(circle(page).getByRole("listitem").filter({ hasText: "Eli Existing" })).toContainText("Covered");
});
