import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { calendarEvents } from "../../db/schema/calendar";
import { CalendarError } from "../errors";

// How much one calendar holds.
/** The most events one calendar (a member's, or a child's a guardian writes to) holds; a series counts once. */
export const MAX_EVENTS_PER_CALENDAR = 10_000;

/** Refuses a new event in a full calendar (409 naming the limit); one writer at a time per calendar. */
export async function withinEventCap(tx: Db, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calendar:${ownerId}`}, 0))`);
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(calendarEvents)
    .where(eq(calendarEvents.ownerId, ownerId));
  if (Number(held?.count ?? 0) >= MAX_EVENTS_PER_CALENDAR)
    throw new CalendarError(
      "conflict",
      "calendarOf",
      `this calendar holds ${MAX_EVENTS_PER_CALENDAR} events, the most one calendar can hold: delete some to add more`,
      { namesField: true },
    );
}
