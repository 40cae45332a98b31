import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createChildAccount, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";
import { joinOwnersCircle } from "./support/circle";

/** axe at 360 and 1280 px on a My Habits page (the edit page's title says "Edit habit"). */
async function expectAccessible(page: Page, title = /My Habits/) {
  await expect(page).toHaveTitle(title);
  await expectNoAxeViolations(page);
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a member creates a habit, checks in, marks a rest day and keeps the streak, then shares it with a circle member who checks in", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(270_000);
  // Ben has an account; Ada (Family plan) invites him into her circle and he joins by signing in.
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  const { email: benEmail, password } = await signUp(ben, { firstName: "Ben", lastName: "Buddy" });
  await ben.getByRole("main").getByRole("button", { name: "Log Out" }).click();

  await signUp(page, { firstName: "Ada", lastName: "Able" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await joinOwnersCircle(page, { page: ben, email: benEmail, password });

  // Ada's habit. The members' pages are not cached.
  const response = await page.goto("/habits");
  expect(response?.headers()["cache-control"]).toMatch(/no-store/);
  const form = page.getByRole("form", { name: "New habit" });
  await form.getByLabel("Habit", { exact: true }).fill("Morning stretch");
  await form.getByLabel("Rest days a week").fill("2");
  await form.getByRole("button", { name: "Add habit" }).click();
  await expect(form.getByText("Habit added to Today.")).toBeVisible();

  // One tap checks today in, a second tap undoes it, a third checks it in again.
  const today = page.getByRole("region", { name: "Today" });
  const todayButton = today.getByRole("button", { name: "Morning stretch, today", exact: true });
  await expect(todayButton).toHaveAttribute("aria-pressed", "false");
  await todayButton.click();
  await expect(todayButton).toHaveAttribute("aria-pressed", "true");
  await expect(today.getByRole("status").filter({ hasText: "Morning stretch: Checked in." })).toBeAttached();
  await todayButton.click();
  await expect(todayButton).toHaveAttribute("aria-pressed", "false");
  await expect(today.getByRole("status").filter({ hasText: "Morning stretch: Entry removed." })).toBeAttached();
  await todayButton.click();
  await expect(todayButton).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  // The habit's own page: earlier days, with the date field. Two days ago done, yesterday a rest
  // day, today done: the streak bends, it does not break.
  await today.getByRole("link", { name: "Morning stretch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Morning stretch" })).toBeVisible();
  const checkIn = page.getByRole("form", { name: "Check in: Morning stretch" });
  await checkIn.getByLabel("Day for Morning stretch").fill(isoDay(-2));
  await checkIn.getByRole("button", { name: "Done: Morning stretch" }).click();
  await expect(checkIn.getByText("Checked in.")).toBeVisible();
  await checkIn.getByLabel("Day for Morning stretch").fill(isoDay(-1));
  await checkIn.getByRole("button", { name: "Rest day" }).click();
  await expect(checkIn.getByText("Marked as a rest day.")).toBeVisible();
  const days = page.getByRole("region", { name: "Check in" });
  await expect(days.getByText(/streak 2 days/)).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText(`${isoDay(-1)}: rest day`)).toBeAttached();
  await expect(history.getByRole("table")).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit habit" }).getByLabel("Kind")).toBeDisabled();
  await expectAccessible(page, /Habit/);
  const habitPath = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Back to My Habits" }).click();
  await expect(page).toHaveURL(/\/habits$/);
  await page.goto(habitPath);

  // The CSV over HTTP: Ada's rows, oldest first; Ben (not shared with yet) gets 404 like a missing habit.
  const csvPath = (await history.getByRole("link", { name: "Download Morning stretch as CSV" }).getAttribute("href"))!;
  expect(csvPath).toMatch(/^\/habits\/[0-9a-f-]{36}\/csv$/);
  const csv = await page.request.get(csvPath);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="Morning stretch.csv"');
  expect(await csv.text()).toBe(
    [
      "date,value,rest,note,who",
      `${isoDay(-2)},1,no,,you`,
      `${isoDay(-1)},,yes,,you`,
      `${isoDay(0)},1,no,,you`,
      "",
    ].join("\r\n"),
  );
  const notBens = await ben.request.get(csvPath);
  expect(notBens.status()).toBe(404);
  expect(await notBens.text()).not.toContain(isoDay(0));
  // A visitor (no session) is sent to sign-in by proxy.ts, like every members' address, and gets no file.
  const visitor = await request.get(csvPath, { maxRedirects: 0 });
  expect(visitor.status()).toBe(307);
  expect(visitor.headers()["location"]).toContain(`/auth/sign-in?continue=${encodeURIComponent(csvPath)}`);

  // Shared with Ben, who may check in.
  const share = page.getByRole("form", { name: "Share Morning stretch" });
  await share.getByLabel("Share Morning stretch with").selectOption({ label: "Ben Buddy" });
  await share.getByLabel("They may").selectOption({ label: "See it and check in" });
  await share.getByRole("button", { name: "Share" }).click();
  await expect(share.getByText("Shared.")).toBeVisible();

  await ben.goto("/habits");
  const benToday = ben.getByRole("region", { name: "Today" });
  await expect(benToday.getByRole("heading", { name: "Morning stretch" })).toBeVisible();
  await expectAccessible(ben);
  // His own entry for today, from the habit's page.
  await benToday.getByRole("link", { name: "Morning stretch" }).click();
  const bensCheckIn = ben.getByRole("form", { name: "Check in: Morning stretch" });
  await bensCheckIn.getByRole("button", { name: "Done: Morning stretch" }).click();
  await expect(bensCheckIn.getByText("Checked in.")).toBeVisible();
  // Not his to edit or share.
  await expect(ben.getByRole("form", { name: "Edit habit" })).toHaveCount(0);
  // Shared, so now his to download too.
  expect((await ben.request.get(csvPath)).status()).toBe(200);
  await benContext.close();
});

test("a guardian suggests habits to a child; the child sees them first, accepts one and checks in, and says no thanks to the other", async ({
  page,
  browser,
}) => {
  test.setTimeout(270_000);
  await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const maya = await createChildAccount(page, { firstName: "Maya" });

  await page.goto("/habits");
  const suggest = page.getByRole("form", { name: "Suggest a habit to a child" });
  await expect(suggest.getByLabel("Child")).toHaveValue(/.+/);
  await expect(suggest.getByLabel("Child").locator("option:checked")).toHaveText("Maya");
  // The child's own choices are not on it.
  await expect(suggest.getByLabel(/^Private title/)).toHaveCount(0);
  await expect(suggest.getByLabel(/^Reminder/)).toHaveCount(0);
  await expectAccessible(page);

  // Certain weekdays but none chosen: refused next to the field, and nothing reaches Maya (below).
  await suggest.getByLabel("Habit", { exact: true }).fill("Piano");
  await suggest.getByLabel("How often").selectOption({ label: "On certain weekdays" });
  await suggest.getByRole("button", { name: "Suggest habit" }).click();
  await expect(suggest.getByText("choose at least one weekday")).toBeVisible();
  await expectAccessible(page);

  await suggest.getByLabel("Habit", { exact: true }).fill("Read");
  await suggest.getByLabel("Kind").selectOption({ label: "Timed (minutes)" });
  await suggest.getByLabel("Minutes a day").fill("20");
  await suggest.getByLabel("How often").selectOption({ label: "Every day" });
  await suggest.getByRole("button", { name: "Suggest habit" }).click();
  await expect(suggest.getByText("Suggested: it waits for their answer.")).toBeVisible();
  await suggest.getByLabel("Habit", { exact: true }).fill("Tidy up");
  await suggest.getByLabel("Kind").selectOption({ label: "Yes or no" });
  await suggest.getByRole("button", { name: "Suggest habit" }).click();
  await expect(suggest.getByText("Suggested: it waits for their answer.")).toBeVisible();
  // It is Maya's, not Olive's: nothing on her own Today.
  await page.reload();
  await expect(page.getByRole("region", { name: "Today" }).getByText("No habits yet: add one below.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Suggested for you" })).toHaveCount(0);

  // Maya, on her own device, finds My Habits on her page; the suggestions come first.
  const mayaContext = await browser.newContext();
  const child = await mayaContext.newPage();
  await child.goto("/my-account");
  await signIn(child, maya.signInName, maya.password);
  await expect(child.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible({ timeout: 20_000 });
  await child.getByRole("main").getByRole("link", { name: "My Habits" }).click();
  await expect(child).toHaveURL(/\/habits$/);
  await expect(child.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText("Suggested for you");
  const suggested = child.getByRole("region", { name: "Suggested for you" });
  await expect(suggested.getByRole("heading", { level: 3 })).toHaveText(["Read", "Tidy up"]);
  await expect(suggested.getByText("20 minutes a day, every day.")).toBeVisible();
  await expect(suggested.getByText(/^Suggested by Olive/)).toHaveCount(2);
  await expect(suggested).not.toContainText("Piano");
  const today = child.getByRole("region", { name: "Today" });
  await expect(today.getByText("No habits yet: add one below.")).toBeVisible();
  await expectAccessible(child);

  // Accept: Read is a habit from today, and she checks in.
  await suggested.getByRole("button", { name: "Accept: Read" }).click();
  await expect(today.getByRole("heading", { name: "Read" })).toBeVisible();
  await expect(suggested.getByRole("heading", { name: "Read" })).toHaveCount(0);
  // Minutes: the tap opens a stepper, focus in its field.
  const readToday = today.getByRole("button", { name: "Read, today", exact: true });
  await readToday.click();
  const stepper = child.getByRole("dialog", { name: "Read, today" });
  await expect(stepper.getByLabel("Minutes")).toBeFocused();
  await stepper.getByLabel("Minutes").fill("20");
  await stepper.getByRole("button", { name: "5 more" }).click();
  await expect(stepper.getByLabel("Minutes")).toHaveValue("25");
  await stepper.getByRole("button", { name: "Save" }).click();
  await expect(stepper).toHaveCount(0);
  await expect(readToday).toHaveAttribute("aria-pressed", "true");
  await expect(readToday).toBeFocused();

  // No thanks: Tidy up goes away, and stays away.
  await suggested.getByRole("button", { name: "No thanks: Tidy up" }).click();
  await expect(child.getByRole("region", { name: "Suggested for you" })).toHaveCount(0);
  await child.reload();
  await expect(child.getByRole("heading", { name: "Tidy up" })).toHaveCount(0);
  await expect(child.getByRole("region", { name: "Today" }).getByRole("heading", { name: "Read" })).toBeVisible();
  await mayaContext.close();
});
