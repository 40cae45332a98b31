import { addDays, type LocalDate } from "../time";
import type { ScoredDay } from "./score";

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
