import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { addDays, isoWeekday, type LocalDate } from "../time";
import type { Db } from "../db/open";
import { habits, habitScoreCheckpoints } from "../db/schema/habits";
import type { ScoreCheckpoint } from "./score";

/**
 * Score checkpoints: a habit's score and streaks at the end of a Sunday, so that a read scores the
 * days since rather than the whole history (a year of 20 habits is 7,300 entries; the days since the
 * last Sunday are at most 13 per habit). A checkpoint is a cache of `scoreHabit`, never the truth:
 * - a write to a day's entries (or a target from a day) deletes the habit's checkpoints from that day
 *   on, in the write's transaction, after raising `habits.history_version`, which locks the row;
 * - a reader stores the checkpoints it computed only while the version it read is still current,
 *   under a share lock on the habit's row, so a write running beside the read either waits for the
 *   store and then deletes what it invalidates, or has already raised the version and nothing is stored.
 * Two are kept per habit: the last Sunday before today (for the API and the lists) and the last one
 * at least `HEAT_MAP_DAYS` back (for the page's heat map, which shows the states of those days).
 */
export const HEAT_MAP_DAYS = 84;

/** The latest Sunday on or before `day`. */
const sundayOnOrBefore = (day: LocalDate) => addDays(day, -(isoWeekday(day) % 7));

/** The newest checkpoint a read that shows `historyDays` days may start from: before every day it shows, and before today. */
export const lastUsableDay = (today: LocalDate, historyDays: number) => addDays(today, -Math.max(historyDays, 1));

/** The Sundays whose state a read of `today` keeps as checkpoints. */
export const checkpointDaysFor = (today: LocalDate) => [
  sundayOnOrBefore(addDays(today, -1)),
  sundayOnOrBefore(addDays(today, -HEAT_MAP_DAYS)),
];

/**
 * Stores checkpoints a read computed, for each habit only if its history is still at the version the
 * read saw (see above), and forgets the habits' checkpoints older than the oldest one stored.
 */
export async function saveCheckpoints(
  db: Db,
  computed: { habitId: string; historyVersion: number; checkpoints: ScoreCheckpoint[] }[],
): Promise<void> {
  const fresh = computed.filter((item) => item.checkpoints.length > 0);
  if (fresh.length === 0) return;
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: habits.id, historyVersion: habits.historyVersion })
      .from(habits)
      .where(
        inArray(
          habits.id,
          fresh.map((item) => item.habitId),
        ),
      )
      .for("share");
    const versions = new Map(current.map((row) => [row.id, row.historyVersion]));
    const still = fresh.filter((item) => versions.get(item.habitId) === item.historyVersion);
    if (still.length === 0) return;
    const rows = still.flatMap(({ habitId, checkpoints }) => checkpoints.map((c) => ({ habitId, ...c })));
    await tx.insert(habitScoreCheckpoints).values(rows).onConflictDoNothing();
    const oldest = rows.reduce((min, row) => (row.throughDay < min ? row.throughDay : min), rows[0]!.throughDay);
    await tx.delete(habitScoreCheckpoints).where(
      and(
        inArray(
          habitScoreCheckpoints.habitId,
          still.map((item) => item.habitId),
        ),
        sql`${habitScoreCheckpoints.throughDay} < ${oldest}`,
      ),
    );
  });
}

/**
 * In a write's transaction, before it changes the habit's entries or targets from `fromDay` on:
 * raises the history version (locking the habit's row) and deletes the checkpoints that day makes stale.
 */
export async function historyChanges(tx: Db, habitId: string, fromDay: LocalDate): Promise<void> {
  await tx
    .update(habits)
    .set({ historyVersion: sql`${habits.historyVersion} + 1` })
    .where(eq(habits.id, habitId));
  await tx
    .delete(habitScoreCheckpoints)
    .where(and(eq(habitScoreCheckpoints.habitId, habitId), gte(habitScoreCheckpoints.throughDay, fromDay)));
}

/** The same for every habit a member recorded entries in (their erasure removes those entries). */
export async function historiesChangeBy(tx: Db, memberId: string): Promise<void> {
  const touched = sql`select habit_id from habit_entries where member_id = ${memberId}`;
  await tx
    .update(habits)
    .set({ historyVersion: sql`${habits.historyVersion} + 1` })
    .where(sql`${habits.id} in (${touched})`);
  await tx.delete(habitScoreCheckpoints).where(sql`${habitScoreCheckpoints.habitId} in (${touched})`);
}
