import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import {
  calendarAcknowledgements,
  calendarAgendaStamps,
  calendarEvents,
  calendarFeeds,
} from "../../db/schema/calendar";
import { feedStatusOf } from "./feeds";
import { rowSeenBy, visibleEventRows } from "./events";

/** A member's calendar in their data download, and its erasure with their account. */

/**
 * The events in the member's calendar (every field: their own record), the events they wrote in
 * someone else's calendar that they may still see (as they see them now: the code word, or "Busy";
 * one they can no longer see is not theirs to download), their "got it"s, and whether a feed link
 * exists.
 */
export async function exportCalendar(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const own = await db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.ownerId, memberId))
    .orderBy(calendarEvents.createdAt);
  const written = (await visibleEventRows(db, memberId))
    .filter((row) => row.createdBy === memberId && row.ownerId !== memberId)
    .map((row) => rowSeenBy(row, memberId));
  const events = [...own, ...written.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())];
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
