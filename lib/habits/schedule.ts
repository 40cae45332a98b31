import type { Db } from "../db/open";
import { cancelJob, scheduleJob } from "../jobs";
import { memberTimeZone } from "../profile/zone";
import { nextLocalTime } from "../time";

/** When a habit's jobs (lib/jobs) run: its reminder at the owner's time, the summary on their Sunday evening. */
export const REMINDER_JOB = "habit-reminder";
export const SUMMARY_JOB = "habit-weekly-summary";
/** The summary goes out on the member's Sunday at this hour. */
export const SUMMARY_TIME = "18:00";

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
