import { eq, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import {
  calendarAcknowledgements,
  calendarAgendaStamps,
  calendarEvents,
  calendarFeeds,
} from "../../db/schema/calendar";
import { feedStatusOf } from "./feeds";

/** A member's calendar in their data download, and its erasure with their account. */

/** The events in the member's calendar (every field), their "got it"s, and whether a feed link exists. */
export async function exportCalendar(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const events = await db
    .select()
    .from(calendarEvents)
    .where(or(eq(calendarEvents.ownerId, memberId), eq(calendarEvents.createdBy, memberId)))
    .orderBy(calendarEvents.createdAt);
  const acknowledgements = await db
    .select({
      eventId: calendarAcknowledgements.eventId,
      recurrenceId: calendarAcknowledgements.recurrenceId,
      acknowledgedAt: calendarAcknowledgements.acknowledgedAt,
    })
    .from(calendarAcknowledgements)
    .where(eq(calendarAcknowledgements.memberId, memberId));
  return {
    events: events.map(({ rangeStart: _start, rangeEnd: _end, ...event }) => event),
    acknowledgements,
    // The link itself is never kept, so never downloaded.
    feed: await feedStatusOf(memberId, { db }),
  };
}

/**
 * In the account deletion's transaction: the member's calendar (its shares go with the member's
 * other shares), their acknowledgements and feed link, their id from other people's attendee lists,
 * and their agenda's stamp.
 */
export async function forgetCalendar(tx: Db, memberId: string): Promise<void> {
  await tx.delete(calendarEvents).where(eq(calendarEvents.ownerId, memberId));
  await tx.delete(calendarAcknowledgements).where(eq(calendarAcknowledgements.memberId, memberId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.memberId, memberId));
  await tx
    .update(calendarEvents)
    .set({ people: sql`${calendarEvents.people} - ${memberId}::text` })
    .where(sql`${calendarEvents.people} ? ${memberId}::text`);
  // Last: the deletes above renewed it (migration 0025). Their circles' memberships went before this.
  await tx.delete(calendarAgendaStamps).where(eq(calendarAgendaStamps.scope, `member:${memberId}`));
}
