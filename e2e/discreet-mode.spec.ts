import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { LEAVE_NOW_URL } from "../config/discreet";
import { memberPassword, messagesTo, openMembersPlace, signUp, uniqueEmail } from "./support/members";
import { graphql, subscribe } from "./support/subscriptions";

test.describe.configure({ timeout: 90_000 });

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const neutralSite = new URL(LEAVE_NOW_URL).origin;

/** The weather site stands in on loopback terms: the browser never leaves the machine. */
async function serveNeutralSite(page: Page) {
  await page.route(`${neutralSite}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Weather</title><h1>Weather</h1>" }),
  );
}

async function turnOnDiscreetMode(page: Page) {
  await page.goto("/my-account");
  await page.getByRole("link", { name: "About discreet mode" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discreet mode" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What it cannot do" })).toBeVisible();
  await page.getByRole("button", { name: "Turn on discreet mode" }).click();
  await expect(page.getByText("Discreet mode is on.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave now" })).toBeVisible();
}

test("discreet mode: Leave now replaces a members' page, clears the tab's storage, and Back does not return", async ({
  page,
  context,
  baseURL,
}) => {
  await signUp(page);
  // Off by default: no exit button on the members' pages.
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave now" })).toHaveCount(0);
  await turnOnDiscreetMode(page);
  // The quick exit is on every members' place, and on a phone it sits above the members' bar, not under it.
  const nav = page.getByRole("navigation", { name: "Members" });
  for (const place of ["Today", "Habits", "Calendar", "Circle", "Account"] as const) {
    await openMembersPlace(page, place);
    await expect(nav.getByRole("link", { name: place, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Leave now" })).toBeVisible();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(nav).toHaveCount(1);
  const leaveNow = (await page.getByRole("button", { name: "Leave now" }).boundingBox())!;
  expect(leaveNow.y + leaveNow.height).toBeLessThanOrEqual((await nav.boundingBox())!.y);

  // A tab opened straight on a members' page, as someone would have it open.
  const tab = await context.newPage();
  await serveNeutralSite(tab);
  const response = await tab.goto("/my-account");
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await tab.evaluate(() => sessionStorage.setItem("draft", "a private note"));
  await tab.getByRole("button", { name: "Leave now" }).click();
  await expect(tab).toHaveURL(`${LEAVE_NOW_URL}`);
  await expect(tab.getByRole("heading", { name: "Weather" })).toBeVisible();

  // Back goes to whatever was before Happr in this tab (here the blank new tab), never to Happr.
  await tab.goBack().catch(() => null);
  expect(tab.url().startsWith(baseURL!), `Back showed ${tab.url()}`).toBe(false);
  await expect(tab.getByText("Happr")).toHaveCount(0);

  // What the tab kept for Happr is gone when Happr is opened in it again. (The page may write its own
  // selections back as it loads, so the test looks for what was there before, not for an empty store.)
  await tab.goto("/my-account");
  expect(await tab.evaluate(() => sessionStorage.getItem("draft"))).toBeNull();
});

test("discreet mode: Shift pressed three times leaves at once; the explanation page passes axe at 360 and 1280 px", async ({
  page,
}) => {
  await signUp(page);
  await turnOnDiscreetMode(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(results.violations, `axe at ${width}px`).toEqual([]);
  }

  await serveNeutralSite(page);
  await page.goto("/my-account");
  await page.keyboard.press("Shift");
  await page.keyboard.press("a"); // another key in between starts the count again
  await page.keyboard.press("Shift");
  await page.keyboard.press("Shift");
  await expect(page).toHaveURL(/\/my-account$/);
  await page.keyboard.press("Shift");
  await expect(page).toHaveURL(`${LEAVE_NOW_URL}`);

  // Turning it off removes the exit.
  await page.goto("/my-account/discreet-mode");
  await page.getByRole("button", { name: "Turn off discreet mode" }).click();
  await expect(page.getByText("Discreet mode is off.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave now" })).toHaveCount(0);
});

test("the Discreet Navigators page offers Leave now to every visitor", async ({ page }) => {
  await serveNeutralSite(page);
  await page.goto("/for-you/discreet-navigators");
  await page.getByRole("button", { name: "Leave now" }).click();
  await expect(page).toHaveURL(`${LEAVE_NOW_URL}`);
});

test("quiet hours: a member sets their own, is told what a mistake is, and can turn them off", async ({ page }) => {
  await signUp(page);
  const quiet = page.getByRole("region", { name: "Quiet hours" });
  await expect(quiet.getByText(/^Off\./)).toBeVisible();
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    await quiet.getByLabel(day).uncheck();
  await quiet.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(quiet.getByText("days must name at least one weekday")).toBeVisible();
  // A refused save keeps what was chosen.
  await expect(quiet.getByLabel("Monday")).not.toBeChecked();

  await quiet.getByLabel("Friday").check();
  await quiet.getByLabel("Saturday").check();
  await quiet.getByLabel("From").fill("22:30");
  await quiet.getByLabel("Until").fill("08:00");
  await quiet.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(quiet.getByText("Quiet hours saved.")).toBeVisible();
  await page.reload();
  await expect(quiet.getByText(/On: reminders and notifications wait until 08:00/)).toBeVisible();
  await expect(quiet.getByLabel("Friday")).toBeChecked();
  await expect(quiet.getByLabel("Monday")).not.toBeChecked();
  await expect(quiet.getByLabel("From")).toHaveValue("22:30");

  await quiet.getByRole("button", { name: "Turn off quiet hours" }).click();
  await expect(quiet.getByText("Quiet hours are off.")).toBeVisible();
});

test("the safety reset: a wrong password changes nothing; the right one resets and keeps this browser signed in", async ({
  page,
}) => {
  const { email } = await signUp(page);
  await page.goto("/my-account/discreet-mode");
  const reset = page.getByRole("form", { name: "Safety reset" });
  await reset.getByLabel("Current password").fill("Wrong-Guess-1!");
  await reset.getByLabel(/^New password/).fill("Quiet-River-97?");
  await reset.getByLabel("Confirm new password").fill("Quiet-River-97?");
  await reset.getByRole("button", { name: "Reset now" }).click();
  await expect(reset.getByText("Tick the box to confirm the reset")).toBeVisible();
  await reset.getByLabel(/I understand/).check();
  await reset.getByRole("button", { name: "Reset now" }).click();
  await expect(reset.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

  await reset.getByLabel("Current password").fill(memberPassword);
  await reset.getByLabel(/^New password/).fill("Quiet-River-97?");
  await reset.getByLabel("Confirm new password").fill("Quiet-River-97?");
  await reset.getByLabel(/I understand/).check();
  await reset.getByRole("button", { name: "Reset now" }).click();
  // This browser is renewed at once and comes back to the reset's next step: the ways back in, each
  // with the security centre's step to replace it in the same visit.
  await expect(page).toHaveURL(/\/my-account\/discreet-mode#recovery$/);
  const recovery = page.getByRole("region", { name: "Then check your ways back in" });
  await expect(recovery.getByText(email)).toBeVisible();
  await expect(recovery.getByText("Sign-in verification", { exact: true })).toBeVisible();
  await recovery.getByRole("link", { name: "Change your email" }).click();
  await expect(page).toHaveURL(/\/my-account\/security#security-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Security centre" })).toBeVisible();
});

/** The safety reset's form, filled with the right password and sent; back on the reset's next step. */
async function runSafetyReset(page: Page) {
  await page.goto("/my-account/discreet-mode");
  const reset = page.getByRole("form", { name: "Safety reset" });
  await reset.getByLabel("Current password").fill(memberPassword);
  await reset.getByLabel(/^New password/).fill("Quiet-River-97?");
  await reset.getByLabel("Confirm new password").fill("Quiet-River-97?");
  await reset.getByLabel(/I understand/).check();
  await reset.getByRole("button", { name: "Reset now" }).click();
  await expect(page).toHaveURL(/\/my-account\/discreet-mode#recovery$/, { timeout: 20_000 });
}

test("after the safety reset, editing and saving an old Circle event does not share it with the circle again", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Rita owns a Family circle; Pat, the person she fears, is in it (invited, and joined with a yes).
  await signUp(page, { firstName: "Rita", lastName: "Reset" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const patContext = await browser.newContext();
  const pat = await patContext.newPage();
  const patEmail = uniqueEmail("pat");
  await signUp(pat, { email: patEmail, firstName: "Pat", lastName: "Partner" });
  const before = messagesTo(patEmail).length;
  const invited = await graphql<{ statusCode: number }>(
    page,
    "mutation($email: String) { inviteToCircle(email: $email) { statusCode message } }",
    { email: patEmail },
  );
  expect(invited.statusCode).toBe(201);
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = messagesTo(patEmail)
          .slice(before)
          .at(-1)
          ?.body.match(/https?:\/\/\S+/)?.[0]),
    )
    .toBeTruthy();
  await pat.goto(link!);
  await expect(pat).toHaveURL(/\/invitation$/);
  await pat.getByRole("button", { name: "Join", exact: true }).click();
  await expect(pat).toHaveURL(/\/circle$/);

  // An event for her whole circle: Pat sees it.
  await page.goto("/calendar/new");
  const form = page.getByRole("form", { name: "New event" });
  await form.getByLabel(/^Title$/).fill("Rita's shift");
  await form.getByLabel(/^Start time/).fill("18:15");
  await form.getByLabel(/^End time/).fill("19:15");
  await form.getByLabel(/^Who sees it/).selectOption("circle");
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(page).toHaveURL(/\/calendar\?date=/);
  await pat.goto("/calendar");
  await expect(pat.getByRole("heading", { level: 1, name: "My Calendar" })).toBeVisible();
  await expect(pat.getByRole("main").getByRole("link", { name: "Rita's shift" })).toHaveCount(1);

  // The reset, then the old event edited and saved as it is shown, a note added.
  await runSafetyReset(page);
  await page.goto("/calendar");
  await page.getByRole("main").getByRole("link", { name: "Rita's shift" }).click();
  const edit = page.getByRole("form", { name: "Edit event" });
  await expect(edit.getByLabel(/^Who sees it/)).toHaveValue("private");
  await edit.getByLabel(/^Notes/).fill("moved to the afternoon");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/calendar\?date=/);
  await expect(page.getByRole("main").getByRole("link", { name: "Rita's shift" })).toHaveCount(1);

  // Pat's calendar, in Pat's own browser: the event is gone and stays gone.
  await pat.goto("/calendar");
  await expect(pat.getByRole("heading", { level: 1, name: "My Calendar" })).toBeVisible();
  await expect(pat.getByRole("main").getByRole("link", { name: "Rita's shift" })).toHaveCount(0);
  await expect(pat.getByRole("main").getByText("Rita's shift")).toHaveCount(0);
  await patContext.close();
});
