import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createChildAccount, messagesTo, openMembersPlace, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

test.describe.configure({ timeout: 300_000 });

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

  // The agenda, from the members' navigation.
  await page.goto("/my-account");
  await openMembersPlace(page, "Calendar");
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

test("a member imports a Google Calendar file: the report says what came in and what was skipped, by line; importing again updates", async ({
  page,
}) => {
  await signUp(page, { firstName: "Iris", lastName: "Importer" });
  await page.goto("/calendar");
  await page.getByRole("link", { name: "Import a file" }).click();
  await expect(page).toHaveURL(/\/calendar\/import$/);
  await expect(page.getByRole("heading", { level: 1, name: "Import a calendar" })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole("form", { name: "Import a calendar file" });
  // Nothing chosen: the file field says so, and nothing is imported.
  await form.getByLabel(/^Calendar file/).evaluate((input) => input.removeAttribute("required"));
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByText("Choose an .ics file")).toBeVisible();

  const google = path.resolve("lib/calendar/ics/__fixtures__/google.ics");
  await form.getByLabel(/^Calendar file/).setInputFiles(google);
  await form.getByRole("button", { name: "Import" }).click();
  const report = page.getByRole("region", { name: "What happened" });
  await expect(report.getByText("5 added, 0 updated, 2 skipped.")).toBeVisible();
  const skipped = report.getByRole("list").first().getByRole("listitem");
  await expect(skipped).toHaveText([
    "Line 124 (Antibiotics): line 127: rrule: FREQ=HOURLY is not offered: events repeat daily, weekly, monthly or yearly",
    "Line 133 (Old plan): line 133: the event is cancelled",
  ]);
  await expectNoAxeViolations(page);

  // The same file again updates the five events rather than adding copies.
  await form.getByLabel(/^Calendar file/).setInputFiles(google);
  await form.getByRole("button", { name: "Import" }).click();
  await expect(report.getByText("0 added, 5 updated, 2 skipped.")).toBeVisible();

  // The weekly swimming lesson is in the agenda.
  await page.goto("/calendar");
  await expect(page.getByRole("main").getByRole("link", { name: "Swimming lesson" }).first()).toBeVisible();
});

test("the running app's job timer sends an event's reminder to its owner an hour before it starts", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const member = await signUp(page, { firstName: "Rita", lastName: "Reminded" });
  await page.goto("/calendar");
  const zone = (await page.getByText(/Times are in /).textContent())!.match(/Times are in ([^ ]+?)\./)![1]!;
  // An hour and two minutes from now, on the minute: its reminder falls due in a minute or two.
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 62 * 60_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const local = (at: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  };
  await page.goto(`/calendar/new?date=${local(start).date}`);
  const form = page.getByRole("form", { name: "New event" });
  await form.getByLabel(/^Title$/).fill("Bake sale");
  await form.getByLabel(/^Start date/).fill(local(start).date);
  await form.getByLabel(/^Start time/).fill(local(start).time);
  await form.getByLabel(/^End date/).fill(local(end).date);
  await form.getByLabel(/^End time/).fill(local(end).time);
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(page).toHaveURL(/\/calendar\?date=/);
  // The timer runs due jobs every minute on each instance.
  await expect
    .poll(() => messagesTo(member.email).find((message) => message.subject === "Reminder: Bake sale")?.body, {
      timeout: 240_000,
      intervals: [5_000],
    })
    .toContain(`Bake sale starts at ${local(start).time}`);
});

/** The select's weekly choice says today's weekday ("Every week on Tuesday"). */
async function weeklyLabel(page: Page) {
  const labels = await page
    .getByLabel(/^Repeats/)
    .locator("option")
    .allTextContents();
  return labels.find((label) => /^Every week on [A-Z][a-z]+day$/.test(label))!;
}
