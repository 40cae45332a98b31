import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/open";
import { calendarEvents } from "../../db/schema/calendar";
import { jobs } from "../../db/schema/jobs";
import { emailAddressOf } from "../../identity/addresses";
import { cancelJob, scheduleJob, type JobHandler } from "../../jobs";
import { sendEmail } from "../../mail/outbox";
import { consumeEach } from "../../rate-limit";
import { isDiscreet } from "../../settings";
import { accessTo } from "../../circles/sharing/rule";
import { memberDeliverAt } from "../../circles/quiet-hours";
import { describeWhen, nextReminderAfter, remindersDue } from "../reminders";
import type { Occurrence } from "../expand";
import { memberTimeZone } from "../../profile/zone";
import { EVENT_ITEM_TYPE, eventOf, rangeOf, type EventRow } from "./rows";
import { behindCodeWord, listTitle } from "../../display";

/**
 * Attendees' reminders: one job per event (lib/jobs, kind `event-reminder`, key the event id, for the
 * owner so it goes with their account) at the event's next reminder for anyone (lib/calendar/reminders.ts).
 * Its payload's `since` is the instant up to which reminders have gone out, so a run sends exactly
 * those in (since, now], and an edit that moves an occurrence's reminder into the past (but before it
 * ends) still sends it. Written in the transaction that writes the event; cancelled with it, or when
 * no occurrence is left.
 */
export const EVENT_REMINDER_JOB = "event-reminder";
/** The subject a discreet recipient sees instead of the event's title. */
export const NEUTRAL_REMINDER_SUBJECT = "You have a reminder";

/**
 * The most reminders a day one member's events make the app mail one other member (an attendee):
 * past it the attendee still sees the events in their calendar, but no more mail that day. Counted
 * in the database per (owner, attendee) pair and UTC day; the owner's own reminders are not counted.
 */
export const MAX_REMINDERS_PER_PAIR_PER_DAY = 5;
const PAIR_RULE = { limit: MAX_REMINDERS_PER_PAIR_PER_DAY, windowSeconds: 86_400 };

/** Whether one more reminder from `ownerId`'s events may be mailed to `memberId` today (and counts it). */
async function mayRemind(tx: Db, ownerId: string, memberId: string, now: Date): Promise<boolean> {
  if (memberId === ownerId) return true;
  const pair = `${ownerId}>${memberId}`;
  return (await consumeEach([{ bucket: "reminder-pair", subject: pair, rule: PAIR_RULE }], { db: tx, now })).allowed;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const recipientsOf = (row: EventRow) => [...new Set([row.ownerId, ...row.people])];

/** When the event's job runs next after `since`: its next reminder for anyone (null: none is left). */
async function nextRun(db: Db, row: EventRow, since: number): Promise<Date | null> {
  // An all-day reminder is each person's morning: their zones decide when the first one is due.
  const zones = new Set<string>();
  if (row.allDay) for (const id of recipientsOf(row)) zones.add(await memberTimeZone(db, id));
  const event = eventOf(row);
  const next = nextReminderAfter(event, [...zones], since, rangeOf(event)[1]);
  return next === null ? null : new Date(next * 1000);
}

/** After an event is written (created, edited, split, imported): its reminder job, in the same transaction. */
export async function scheduleEventReminder(tx: Db, row: EventRow, now: Date): Promise<void> {
  const [existing] = await tx
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, EVENT_REMINDER_JOB), eq(jobs.key, row.id)));
  // Keep what has gone out: reminders not sent yet stay due, those sent are not sent again.
  const since = typeof existing?.payload.since === "number" ? existing.payload.since : seconds(now);
  const runAt = await nextRun(tx, row, since);
  if (!runAt) return cancelEventReminder(tx, row.id);
  await scheduleJob(tx, { kind: EVENT_REMINDER_JOB, key: row.id, memberId: row.ownerId, runAt, payload: { since } });
}

export async function cancelEventReminder(tx: Db, eventId: string): Promise<void> {
  await cancelJob(tx, EVENT_REMINDER_JOB, eventId);
}

function reminderEmail(occurrence: Occurrence, timezone: string, discreet: boolean) {
  if (discreet)
    return {
      subject: NEUTRAL_REMINDER_SUBJECT,
      text: "You have a reminder in your calendar. Open the app when it suits you.",
    };
  // An email leaves Happr: with a code word, the code word alone (lib/display.ts).
  const details = behindCodeWord(occurrence.details);
  const title = listTitle(details);
  const when = describeWhen(occurrence, timezone);
  const lines = [
    occurrence.allDay ? `${title}: ${when}.` : `${title} starts at ${when}.`,
    ...(details.location ? [`Where: ${details.location}`] : []),
    "",
    "The details are in My Calendar.",
  ];
  return { subject: `Reminder: ${title}`, text: lines.join("\n") };
}

/**
 * The job: to the owner and each attendee who can still see the event (the sharing rule, now: someone
 * who left the circle gets nothing), one email per reminder due since the last run, held by their
 * quiet hours (and a child's by the children's quiet hours: the outbox's gate), neutral in their
 * discreet mode; an attendee other than the owner gets at most MAX_REMINDERS_PER_PAIR_PER_DAY a day
 * from this owner's events. Then the next run, with `since` moved to now.
 */
const remindAttendees: JobHandler = async (job, tx, now) => {
  const [row] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, job.key));
  if (!row) return null;
  const since = typeof job.payload.since === "number" ? job.payload.since : seconds(job.runAt) - 1;
  const at = seconds(now);
  const event = eventOf(row);
  for (const memberId of recipientsOf(row)) {
    const item = { itemType: EVENT_ITEM_TYPE, itemId: row.id, ownerId: row.ownerId };
    if (!(await accessTo(tx, memberId, item))) continue;
    const timezone = await memberTimeZone(tx, memberId);
    const due = remindersDue(event, timezone, since, at);
    if (due.length === 0) continue;
    const to = await emailAddressOf(tx, memberId);
    if (!to) continue;
    const discreet = await isDiscreet(memberId, tx);
    // Reminders wait out the member's quiet hours (and a child's guardians' ones).
    const holdUntil = await memberDeliverAt(memberId, new Date(), tx);
    for (const occurrence of due) {
      if (!(await mayRemind(tx, row.ownerId, memberId, now))) break;
      const { subject, text } = reminderEmail(occurrence, timezone, discreet);
      await sendEmail({ to, subject, neutralSubject: NEUTRAL_REMINDER_SUBJECT, text, memberId, holdUntil }, tx);
    }
  }
  const next = await nextRun(tx, row, at);
  if (next)
    await tx
      .update(jobs)
      .set({ payload: { since: at } })
      .where(eq(jobs.id, job.id));
  return next;
};

export const calendarJobHandlers: Record<string, JobHandler> = { [EVENT_REMINDER_JOB]: remindAttendees };
