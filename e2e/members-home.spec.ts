import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openMembersPlace } from "./support/members";
import { memberLandsOnToday, screenshot, tabTo } from "./support/members-home";

test.describe.configure({ timeout: 180_000 });

test("a member signs in to Today, checks in two habits with one tap each, opens the calendar from the navigation, comes back, and the check-ins show", async ({
  page,
}) => {
  await memberLandsOnToday(page);
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Members" });
  await expect(nav.getByRole("link")).toHaveText([
    "Today",
    "Habits",
    "Calendar",
    "Cam",
    "Vision Board",
    "Lounge",
    "Circle",
    "Account",
  ]);
  await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  // The public site's menus are in the footer for members, not the header.
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("heading", { name: "Core Features" })).toBeVisible();

  const habits = page.getByRole("region", { name: "Habits" });
  const stretch = habits.getByRole("button", { name: "Stretch, today", exact: true });
  const water = habits.getByRole("button", { name: "Water the plants, today", exact: true });
  await expect(stretch).toHaveAttribute("aria-pressed", "false");
  await stretch.click();
  await water.click();
  await expect(stretch).toHaveAttribute("aria-pressed", "true");
  await expect(water).toHaveAttribute("aria-pressed", "true");
  const events = page.getByRole("region", { name: "Next events" });
  await expect(events.getByRole("link", { name: "Piano lesson" })).toBeVisible();
  await expect(page.getByRole("region", { name: "From your circle" })).toContainText("Nothing new shared with you.");
  await expectNoAxeViolations(page);
  await screenshot(page, "today-1280");

  await openMembersPlace(page, "Calendar");
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Calendar" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current", "page");
  await screenshot(page, "navigation-1280");

  await openMembersPlace(page, "Today");
  await expect(page).toHaveURL(/\/today$/);
  await expect(stretch).toHaveAttribute("aria-pressed", "true");
  await expect(water).toHaveAttribute("aria-pressed", "true");

  // The same check-ins on My Habits, where a second tap undoes one.
  await openMembersPlace(page, "Habits");
  const myHabits = page.getByRole("region", { name: "Today" });
  const stretchThere = myHabits.getByRole("button", { name: "Stretch, today", exact: true });
  await expect(stretchThere).toHaveAttribute("aria-pressed", "true");
  await expect(myHabits.getByRole("button", { name: "Water the plants, today", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "habits-1280");
  await stretchThere.click();
  await expect(stretchThere).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(stretchThere).toHaveAttribute("aria-pressed", "false");
});

test("keyboard only: from the top of Today, Tab reaches the navigation before the habits, Space checks two habits in, Enter opens the calendar and Today again, and the check-ins show", async ({
  page,
}) => {
  await memberLandsOnToday(page);
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Members" });
  const habits = page.getByRole("region", { name: "Habits" });
  const stretch = habits.getByRole("button", { name: "Stretch, today", exact: true });
  const water = habits.getByRole("button", { name: "Water the plants, today", exact: true });
  // Reading order is visual order: from the top, the navigation's places come before the page's controls.
  await page.reload();
  await expect(stretch).toBeVisible();
  const calendar = nav.getByRole("link", { name: "Calendar" });
  const pressesToCalendar = await tabTo(page, calendar);
  expect(await tabTo(page, stretch)).toBeGreaterThan(0);
  expect(pressesToCalendar).toBeGreaterThan(0);
  await page.keyboard.press("Space");
  await expect(stretch).toHaveAttribute("aria-pressed", "true");
  await expect(stretch).toBeFocused();
  // The next habit's row follows: Tab on to its today, Space again.
  expect(await tabTo(page, water)).toBeGreaterThan(0);
  await page.keyboard.press("Space");
  await expect(water).toHaveAttribute("aria-pressed", "true");

  // Back up to the navigation, and to the calendar.
  await tabTo(page, calendar, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/calendar$/);
  // Today is before Calendar in the header: back up to it.
  await tabTo(page, nav.getByRole("link", { name: "Today" }), { key: "Shift+Tab", limit: 200 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/today$/);
  await expect(stretch).toHaveAttribute("aria-pressed", "true");
  await expect(water).toHaveAttribute("aria-pressed", "true");
});
