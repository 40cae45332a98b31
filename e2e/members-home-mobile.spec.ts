import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { memberLandsOnToday, screenshot, tabTo } from "./support/members-home";

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

test("on a 390 px phone the members' places are a bar at the bottom: a member checks in two habits on Today, opens the calendar from the bar, comes back, and the check-ins show", async ({
  page,
}) => {
  await memberLandsOnToday(page);
  const bar = page.getByRole("navigation", { name: "Members" });
  // One members' navigation shows at a time: the bar, below the page, not the header's row.
  await expect(bar).toHaveCount(1);
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Members" })).toHaveCount(0);
  await expect(bar.getByRole("link")).toHaveText([
    "Today",
    "Habits",
    "Calendar",
    "Cam",
    "Vision Board",
    "Lounge",
    "Circle",
    "Account",
  ]);
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(844, 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const habits = page.getByRole("region", { name: "Habits" });
  const stretch = habits.getByRole("button", { name: "Stretch, today", exact: true });
  const water = habits.getByRole("button", { name: "Water the plants, today", exact: true });
  await stretch.tap();
  await water.tap();
  await expect(stretch).toHaveAttribute("aria-pressed", "true");
  await expect(water).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, "today-390");

  await bar.getByRole("link", { name: "Calendar" }).tap();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(bar.getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
  await screenshot(page, "navigation-390");
  // Keyboard too: the bar is last in the page, as it is last on the screen.
  await tabTo(page, bar.getByRole("link", { name: "Today" }), { key: "Shift+Tab", limit: 200 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/today$/);
  await expect(stretch).toHaveAttribute("aria-pressed", "true");
  await expect(water).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page, [360, 390]);

  await bar.getByRole("link", { name: "Habits" }).tap();
  await expect(
    page.getByRole("region", { name: "Today" }).getByRole("button", { name: "Stretch, today", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page, [360, 390]);
  await screenshot(page, "habits-390");
});
