import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../db/testing";
import { jobs } from "../db/schema/jobs";
import { MAX_JOB_ATTEMPTS, retryJob, runDueJobs, scheduleJob, WORK_LEASE_MS, type JobHandler } from ".";

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

  it("a failing job backs off 1, 2, 4, 8 minutes, is set aside at its 5th failure with a log line, and holds nobody back", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The oldest due job fails for ever (a recipient that can never be mailed); three others are due too.
    await scheduleJob(database.db, { kind: "send", key: "broken", runAt: new Date(now.getTime() - 3_600_000) });
    for (const key of ["a", "b", "c"]) await scheduleJob(database.db, { kind: "send", key, runAt: now });
    const ran: string[] = [];
    const handlers: Record<string, JobHandler> = {
      send: async (job) => {
        if (job.key === "broken") throw new Error("to must be an email address: kid.sunny@example.com refused");
        ran.push(job.key);
        return null;
      },
    };
    const broken = async () => (await database.db.select().from(jobs).where(eq(jobs.key, "broken")))[0]!;
    // One run at a time, as the timer does: the others run in the first one, after the failure.
    expect(await runDueJobs(handlers, { db: database.db, now })).toEqual({ ran: 3, failed: 1 });
    expect(ran.sort()).toEqual(["a", "b", "c"]);
    const delays: number[] = [];
    let clock = now;
    for (let attempt = 1; attempt < MAX_JOB_ATTEMPTS; attempt += 1) {
      const job = await broken();
      expect(job).toMatchObject({ attempts: attempt, setAsideAt: null });
      delays.push((job.runAt.getTime() - clock.getTime()) / 60_000);
      // Not due before its back-off is over.
      expect(await runDueJobs(handlers, { db: database.db, now: new Date(job.runAt.getTime() - 1000) })).toEqual({
        ran: 0,
        failed: 0,
      });
      clock = job.runAt;
      expect(await runDueJobs(handlers, { db: database.db, now: clock })).toEqual({ ran: 0, failed: 1 });
    }
    expect(delays).toEqual([1, 2, 4, 8]);
    const setAside = await broken();
    expect(setAside).toMatchObject({ attempts: MAX_JOB_ATTEMPTS, setAsideAt: clock });
    expect(setAside.lastError).toBe("Error: to must be an email address: [address] refused");
    const line = logged.mock.calls.map((call) => String(call[0])).find((text) => text.includes("set aside"));
    expect(line).toContain(`set aside job ${setAside.id} (kind send) after 5 failed attempts`);
    expect(line).toContain("[address]");
    expect(line).not.toContain("kid.sunny");
    // Never claimed again, however late; an operator's retry brings it back at once.
    expect(await runDueJobs(handlers, { db: database.db, now: new Date(now.getTime() + 86_400_000 * 30) })).toEqual({
      ran: 0,
      failed: 0,
    });
    expect(await retryJob(database.db, setAside.id)).toBe(true);
    expect(await broken()).toMatchObject({ attempts: 0, setAsideAt: null, lastError: null });
    logged.mockRestore();
  });

  describe("a slow job (work outside the transaction)", () => {
    /** A promise the test settles, and a way to tell whether a query is stuck behind a held transaction. */
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { opened, open };
    };
    const withinTwoSeconds = <T>(query: Promise<T>) =>
      Promise.race([query, new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 2000))]);

    it("holds no transaction or lock while it works, no other runner claims it meanwhile, and its finish ends it", async () => {
      await scheduleJob(database.db, { kind: "photo", key: "p1", runAt: now });
      const working = gate();
      const release = gate();
      const finished: string[] = [];
      const handlers: Record<string, JobHandler> = {
        photo: {
          work: async (job) => {
            working.open();
            await release.opened;
            return async (tx) => {
              await scheduleJob(tx, { kind: "written-by-finish", key: job.key, runAt: now });
              finished.push(job.key);
              return null;
            };
          },
        },
      };
      const run = runDueJobs(handlers, { db: database.db, now });
      await working.opened;
      // The job's row can be locked from outside (PGlite: the session is free; PostgreSQL: no row lock).
      const locked = await withinTwoSeconds(
        database.db.transaction((tx) =>
          tx.select().from(jobs).where(eq(jobs.key, "p1")).for("update", { noWait: true }),
        ),
      );
      expect(locked).not.toBe("stuck");
      const [leased] = await database.db.select().from(jobs).where(eq(jobs.key, "p1"));
      expect(leased!.runAt.getTime()).toBe(now.getTime() + WORK_LEASE_MS);
      // Another runner (another instance) finds nothing due while the lease lasts.
      expect(await runDueJobs(handlers, { db: database.db, now })).toEqual({ ran: 0, failed: 0 });
      release.open();
      expect(await run).toEqual({ ran: 1, failed: 0 });
      expect(finished).toEqual(["p1"]);
      expect((await database.db.select().from(jobs)).map((job) => job.kind)).toEqual(["written-by-finish"]);
    });

    it("a job scheduled anew while it worked is left to its new run; work that throws backs off as any failure", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      await scheduleJob(database.db, { kind: "photo", key: "again", runAt: now });
      await scheduleJob(database.db, { kind: "photo", key: "broken", runAt: new Date(now.getTime() + 1) });
      let finishes = 0;
      const handlers: Record<string, JobHandler> = {
        photo: {
          work: async (job, db) => {
            if (job.key === "broken") throw new Error("the store did not answer");
            // Saved again meanwhile (say, the member replaced the photo): a new run at a new time.
            await scheduleJob(db, { kind: "photo", key: job.key, runAt: new Date(now.getTime() + 1000) });
            return async () => {
              finishes++;
              return null;
            };
          },
        },
      };
      expect(await runDueJobs(handlers, { db: database.db, now: new Date(now.getTime() + 1) })).toEqual({
        ran: 1,
        failed: 1,
      });
      expect(finishes).toBe(0);
      const rows = await database.db.select().from(jobs).orderBy(jobs.key);
      expect(rows.map((job) => [job.key, job.runAt.getTime() - now.getTime(), job.attempts])).toEqual([
        ["again", 1000, 0],
        ["broken", 1 + 60_000, 1],
      ]);
      vi.restoreAllMocks();
    });
  });
});
