import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { memberPassword, openMembersPlace, signIn, signUp, uniqueEmail } from "./members";

/** Adds a habit you tick from My Habits' "New habit" form. */
export async function addHabit(page: Page, title: string) {
  await page.goto("/habits");
  const form = page.getByRole("form", { name: "New habit" });
  await form.getByLabel("Habit", { exact: true }).fill(title);
  await form.getByRole("button", { name: "Add habit" }).click();
  await expect(form.getByText("Habit added to Today.")).toBeVisible();
}

/** Adds an event today at 23:00 from the calendar's "New event" form. */
export async function addEventToday(page: Page, title: string) {
  await page.goto("/calendar/new");
  const form = page.getByRole("form", { name: "New event" });
  await form.getByLabel(/^Title$/).fill(title);
  await form.getByLabel(/^Start time/).fill("23:00");
  await form.getByLabel(/^End time/).fill("23:30");
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(page).toHaveURL(/\/calendar\?date=/);
}

/**
 * A member with two habits and an event today, signed out again, then signing in from the sign-in
 * page with no `continue`: they land on Today.
 */
export async function memberLandsOnToday(page: Page) {
  const { email, password } = await signUp(page, { email: uniqueEmail("home"), password: memberPassword });
  await addHabit(page, "Stretch");
  await addHabit(page, "Water the plants");
  await addEventToday(page, "Piano lesson");
  await openMembersPlace(page, "Account");
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/auth/sign-in");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/today$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
}

/** Presses Tab (or Shift+Tab) until `target` has the focus (at most `limit` presses): the keyboard's way there. */
export async function tabTo(page: Page, target: Locator, { limit = 80, key = "Tab" } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab did not reach the target in ${limit} presses`);
}

/** When MEMBERS_SCREENSHOTS names a folder (docs/screenshots), the page as it stands is saved there as a PNG. */
export async function screenshot(page: Page, name: string) {
  const folder = process.env.MEMBERS_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true, animations: "disabled" });
}
