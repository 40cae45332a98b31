import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createChildAccount, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

test.describe.configure({ timeout: 180_000 });

async function logOut(page: Page) {
  await page.goto("/my-account");
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toBeVisible();
}

test("a parent makes a weekly event for the family asking for a 'got it'; the child acknowledges it; the agenda shows it", async ({
  page,
}) => {
  const owner = await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const child = await createChildAccount(page, { firstName: "Maya" });

  // The agenda, from My Account.
  await page.goto("/my-account");
  await page.getByRole("link", { name: "Open My Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Calendar" })).toBeVisible();
  await expect(page).toHaveTitle(/My Calendar/);
  await expectNoAxeViolations(page);

  // A weekly event today for the whole circle, Maya attending, asked for a "got it".
  await page.getByRole("link", { name: "New event" }).click();
  const form = page.getByRole("form", { name: "New event" });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel(/^Title$/).fill("Swimming");
  await form.getByLabel(/^Start time/).fill("18:15");
  await form.getByLabel(/^End time/).fill("19:15");
  await form.getByLabel(/^Repeats/).selectOption({ label: await weeklyLabel(page) });
  await form.getByLabel(/^Who sees it/).selectOption("circle");
  await form.getByLabel("Maya").check();
  await form.getByLabel(/Ask attendees for a/).check();
  await form.getByRole("button", { name: "Add event" }).click();

  await expect(page).toHaveURL(/\/calendar\?date=/);
  const agenda = page.getByRole("main");
  await expect(agenda.getByRole("link", { name: "Swimming" })).toHaveCount(4);
  await expect(agenda.getByText("Maya", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const view of ["Week", "Month"]) {
    await page.getByRole("navigation", { name: "Calendar views" }).getByRole("link", { name: view }).click();
    await expect(page.getByRole("link", { name: view })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByText("Swimming").first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await logOut(page);

  // Maya's simple view: today and tomorrow in large type, and her "got it".
  await page.goto("/calendar");
  await signIn(page, child.signInName, child.password);
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Tomorrow" })).toBeVisible();
  await expect(page.getByText("Swimming")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: /^Got it: Swimming/ }).click();
  await expect(page.getByText("Got it ✓")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Got it ✓")).toBeVisible();
  await expectNoAxeViolations(page);
  await logOut(page);

  // The organiser sees who acknowledged.
  await page.goto("/calendar");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 20_000 });
  await page.getByRole("link", { name: "Swimming" }).first().click();
  const acks = page.getByRole("region", { name: "Who said “got it”" });
  await expect(acks).toContainText("Maya, for");
  await expectNoAxeViolations(page);

  // Not kept by the browser or any cache, like the other members' pages.
  const calendar = await page.goto("/calendar");
  expect(calendar!.headers()["cache-control"]).toContain("no-store");
  // The one-off download, and a private feed link: shown once, working, then turned off (404).
  const download = await page.request.get("/calendar/download");
  expect(download.headers()["content-type"]).toContain("text/calendar");
  expect(await download.text()).toContain("SUMMARY:Swimming");
  const feedPanel = page.getByRole("region", { name: "Your calendar in other apps" });
  await feedPanel.getByLabel(/Show every event as/).check();
  await feedPanel.getByRole("button", { name: "Make a feed link" }).click();
  const feedUrl = (await page.getByTestId("feed-url").textContent())!.trim();
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text).toContain("SUMMARY:Busy");
  expect(text).not.toContain("Swimming");
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(feedPanel).toContainText("Last used");
  await feedPanel.getByRole("button", { name: "Turn off the link" }).click();
  await expect(feedPanel.getByText("You have no feed link.")).toBeVisible();
  expect((await page.request.get(feedUrl)).status()).toBe(404);
});

/** The select's weekly choice says today's weekday ("Every week on Tuesday"). */
async function weeklyLabel(page: Page) {
  const labels = await page
    .getByLabel(/^Repeats/)
    .locator("option")
    .allTextContents();
  return labels.find((label) => /^Every week on [A-Z][a-z]+day$/.test(label))!;
}
