import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { messagesTo, openMembersPlace, signUp } from "./support/members";
import { cityWhere, joinLounge, keepBrowserZone, loungeModerator, postOf } from "./support/lounge";

// Four sign-ups (two members, two moderators) on a shared, busy machine.
test.describe.configure({ timeout: 420_000 });

const day = cityWhere(9, 20);
test.use({ timezoneId: day });

/** A member in a window of their own, signed up, living where it is daytime. */
async function member(browser: Browser, firstName: string, lastName: string, email?: string) {
  const context = await browser.newContext({ timezoneId: day });
  const page = await context.newPage();
  const account = await signUp(page, { firstName, lastName, ...(email ? { email } : {}) });
  await keepBrowserZone(page, day);
  return { page, email: account.email, close: () => context.close() };
}

/** /lounge's link to the console, which only a named moderator sees. */
async function openConsole(page: Page) {
  await openMembersPlace(page, "Lounge");
  await page.getByRole("link", { name: "Moderators’ console" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lounge moderation" })).toBeVisible();
}

const queue = (page: Page) => page.getByRole("region", { name: /^Queue/ });
const appeals = (page: Page) => page.getByRole("region", { name: "Appeals" });

test("the moderators' console: a held phone number published with a reason, a reported post removed, and its appeal decided by the other moderator", async ({
  browser,
}, testInfo) => {
  const run = String(Math.floor(Math.random() * 9000) + 1000);
  const sky = `Sky Blue ${run}`;
  const fox = `Quiet Fox ${run}`;
  // A retry sits at another room's table (the first try's posts could have turned slow mode on);
  // e2e/lounge.spec.ts starts at Keeping Going.
  const roomName = testInfo.retry === 0 ? "Morning Routines" : "Family Life";

  // Ada and Ben, two adults, sit at one table.
  const ada = await member(browser, "Ada", "Lovelace");
  await ada.page.goto("/lounge");
  await joinLounge(ada.page, sky);
  await expect(ada.page.getByText(`You are ${sky} here.`)).toBeVisible();
  // Nobody but a named moderator sees the way to the console.
  await expect(ada.page.getByRole("link", { name: /console/i })).toHaveCount(0);
  const ben = await member(browser, "Ben", "Okri");
  await ben.page.goto("/lounge");
  await joinLounge(ben.page, fox);
  await expect(ben.page.getByText(`You are ${fox} here.`)).toBeVisible();
  for (const page of [ada.page, ben.page]) {
    await page.getByRole("link", { name: roomName }).click();
    await expect(page.getByRole("heading", { level: 1, name: roomName })).toBeVisible();
  }

  // Ada's phone number is held: she sees it held, with why; Ben does not see it.
  const phone = `Our running club meets Sundays, call 07700 900 456 ${run}`;
  const adaPost = ada.page.getByRole("form", { name: "New post" });
  await adaPost.getByLabel(/^Your post/).fill(phone);
  await adaPost.getByRole("button", { name: "Post" }).click();
  await expect(adaPost.getByRole("status")).toHaveText(
    "Held for a moderator: nobody else sees it until a person decides.",
  );
  await expect(postOf(ada.page, phone)).toContainText("It seems to contain a phone number.");
  await ben.page.reload();
  await expect(ben.page.getByRole("heading", { level: 2, name: "Your table" })).toBeVisible();
  await expect(ben.page.getByText("07700 900 456")).toHaveCount(0);

  // Ben posts; Ada reports it in two taps.
  const unkind = `Nobody cares about your running club ${run}`;
  const benPost = ben.page.getByRole("form", { name: "New post" });
  await benPost.getByLabel(/^Your post/).fill(unkind);
  await benPost.getByRole("button", { name: "Post" }).click();
  await expect(benPost.getByRole("status")).toHaveText("Posted.");
  await ada.page.reload();
  await postOf(ada.page, unkind).locator("summary", { hasText: "Report" }).click();
  const report = ada.page.getByRole("form", { name: `Report ${fox}'s post` });
  await report.getByRole("button", { name: "Unkind or hateful" }).click();
  await expect(report.getByRole("status")).toHaveText(
    "Reported: a moderator will look at it. Nobody is told who reported it.",
  );

  // The first moderator finds the console from /lounge: the queue holds both posts, with why.
  const mod1 = await member(browser, "Mo", "Derator", loungeModerator(1, testInfo.retry));
  await openConsole(mod1.page);
  const heldItem = queue(mod1.page).getByRole("listitem").filter({ hasText: phone });
  await expect(heldItem).toContainText("Held (a phone number)");
  const reportedItem = queue(mod1.page).getByRole("listitem").filter({ hasText: unkind });
  await expect(reportedItem).toContainText("Reported");
  await expect(reportedItem).toContainText("Unkind or hateful");
  await expectNoAxeViolations(mod1.page);

  // Publishes the held post with a reason, by keyboard alone.
  await mod1.page.setViewportSize({ width: 1280, height: 900 });
  await heldItem.getByRole("link", { name: `Decide on the post by ${sky}` }).focus();
  await mod1.page.keyboard.press("Enter");
  await expect(mod1.page.getByRole("heading", { level: 1, name: `Post by ${sky}` })).toBeVisible();
  await expectNoAxeViolations(mod1.page);
  const decide = mod1.page.getByRole("form", { name: "Decide on this post" });
  await expect(decide.getByLabel("Action")).toHaveValue("publish");
  await decide.getByLabel("Action").focus();
  await mod1.page.keyboard.press("Tab");
  await expect(decide.getByLabel(/^Reason/)).toBeFocused();
  await mod1.page.keyboard.type("A running club's public number: fine to share.");
  await mod1.page.keyboard.press("Tab");
  await expect(decide.getByLabel(/^Days of suspension/)).toBeFocused();
  await mod1.page.keyboard.press("Tab");
  await expect(decide.getByRole("button", { name: "Save decision" })).toBeFocused();
  await mod1.page.keyboard.press("Enter");
  await expect(decide.getByRole("status")).toHaveText("Done: the decision and its reason are in the audit log.");

  // Ben sees Ada's post now, no longer held.
  await ben.page.reload();
  await expect(postOf(ben.page, phone)).toContainText(sky);
  await ada.page.reload();
  await expect(postOf(ada.page, phone)).not.toContainText("Held for a moderator");

  // The reported post is removed, with a reason.
  await mod1.page.goto("/lounge/moderation");
  await expect(queue(mod1.page).getByText(phone)).toHaveCount(0);
  await queue(mod1.page)
    .getByRole("link", { name: `Decide on the post by ${fox}` })
    .click();
  await expect(mod1.page.getByRole("heading", { level: 1, name: `Post by ${fox}` })).toBeVisible();
  await decide.getByLabel("Action").selectOption({ label: "Remove the post" });
  await decide.getByLabel(/^Reason/).fill("Mocking another member: against the house rules.");
  await decide.getByRole("button", { name: "Save decision" }).click();
  await expect(decide.getByRole("status")).toHaveText("Done: the decision and its reason are in the audit log.");
  await ben.page.reload();
  await expect(ben.page.getByText(unkind)).toHaveCount(0);

  // Ada, who reported it, is told the outcome (never the post or its author), by email.
  await expect
    .poll(() =>
      messagesTo(ada.email)
        .filter((message) => message.subject === "Your Lounge report was reviewed")
        .map((message) => message.body),
    )
    .toEqual([expect.stringContaining("A moderator looked at the post you reported: it was removed.")]);
  expect(
    messagesTo(ada.email)
      .map((message) => message.body)
      .join("\n"),
  ).not.toContain(fox);

  // Ben appeals from /lounge's "decisions about you".
  await openMembersPlace(ben.page, "Lounge");
  await ben.page.getByRole("link", { name: "Moderators’ decisions about you" }).click();
  await expect(ben.page.getByRole("heading", { level: 1, name: "Lounge decisions about you" })).toBeVisible();
  await expect(ben.page.getByText("Reason: Mocking another member: against the house rules.")).toBeVisible();
  const appeal = ben.page.getByRole("form", { name: "Appeal this decision" });
  await appeal.getByLabel(/^Why should another moderator look again/).fill("It was a joke between friends.");
  await appeal.getByRole("button", { name: "Send appeal" }).click();
  await expect(appeal.getByRole("status")).toHaveText("Your appeal is sent: another moderator will look at it.");
  await ben.page.reload();
  await expect(ben.page.getByText("Another moderator will look at it.")).toBeVisible();
  await expectNoAxeViolations(ben.page);

  // The moderator who removed it cannot decide the appeal: the console says why, and offers no form.
  await mod1.page.goto("/lounge/moderation");
  const appealItem = appeals(mod1.page).getByRole("listitem").filter({ hasText: "It was a joke between friends." });
  await expect(appealItem).toContainText("You made this decision: another moderator decides the appeal.");
  await expect(appealItem.getByRole("form")).toHaveCount(0);
  await expectNoAxeViolations(mod1.page);

  // The second moderator decides it: upheld, the post is back at the table.
  const mod2 = await member(browser, "Noor", "Fairweather", loungeModerator(2, testInfo.retry));
  await openConsole(mod2.page);
  const toDecide = appeals(mod2.page).getByRole("listitem").filter({ hasText: "It was a joke between friends." });
  const decision = toDecide.getByRole("form", { name: "Decide this appeal" });
  await decision.getByLabel("Decision").selectOption({ label: "Uphold: undo the decision" });
  await decision.getByLabel(/^Reason/).fill("Read in context it was friendly teasing.");
  await expectNoAxeViolations(mod2.page);
  await decision.getByRole("button", { name: "Decide appeal" }).click();
  await expect(mod2.page.getByText("Appeal upheld: the decision is undone.")).toBeVisible();
  await mod2.page.reload();
  await expect(appeals(mod2.page)).toContainText("No appeal waits.");

  await ben.page.reload();
  await expect(ben.page.getByText("Upheld: the decision was undone.")).toBeVisible();
  await ben.page.goto("/lounge");
  await ben.page.getByRole("link", { name: roomName }).click();
  await expect(postOf(ben.page, unkind)).toContainText(fox);

  // The audit log holds each decision with its reason.
  await mod2.page.getByRole("link", { name: "Audit log and monthly report" }).click();
  const log = mod2.page.getByRole("table", { name: "Moderation decisions, newest first" });
  await expect(log).toContainText("Read in context it was friendly teasing.");
  await expect(log).toContainText("Mocking another member: against the house rules.");
  await expect(log).toContainText("A running club's public number: fine to share.");
  await expectNoAxeViolations(mod2.page);

  // Ada takes another Lounge name from /lounge, by the rules she joined with.
  await openMembersPlace(ada.page, "Lounge");
  const rename = ada.page.getByRole("form", { name: "Change your Lounge name" });
  await rename.getByLabel(/^New Lounge name/).fill("Ada Lovelace");
  await rename.getByRole("button", { name: "Change name" }).click();
  await expect(rename.getByLabel(/^New Lounge name/)).toHaveAttribute("aria-invalid", "true");
  await expect(
    rename.getByText("Choose a Lounge name that is not your own name or the name your circle knows you by."),
  ).toBeVisible();
  await rename.getByLabel(/^New Lounge name/).fill(fox);
  await rename.getByRole("button", { name: "Change name" }).click();
  await expect(rename.getByText("That Lounge name is taken: choose another.")).toBeVisible();
  const sea = `Sea Green ${run}`;
  await rename.getByLabel(/^New Lounge name/).fill(sea);
  await rename.getByRole("button", { name: "Change name" }).click();
  await expect(rename.getByRole("status")).toHaveText(`You are ${sea} now: your posts show the new name.`);
  await expect(ada.page.getByText(`You are ${sea} here.`)).toBeVisible();
  await expectNoAxeViolations(ada.page);
  await ben.page.reload();
  await expect(postOf(ben.page, phone)).toContainText(sea);

  // The public moderation report, for anyone, from the site's footer: numbers only.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/about-us");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Moderation report" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Lounge moderation report" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: / so far$/ })).toBeVisible();
  await expect(visitor.getByRole("table", { name: "Moderators’ decisions" })).toContainText("Posts removed");
  await expect(visitor.getByRole("table", { name: "Posts held by the automatic checks" })).toContainText(
    "Held for a phone number",
  );
  for (const secret of [sky, sea, fox, "07700", unkind]) await expect(visitor.getByText(secret)).toHaveCount(0);
  await expectNoAxeViolations(visitor);

  for (const someone of [ada, ben, mod1, mod2]) await someone.close();
  await visitorContext.close();
});
