import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import type { QuietHours } from "../db/schema/settings";

/**
 * Quiet hours: on the given ISO weekdays (1 Monday … 7 Sunday), from `from` until `to`, local time in
 * the member's zone. A window whose `to` is not after `from` runs past midnight into the next day
 * (22:00-07:00), and its weekday is the evening's; `from` equal to `to` is the whole day. The type is the
 * tables' (lib/db/schema/settings.ts), which keep it as JSON.
 */
export type { QuietHours };

const clock = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time as HH:MM (00:00 to 23:59)`);

export const quietHoursSchema = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7), { message: "days must be weekdays from 1 (Monday) to 7 (Sunday)" })
      .min(1, "days must name at least one weekday")
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    from: clock("from"),
    to: clock("to"),
  })
  .refine((window) => !(window.days.length === 7 && window.from === window.to), {
    message: "Quiet hours cannot cover the whole week: nothing could ever reach you",
    path: ["to"],
  });

const WEEK_MS = 7 * 86_400_000;

/** Where one window that starts on `date` begins and ends, as instants. */
function windowOn(date: Temporal.PlainDate, window: QuietHours, timeZone: string) {
  const start = date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(window.from) });
  const endDate = window.to > window.from ? date : date.add({ days: 1 });
  const end = endDate.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(window.to) });
  return { start: start.epochMilliseconds, end: end.epochMilliseconds };
}

/** The end of the quiet window `at` falls in, or null when `at` is outside every window. */
function endOfWindowAt(atMs: number, windows: QuietHours[], timeZone: string): number | null {
  const today = Temporal.Instant.fromEpochMilliseconds(atMs).toZonedDateTimeISO(timeZone).toPlainDate();
  let latest: number | null = null;
  // A window that started yesterday evening can still be running this morning.
  for (const date of [today.subtract({ days: 1 }), today]) {
    for (const window of windows) {
      if (!window.days.includes(date.dayOfWeek)) continue;
      const { start, end } = windowOn(date, window, timeZone);
      if (start <= atMs && atMs < end && (latest === null || end > latest)) latest = end;
    }
  }
  return latest;
}

/**
 * The one gate every reminder and notification goes through: when a message meant for `at` may be
 * delivered. Outside quiet hours that is `at` itself; inside, the moment the quiet hours end (windows
 * that follow on from each other, like a whole weekend, are passed through together).
 */
export function deliverAt(at: Date, windows: QuietHours[], timeZone: string): Date {
  const sentMs = at.getTime();
  let atMs = sentMs;
  // Windows covering the whole week would hold a message for ever: a week is as far as it waits.
  while (atMs - sentMs < WEEK_MS) {
    const end = endOfWindowAt(atMs, windows, timeZone);
    if (end === null) return new Date(atMs);
    atMs = end;
  }
  return new Date(atMs);
}
