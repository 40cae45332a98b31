import { expect, type Page } from "@playwright/test";

/**
 * The Lounge journeys' shared steps. The rooms open by the member's own clock (adults 06:00-23:00,
 * their profile's zone): the journeys' members live where it is daytime now. One city for each hour
 * from UTC-10 to UTC+12, so whatever the hour of the run one of them is in the hours asked for.
 */
const CITIES = [
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "America/Halifax",
  "America/Sao_Paulo",
  "Atlantic/South_Georgia",
  "Atlantic/Azores",
  "Europe/London",
  "Europe/Paris",
  "Europe/Athens",
  "Europe/Moscow",
  "Asia/Dubai",
  "Asia/Karachi",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Brisbane",
  "Pacific/Noumea",
  "Pacific/Auckland",
];
const hourIn = (zone: string) =>
  Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(new Date()));

/** A city where it is now between `from` and `to` o'clock, the middle of that span preferred. */
export function cityWhere(from: number, to: number): string {
  const middle = (from + to) / 2;
  const fits = CITIES.filter((zone) => hourIn(zone) >= from && hourIn(zone) < to);
  return fits.sort((a, b) => Math.abs(hourIn(a) - middle) - Math.abs(hourIn(b) - middle))[0]!;
}

/** Saves the profile with the time zone the form starts with, the browser's (`zone`): the Lounge's hours follow it. */
export async function keepBrowserZone(page: Page, zone: string) {
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByLabel("Time zone")).toHaveValue(zone);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Profile saved.");
}

/** /lounge's join form: the house rules accepted with a Lounge name. */
export async function joinLounge(page: Page, loungeName: string) {
  const form = page.getByRole("form", { name: "Join the Lounge" });
  await form.getByLabel(/^Lounge name/).fill(loungeName);
  await form.getByLabel("I have read the house rules and I accept them.").check();
  await form.getByRole("button", { name: "Enter the Lounge" }).click();
}

/** A post (or reply) at the table, found by its words. */
export const postOf = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

/** The two moderators the journeys' server names in LOUNGE_MODERATORS (playwright.config.ts); one pair a try, so a retry signs up afresh. */
export const loungeModerator = (which: 1 | 2, retry: number) => `lounge.moderator${which}.try${retry}@example.com`;
export const LOUNGE_MODERATORS = [0, 1, 2].flatMap((retry) => [loungeModerator(1, retry), loungeModerator(2, retry)]);
