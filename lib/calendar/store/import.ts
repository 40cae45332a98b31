import { and, count, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { calendarEvents } from "../../db/schema/calendar";
import { CalendarError } from "../errors";
import type { SkippedItem } from "../ics/import";
import { parseICalendarOffThread } from "../ics/parse-off-thread";
import { consume, tryAgainIn } from "../../rate-limit";
import { calendarFor, checkSharing, insertEvent, MAX_EVENTS_PER_CALENDAR, parseSharing } from "./events";
import { memberTimeZone } from "../../profile/zone";
import { scheduleEventReminder } from "./reminders";
import { columnsOf } from "./rows";

/**
 * Import: an .ics file into one calendar (the caller's, or a child's they look after). Events are
 * keyed by UID in that calendar, so importing the same file again updates them rather than adding
 * copies (who sees an updated event stays as it was). New events get the sharing chosen on the form,
 * except those the file marks private (CLASS:PRIVATE), which stay private. A file that is not
 * iCalendar or is over 1 MB is refused whole (400 naming "file"); the whole file is written in one
 * transaction, so a failure part-way writes nothing.
 *
 * Bounded (issue 38): the file is read on a worker thread within a time and memory limit
 * (ics/parse-off-thread.ts), a member imports at most IMPORTS_PER_HOUR files an hour (429; a refused
 * file counts, as its reading is the cost), and a calendar holds at most MAX_EVENTS_PER_CALENDAR events.
 */
export const IMPORTS_PER_HOUR = 20;

export type ImportResult = {
  created: { uid: string; title: string }[];
  updated: { uid: string; title: string }[];
  skipped: SkippedItem[];
  notes: string[];
};

export async function importCalendar(
  callerId: string,
  file: string | Uint8Array,
  options: { db?: Db; calendarOf?: string; sharing?: unknown; now?: Date; fileName?: string } = {},
): Promise<ImportResult> {
  const db = options.db ?? (await getDb());
  const ownerId = await calendarFor(db, callerId, options.calendarOf);
  const sharing = await checkSharing(db, ownerId, parseSharing(options.sharing ?? { visibility: "private" }));
  const rate = await consume(
    "calendar-import",
    callerId,
    { limit: IMPORTS_PER_HOUR, windowSeconds: 3600 },
    { db, now: options.now },
  );
  if (!rate.allowed)
    throw new CalendarError(
      "too_many",
      "file",
      `you can import ${IMPORTS_PER_HOUR} files an hour. ${tryAgainIn(rate.retryAfterSeconds)}`,
      { namesField: true },
    );
  const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
  const report = await parseICalendarOffThread(bytes, {
    timezone: await memberTimeZone(db, ownerId),
    fileName: options.fileName,
  });
  const result: ImportResult = { created: [], updated: [], skipped: report.skipped, notes: [] };
  await db.transaction(async (tx) => {
    for (const item of report.events) {
      const title = item.event.details.title;
      result.notes.push(...item.notes);
      const [existing] = await tx
        .select({ id: calendarEvents.id })
        .from(calendarEvents)
        .where(and(eq(calendarEvents.ownerId, ownerId), eq(calendarEvents.uid, item.uid)));
      if (existing) {
        const [saved] = await tx
          .update(calendarEvents)
          .set({ ...columnsOf(item.event), updatedAt: new Date() })
          .where(eq(calendarEvents.id, existing.id))
          .returning();
        await scheduleEventReminder(tx, saved!, options.now ?? new Date());
        result.updated.push({ uid: item.uid, title });
      } else {
        const chosen = item.private
          ? { visibility: "private" as const, people: [], circleId: null, requiresAcknowledgement: false }
          : { ...sharing, requiresAcknowledgement: false };
        await insertEvent(tx, ownerId, callerId, item.event, chosen, item.uid, options.now);
        result.created.push({ uid: item.uid, title });
      }
    }
    const [held] = await tx.select({ events: count() }).from(calendarEvents).where(eq(calendarEvents.ownerId, ownerId));
    if (Number(held?.events ?? 0) > MAX_EVENTS_PER_CALENDAR)
      throw new CalendarError(
        "invalid_argument",
        "file",
        `a calendar holds at most ${MAX_EVENTS_PER_CALENDAR} events, and this file would take it to ${held!.events}; nothing was imported`,
        { namesField: true },
      );
  });
  return result;
}
