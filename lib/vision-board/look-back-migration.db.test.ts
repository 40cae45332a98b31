import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { useMigrationScratch } from "../db/migration-testing";
import { jobs, memberProfiles, visionBoardItems, visionBoards } from "../db/schema";
import type { Db } from "../db/open";
import { boardLinks } from "@/lib/features";
import { runDueJobs } from "../jobs";
import { LOOK_BACK_JOB, lookBackJobHandlers } from "./look-back";

// Migration 0035: the look back is on by default and scheduled when a goal is added, so members whose
// goals came before it have no job. The migration gives each member with a goal one job (a job
// already there is left as it is); its first run places it on their next chosen day.
const { migrationsFolder: migrations, migrationsUpTo, scratchDatabase } = useMigrationScratch("look-back-migration");

describe("the look back's migration", () => {
  it("gives every member with a goal one job, which moves to their first Sunday without sending", async () => {
    const db = await scratchDatabase();
    await migrate(db, { migrationsFolder: migrationsUpTo("0034_cam_preferences") });
    // In SQL: the boards as of 0034 lack a column a later migration adds, which drizzle would name.
    const { rows: boards } = await db.execute<{ id: string }>(
      sql`insert into ${visionBoards} (kind, owner_id, name) values ('mine', 'ada', 'My board'), ('mine', 'ben', 'My board') returning id`,
    );
    const item = { kind: "goal" as const, position: 0, title: "Swim", status: "active" as const };
    await db.insert(visionBoardItems).values([
      { ...item, boardId: boards[0]!.id, ownerId: "ada" },
      { ...item, boardId: boards[0]!.id, ownerId: "ada", position: 1, title: "Read" },
      // Ben has words on his board and no goal: no job.
      { boardId: boards[1]!.id, ownerId: "ben", kind: "words", position: 0, text: "Calm" },
    ]);
    await db.insert(memberProfiles).values({ memberId: "ada", timezone: "Europe/London" });

    await migrate(db, { migrationsFolder: migrations });

    const scheduled = await db.select().from(jobs).where(eq(jobs.kind, LOOK_BACK_JOB));
    expect(scheduled.map((job) => [job.key, job.memberId])).toEqual([["ada", "ada"]]);
    // Whatever today is, the first run leaves the job on her next first Sunday, 10:00 in London.
    const ran = await runDueJobs(
      lookBackJobHandlers(() => boardLinks),
      {
        db: db as unknown as Db,
        now: new Date(Math.max(Date.now(), scheduled[0]!.runAt.getTime()) + 1000),
      },
    );
    expect(ran).toEqual({ ran: 1, failed: 0 });
    const [placed] = await db.select().from(jobs).where(eq(jobs.kind, LOOK_BACK_JOB));
    const local = new Date(placed!.runAt).toLocaleString("en-GB", {
      timeZone: "Europe/London",
      weekday: "long",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    });
    expect(local).toMatch(/^Sunday [1-7](,| at) 10:00$/);
  }, 120_000);
});
