import { eq, sql } from "drizzle-orm";
import { billingSandboxClock } from "@/lib/db/schema";
import type { Queryable } from "../db-types";

/**
 * The sandbox clock, kept in the database so every app instance agrees: now = frozenAt when the
 * clock is frozen (tests), else the wall clock plus an offset (advanceClock moves it forward).
 */
const CLOCK_ID = 1;

export async function readClock(db: Queryable): Promise<number> {
  const [row] = await db.select().from(billingSandboxClock).where(eq(billingSandboxClock.id, CLOCK_ID));
  if (row?.frozenAt != null) return row.frozenAt;
  return Math.floor(Date.now() / 1000) + (row?.offsetSeconds ?? 0);
}

export async function advanceClockBy(db: Queryable, seconds: number): Promise<number> {
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new RangeError("advanceClock takes a whole, non-negative number of seconds");
  await db
    .insert(billingSandboxClock)
    .values({ id: CLOCK_ID, offsetSeconds: seconds })
    .onConflictDoUpdate({
      target: billingSandboxClock.id,
      set: {
        offsetSeconds: sql`case when ${billingSandboxClock.frozenAt} is null then ${billingSandboxClock.offsetSeconds} + ${seconds} else ${billingSandboxClock.offsetSeconds} end`,
        frozenAt: sql`${billingSandboxClock.frozenAt} + ${seconds}`,
      },
    });
  return readClock(db);
}

/** Stops the clock at a given time (tests that need exact figures). */
export async function freezeClockAt(db: Queryable, unixSeconds: number): Promise<void> {
  await db
    .insert(billingSandboxClock)
    .values({ id: CLOCK_ID, frozenAt: unixSeconds })
    .onConflictDoUpdate({ target: billingSandboxClock.id, set: { frozenAt: unixSeconds } });
}
