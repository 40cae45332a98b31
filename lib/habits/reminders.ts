import { and, eq, isNull } from "drizzle-orm";
import { habits } from "../db/schema/habits";
import { emailAddressOf } from "../identity/addresses";
import type { JobHandler } from "../jobs";
import { sendEmail } from "../mail/outbox";
import { memberTimeZone } from "../profile/zone";
import { isDiscreet } from "../settings";
import { memberDeliverAt } from "../circles/quiet-hours";
import { getHabitHistory, getMyHabits } from "./store";
import { REMINDER_JOB, SUMMARY_JOB, SUMMARY_TIME } from "./schedule";
import { nextLocalTime } from "../time";
import { listTitle } from "../display";

export { REMINDER_JOB, SUMMARY_JOB } from "./schedule";
export { nextLocalTime } from "../time";

/**
 * Habit reminders and the weekly summary, as jobs (lib/jobs) that queue an email in the outbox. The
 * outbox's quiet-hours gate (`holdUntil`, from lib/circles memberDeliverAt) holds each one until the member's quiet hours end;
 * in discreet mode the subject is the neutral one and the text names no habit. The address is the
 * member's as it is when the message is sent (an address changed since the habit was saved is
 * followed; an older job's payload address is ignored). A child has none (their account holds a
 * sign-in name): nothing is mailed, and the reminder is the habit shown due on their My Habits page.
 */

/** A habit's reminder: sent when the habit is still due today, then moved to the next day's time. */
const remind: JobHandler = async (job, tx, now) => {
  const [habit] = await tx
    .select()
    .from(habits)
    .where(and(eq(habits.id, job.key), isNull(habits.archivedAt)));
  if (!habit || !habit.reminderTime || habit.suggestion === "pending") return null;
  const to = await emailAddressOf(tx, habit.ownerId);
  const { habit: view } = await getHabitHistory(
    habit.ownerId,
    habit.id,
    { from: "2000-01-01", to: "2000-01-01" },
    { db: tx, now },
  );
  if (view.todayState === "DUE" && to) {
    const discreet = await isDiscreet(habit.ownerId, tx);
    const name = listTitle(habit);
    await sendEmail(
      {
        to,
        subject: `Reminder: ${name}`,
        text: discreet
          ? "A reminder you set for today. Open the app when it suits you."
          : `A gentle reminder for today: ${name}. Check in on My Habits when you have done it, or mark today as a rest day.`,
        memberId: habit.ownerId,
        holdUntil: await memberDeliverAt(habit.ownerId, new Date(), tx),
      },
      tx,
    );
  }
  return nextLocalTime(now, await memberTimeZone(tx, habit.ownerId), habit.reminderTime);
};

/** The weekly summary: what went well first, then the rest, only against the member's own past. */
export function summaryText(
  lines: { name: string; done: number; rest: number; currentStreak: number; bestStreak: number }[],
): string {
  const went = lines.filter((line) => line.done > 0).sort((a, b) => b.done - a.done);
  const quiet = lines.filter((line) => line.done === 0);
  const parts: string[] = [];
  if (went.length > 0) {
    parts.push("What went well this week:");
    for (const line of went)
      parts.push(
        `- ${line.name}: done on ${line.done} ${line.done === 1 ? "day" : "days"}${line.rest ? `, ${line.rest} rest ${line.rest === 1 ? "day" : "days"}` : ""}; streak ${line.currentStreak}${line.currentStreak > 0 && line.currentStreak === line.bestStreak ? " (your best yet)" : ""}.`,
      );
  } else {
    parts.push("A quiet week, and that is all right: every week is a fresh start.");
  }
  if (quiet.length > 0) parts.push("", `Waiting for you next week: ${quiet.map((line) => line.name).join(", ")}.`);
  return parts.join("\n");
}

const summarise: JobHandler = async (job, tx, now) => {
  const memberId = job.key;
  const to = await emailAddressOf(tx, memberId);
  const own = (await getMyHabits(memberId, { db: tx, now, historyDays: 7 })).filter(
    (habit) => habit.access === "owner" && !habit.pending,
  );
  if (own.length === 0) return null;
  const next = nextLocalTime(now, await memberTimeZone(tx, memberId), SUMMARY_TIME, (day) => day === 7);
  // No address (a child): no mail this week, and the job stays for when the summary has somewhere to go.
  if (!to) return next;
  const discreet = await isDiscreet(memberId, tx);
  const lines = own.map((habit) => {
    const week = habit.recentDays.slice(-7);
    return {
      name: listTitle(habit),
      done: week.filter((day) => day.state === "done").length,
      rest: week.filter((day) => day.state === "rest").length,
      currentStreak: habit.currentStreak,
      bestStreak: habit.bestStreak,
    };
  });
  await sendEmail(
    {
      to,
      subject: "Your week with your habits",
      text: discreet ? "Your weekly summary is ready in the app." : summaryText(lines),
      memberId,
      holdUntil: await memberDeliverAt(memberId, new Date(), tx),
    },
    tx,
  );
  return next;
};

export const habitJobHandlers: Record<string, JobHandler> = { [REMINDER_JOB]: remind, [SUMMARY_JOB]: summarise };
