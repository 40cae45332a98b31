import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { messagesTo, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectNoAxeViolations(page: Page) {
  await expect(page).toHaveTitle(/My Habits/);
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a member creates a habit, checks in, marks a rest day and keeps the streak, then shares it with a circle member who checks in", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Ben has an account; Ada (Family plan) invites him into her circle and he joins by signing in.
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  const { email: benEmail, password } = await signUp(ben, { firstName: "Ben", lastName: "Buddy" });
  await ben.getByRole("main").getByRole("button", { name: "Log Out" }).click();

  await signUp(page, { firstName: "Ada", lastName: "Able" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const safeCircle = page.getByRole("region", { name: "My Safe Circle" });
  const before = messagesTo(benEmail).length;
  await safeCircle.getByLabel("Email", { exact: true }).check();
  await safeCircle.getByLabel(/^Their email address/).fill(benEmail);
  await safeCircle.getByRole("button", { name: "Send invitation" }).click();
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = messagesTo(benEmail.toLowerCase())
          .slice(before)
          .at(-1)
          ?.body.match(/https?:\/\/\S+/)?.[0]),
    )
    .toBeTruthy();
  await ben.goto(link!);
  await ben.getByRole("main").getByRole("link", { name: "sign in", exact: true }).click();
  await signIn(ben, benEmail, password);
  await expect(ben).toHaveURL(/\/my-account$/);

  // Ada's habit. The members' pages are not cached.
  const response = await page.goto("/habits");
  expect(response?.headers()["cache-control"]).toMatch(/no-store/);
  const form = page.getByRole("form", { name: "New habit" });
  await form.getByLabel("Habit", { exact: true }).fill("Morning stretch");
  await form.getByLabel("Rest days a week").fill("2");
  await form.getByRole("button", { name: "Add habit" }).click();
  await expect(form.getByText("Habit added to Today.")).toBeVisible();

  const today = page.getByRole("region", { name: "Today" });
  const checkIn = today.getByRole("form", { name: "Check in: Morning stretch" });
  // Two days ago done, yesterday a rest day, today done: the streak bends, it does not break.
  await checkIn.getByLabel("Day for Morning stretch").fill(isoDay(-2));
  await checkIn.getByRole("button", { name: "Done: Morning stretch" }).click();
  await expect(checkIn.getByText("Checked in.")).toBeVisible();
  await checkIn.getByLabel("Day for Morning stretch").fill(isoDay(-1));
  await checkIn.getByRole("button", { name: "Rest day" }).click();
  await expect(checkIn.getByText("Marked as a rest day.")).toBeVisible();
  await checkIn.getByLabel("Day for Morning stretch").fill(isoDay(0));
  await checkIn.getByRole("button", { name: "Done: Morning stretch" }).click();
  await expect(today.getByText("Done today")).toBeVisible();
  await expect(today.getByText(/^Streak: 2 days/)).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText(`${isoDay(-1)}: rest day`)).toBeAttached();

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }

  // Shared with Ben, who may check in.
  const share = history.getByRole("form", { name: "Share Morning stretch" });
  await share.getByLabel("Share Morning stretch with").selectOption({ label: "Ben Buddy" });
  await share.getByLabel("They may").selectOption({ label: "See it and check in" });
  await share.getByRole("button", { name: "Share" }).click();
  await expect(share.getByText("Shared.")).toBeVisible();

  await ben.goto("/habits");
  const benToday = ben.getByRole("region", { name: "Today" });
  await expect(benToday.getByRole("heading", { name: "Morning stretch" })).toBeVisible();
  await benToday.getByRole("button", { name: "Done: Morning stretch" }).click();
  await expect(benToday.getByText("Checked in.")).toBeVisible();
  await expectNoAxeViolations(ben);
  await benContext.close();
});
