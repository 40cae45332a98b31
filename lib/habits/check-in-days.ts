import { addDays, type LocalDate } from "../time";
import type { ScoredDay } from "./score";

/** The days a habit's row shows on Today and on /habits: today and the six before it. */
export const CHECK_IN_DAYS = 7;

export type CheckInDayState = ScoredDay["state"] | "before";

/**
 * The last `count` days up to `today`, oldest first, each with its state from the habit's scored days
 * (HabitView.recentDays); a day the habit had not started yet is "before" (nothing to check in).
 */
export function checkInDays(
  recentDays: readonly ScoredDay[],
  today: LocalDate,
  count: number,
): { date: LocalDate; state: CheckInDayState }[] {
  const byDate = new Map(recentDays.map((day) => [day.date, day.state]));
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(today, index - count + 1);
    return { date, state: byDate.get(date) ?? "before" };
  });
}
