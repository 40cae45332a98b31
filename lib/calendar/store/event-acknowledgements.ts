import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { calendarAcknowledgements } from "../../db/schema/calendar";
import { memberTimeZone } from "../../profile/zone";
import { CalendarError, invalidField } from "../errors";
import { findOccurrence } from "../expand";
import type { UnixSeconds } from "../../time";
import { eventOf } from "./rows";
import { reach, canEdit, type Options } from "./event-access";

// Attendees' "got it" for one occurrence of an event that asks for it, and who gave it.
/** An occurrence's key among the acknowledgements (its recurrence id). */
export const recurrenceKey = (value: UnixSeconds | string) => String(value);

/**
 * acknowledgeEvent: an attendee's "got it" for one occurrence (named by occurrenceStart; optional
 * for a single event), kept under the occurrence's recurrence id. Idempotent. 404 for an event the
 * caller cannot see; 403 when it asks them for nothing.
 */
export async function acknowledgeEvent(
  callerId: string,
  eventId: string,
  occurrenceStart: UnixSeconds | null | undefined,
  options: Options = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  const { row } = await reach(db, callerId, eventId);
  if (!row.requiresAcknowledgement || !row.people.includes(callerId))
    throw new CalendarError("forbidden", "eventId", "This event does not ask you for a 'got it'");
  const event = eventOf(row);
  let key: string;
  if (occurrenceStart == null) {
    if (row.rrule) throw invalidField("occurrenceStart", "is required to acknowledge one occurrence of a series");
    key = row.allDay ? row.startDate! : String(row.start!);
  } else {
    key = recurrenceKey(findOccurrence(event, occurrenceStart, await memberTimeZone(db, callerId)).recurrenceId);
  }
  await db
    .insert(calendarAcknowledgements)
    .values({ eventId: row.id, memberId: callerId, recurrenceId: key })
    .onConflictDoNothing();
}

/** For the organiser (and editors): who acknowledged which occurrence. */
export async function acknowledgementsOf(
  callerId: string,
  eventId: string,
  options: Options = {},
): Promise<{ memberId: string; recurrenceId: string; acknowledgedAt: Date }[]> {
  const db = options.db ?? (await getDb());
  const reached = await reach(db, callerId, eventId);
  if (!canEdit(reached, callerId))
    throw new CalendarError("forbidden", "eventId", "Only the organiser sees who acknowledged");
  return db
    .select({
      memberId: calendarAcknowledgements.memberId,
      recurrenceId: calendarAcknowledgements.recurrenceId,
      acknowledgedAt: calendarAcknowledgements.acknowledgedAt,
    })
    .from(calendarAcknowledgements)
    .where(eq(calendarAcknowledgements.eventId, reached.row.id))
    .orderBy(calendarAcknowledgements.acknowledgedAt);
}
