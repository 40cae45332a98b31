import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/test-hooks";
import { jobs } from "../db/schema/jobs";
import { runDueJobs, scheduleJob, type JobHandler } from ".";

const database = useTestDatabase([jobs]);
const now = new Date("2026-03-11T12:00:00Z");

describe("jobs", () => {
  it("several runners at once run each due job exactly once, and not the ones not due", async () => {
    for (let i = 0; i < 8; i++)
      await scheduleJob(database.db, { kind: "ping", key: `k${i}`, runAt: new Date(now.getTime() - i * 1000) });
    await scheduleJob(database.db, { kind: "ping", key: "later", runAt: new Date(now.getTime() + 60_000) });
    await scheduleJob(database.db, { kind: "other", key: "x", runAt: now });
    const calls: string[] = [];
    const handlers: Record<string, JobHandler> = {
      ping: async (job) => {
        calls.push(job.key);
        // Slow enough for the runners to overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return new Date(now.getTime() + 86_400_000);
      },
    };
    const results = await Promise.all([1, 2, 3].map(() => runDueJobs(handlers, { db: database.db, now })));
    expect(results.reduce((sum, r) => sum + r.ran, 0)).toBe(8);
    expect(calls.sort()).toEqual(["k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7"]);
    // Moved to the next time; nothing due now; the kind nobody handled is still there.
    expect(await runDueJobs(handlers, { db: database.db, now })).toEqual({ ran: 0, failed: 0 });
    expect((await database.db.select().from(jobs)).map((j) => j.key).sort()).toContain("x");
  });

  it("scheduling again moves the same job; a handler that ends answers null; a failure rolls back and retries", async () => {
    await scheduleJob(database.db, { kind: "once", key: "a", runAt: new Date(now.getTime() + 1000) });
    await scheduleJob(database.db, { kind: "once", key: "a", runAt: now, payload: { n: 2 } });
    expect(await database.db.select().from(jobs)).toHaveLength(1);
    let fail = true;
    const handler: JobHandler = async (job, tx) => {
      await scheduleJob(tx, { kind: "side", key: "written-by-handler", runAt: now });
      if (fail) throw new Error("boom");
      expect(job.payload).toEqual({ n: 2 });
      return null;
    };
    expect(await runDueJobs({ once: handler }, { db: database.db, now, limit: 1 })).toEqual({ ran: 0, failed: 1 });
    const [retried] = await database.db.select().from(jobs);
    expect(retried).toMatchObject({ key: "a", attempts: 1 });
    expect(retried!.runAt.getTime()).toBe(now.getTime() + 60_000);
    fail = false;
    expect(await runDueJobs({ once: handler }, { db: database.db, now: new Date(now.getTime() + 60_000) })).toEqual({
      ran: 1,
      failed: 0,
    });
    expect((await database.db.select().from(jobs)).map((j) => j.key)).toEqual(["written-by-handler"]);
  });
});
