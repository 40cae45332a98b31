/**
 * `npx tsx --conditions=react-server bench/check-in-stamps.ts` (PGlite; BENCH_DATABASE_URL for
 * PostgreSQL): what the Vision Board's stamp triggers (migration 0040_vision_board_stamps) cost a
 * habit's check-in. Times the check-in's statement (an upsert into habit_entries, as checkInHabit
 * writes it) for a habit a goal links and one no goal links, CHECK_INS (400) times each in alternating
 * rounds, then drops the habit_entries trigger and times the same again: the baseline of the same run.
 */
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { habitEntries } from "@/lib/db/schema/habits";
import { createHabit } from "@/lib/habits/store";
import { boardLinks } from "@/lib/features";
import { addBoardItem, getMyBoards } from "@/lib/vision-board";

const CHECK_INS = Number(process.env.CHECK_INS ?? 400);

async function main() {
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL);
  try {
    const db = await getDb();
    const linked = await createHabit("ada", { title: "Swim", kind: "CHECK", schedule: "DAILY" }, { db });
    const unlinked = await createHabit("ada", { title: "Stretch", kind: "CHECK", schedule: "DAILY" }, { db });
    const [board] = await getMyBoards("ada", { db, links: boardLinks });
    await addBoardItem(
      "ada",
      board!.id,
      { kind: "GOAL", title: "Swim a mile", habitIds: [linked.id] },
      { db, links: boardLinks },
    );
    // Each round checks in on CHECK_INS days: inserts on the first round, updates after.
    const microsPerCheckIn = async (habitId: string) => {
      const started = performance.now();
      for (let i = 0; i < CHECK_INS; i++) {
        const day = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
        await db
          .insert(habitEntries)
          .values({ habitId, day, memberId: "ada", value: 1 })
          .onConflictDoUpdate({
            target: [habitEntries.habitId, habitEntries.day, habitEntries.memberId],
            set: { value: 1 + (i % 2) },
          });
      }
      return ((performance.now() - started) / CHECK_INS) * 1000;
    };
    const measure = async () => {
      const times = { linked: [] as number[], unlinked: [] as number[] };
      for (let round = 0; round < 3; round++) {
        times.linked.push(await microsPerCheckIn(linked.id));
        times.unlinked.push(await microsPerCheckIn(unlinked.id));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[1]!.toFixed(0);
      return { linked: median(times.linked), unlinked: median(times.unlinked) };
    };
    const withTriggers = await measure();
    await db.execute(sql`drop trigger habit_entries_renew_board_stamps on habit_entries`);
    const without = await measure();
    console.log(
      `check-in statement, median of 3 rounds of ${CHECK_INS} (${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}):`,
    );
    console.log(`  habit a goal links:   ${withTriggers.linked} µs with the trigger, ${without.linked} µs without`);
    console.log(`  habit no goal links:  ${withTriggers.unlinked} µs with the trigger, ${without.unlinked} µs without`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
