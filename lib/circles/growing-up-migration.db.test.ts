import { eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { useMigrationScratch } from "../db/migration-testing";
import { describe, expect, it } from "vitest";
import { childConsents, circleMemberships, circles, jobs } from "../db/schema";
import type { Db } from "../db/open";
import { runDueJobs } from "../jobs";
import { turns13At } from "./carers";
import { CHILD_TURNS_13_JOB, circleJobHandlers } from "./growing-up";

// Migration 0029: a child's account made before the turning-13 job existed has no job, so it would
// stay a child's account for ever. The migration schedules one for every child's account without one
// (a job already there is left as it is). On PGlite, and on the PostgreSQL server named by
// TEST_DATABASE_URL when it is set.
const {
  migrationsFolder: migrations,
  migrationsUpTo,
  scratchDatabase,
} = useMigrationScratch("child-turns-13-migration");

describe("the turning-13 jobs migration", () => {
  it("schedules the job for every older child's account that has none; the job then hands the account over", async () => {
    const db = await scratchDatabase();
    await migrate(db, { migrationsFolder: migrationsUpTo("0028_live_events") });
    const [circle] = await db.insert(circles).values({ name: "Olga's circle", ownerId: "olga" }).returning();
    await db.insert(circleMemberships).values([
      { circleId: circle!.id, memberId: "olga", role: "owner" },
      { circleId: circle!.id, memberId: "maya", role: "child", name: "Maya" },
      { circleId: circle!.id, memberId: "theo", role: "child", name: "Theo" },
    ]);
    const consent = { circleId: circle!.id, guardianId: "olga", wordingVersion: "2026-01" };
    await db.insert(childConsents).values([
      // Made before the job existed: no job.
      { ...consent, childId: "maya", birthMonth: "2018-06" },
      // Made since: its job is there already, and stays as it is.
      { ...consent, childId: "theo", birthMonth: "2019-02" },
    ]);
    const theosJob = new Date("2032-03-01T00:00:00.000Z");
    await db.insert(jobs).values({ kind: CHILD_TURNS_13_JOB, key: "theo", memberId: "theo", runAt: theosJob });

    await migrate(db, { migrationsFolder: migrations });

    const scheduled = await db
      .select({ key: jobs.key, memberId: jobs.memberId, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, CHILD_TURNS_13_JOB))
      .orderBy(jobs.key);
    expect(scheduled).toEqual([
      { key: "maya", memberId: "maya", runAt: turns13At("2018-06") },
      { key: "theo", memberId: "theo", runAt: theosJob },
    ]);
    expect(turns13At("2018-06").toISOString()).toBe("2031-07-01T00:00:00.000Z");

    // On the day, Maya's account becomes hers.
    const ran = await runDueJobs(circleJobHandlers, { db: db as unknown as Db, now: turns13At("2018-06") });
    expect(ran).toEqual({ ran: 1, failed: 0 });
    const roles = await db
      .select({ memberId: circleMemberships.memberId, role: circleMemberships.role })
      .from(circleMemberships)
      .orderBy(circleMemberships.memberId);
    expect(roles).toEqual([
      { memberId: "maya", role: "member" },
      { memberId: "olga", role: "owner" },
      { memberId: "theo", role: "child" },
    ]);
  }, 120_000);
});
