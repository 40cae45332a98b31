import { Temporal } from "temporal-polyfill";
import type { Db } from "../db/open";
import { cancelJob, scheduleJob } from "../jobs";
import { memberTimeZone } from "../profile/zone";

/** When a habit's jobs (lib/jobs) run: its reminder at the owner's time, the summary on their Sunday evening. */
export const REMINDER_JOB = "habit-reminder";
export const SUMMARY_JOB = "habit-weekly-summary";
/** The summary goes out on the member's Sunday at this hour. */
export const SUMMARY_TIME = "18:00";

/** The first instant after `now` when the member's clock shows `time` (HH:MM) on a day that passes `dayOk`. */
export function nextLocalTime(
  now: Date,
  zone: string,
  time: string,
  dayOk: (isoWeekday: number) => boolean = () => true,
) {
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone);
  for (let offset = 0; offset <= 8; offset++) {
    const date = here.toPlainDate().add({ days: offset });
    if (!dayOk(date.dayOfWeek)) continue;
    const at = date.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) });
    if (at.epochMilliseconds > now.getTime()) return new Date(at.epochMilliseconds);
  }
  throw new RangeError("No such time in the next week");
}

/**
 * After a habit is saved: its reminder job at the owner's next reminder time (or none), and the
 * owner's weekly summary on their next Sunday evening. The jobs carry no address: each message goes
 * to the owner's address as it is when it is sent (lib/habits/reminders.ts).
 */
export async function scheduleHabitJobs(
  db: Db,
  habit: { id: string; ownerId: string; reminderTime: string | null },
  now = new Date(),
): Promise<void> {
  const zone = await memberTimeZone(db, habit.ownerId);
  if (habit.reminderTime)
    await scheduleJob(db, {
      kind: REMINDER_JOB,
      key: habit.id,
      memberId: habit.ownerId,
      runAt: nextLocalTime(now, zone, habit.reminderTime),
    });
  else await cancelJob(db, REMINDER_JOB, habit.id);
  await scheduleJob(db, {
    kind: SUMMARY_JOB,
    key: habit.ownerId,
    memberId: habit.ownerId,
    runAt: nextLocalTime(now, zone, SUMMARY_TIME, (day) => day === 7),
  });
}
