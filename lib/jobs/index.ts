import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { jobs } from "../db/schema/jobs";
import { logError } from "../log";

/**
 * Scheduled work for any feature (habit reminders and summaries, calendar reminders; every kind
 * is in lib/features.ts, run by timer.ts).
 * A job is (kind, key) at `runAt` with a payload. `runDueJobs` claims due jobs one at a time with
 * FOR UPDATE SKIP LOCKED and runs the kind's handler in the same transaction (a SlowJobHandler's work
 * outside it, below): the handler's writes
 * (an outbox message) and the job's next time commit together, and an instance that finds the row
 * locked skips it, so several instances never run one job twice. A handler answers when to run
 * next, or null to end the job. A handler that throws rolls back its writes; the job is retried
 * later with a growing back-off (1, 2, 4, 8 minutes: retryDelayMs), and after MAX_JOB_ATTEMPTS
 * failures in a row it is set aside (never claimed again) with one log line an operator can act on.
 * Its next run time moves past the others', so a failing job never holds back the rest.
 */
export type Job = typeof jobs.$inferSelect;
/** Runs in the job's transaction; answers when to run next, or null to end the job. */
export type TransactionJobHandler = (job: Job, tx: Db, now: Date) => Promise<Date | null>;
/**
 * A job whose slow part (decoding a photo, a classifier) must not hold a transaction: on the embedded
 * database a transaction has the one session to itself, so every request of the server would wait
 * for it; on PostgreSQL it would pin a pooled connection and its row locks for seconds. `work` runs
 * outside any transaction, with the job leased for WORK_LEASE_MS (its runAt moved on, so no runner
 * claims it meanwhile), and answers a `finish` that runs in the job's own transaction, which checks
 * again under its locks what may have changed while it worked. A runner that stops mid-work leaves
 * the job to run again when the lease ends.
 */
export type SlowJobHandler = {
  work: (job: Job, db: Db, now: Date) => Promise<(tx: Db) => Promise<Date | null>>;
};
export type JobHandler = TransactionJobHandler | SlowJobHandler;

/** How long a slow job's work may take before another run may claim the job again. */
export const WORK_LEASE_MS = 5 * 60_000;

/** Failed runs in a row after which a job is set aside. */
export const MAX_JOB_ATTEMPTS = 5;

/** How long after its `attempts`-th failure in a row a job runs again: a minute, doubling each time. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

export async function scheduleJob(
  db: Db,
  job: { kind: string; key: string; memberId?: string | null; runAt: Date; payload?: Record<string, unknown> },
): Promise<void> {
  const values = { ...job, memberId: job.memberId ?? null, payload: job.payload ?? {} };
  await db
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      // Scheduled anew (the habit or event was saved again): a fresh start, even for a job set aside.
      set: {
        runAt: values.runAt,
        payload: values.payload,
        memberId: values.memberId,
        attempts: 0,
        lastError: null,
        setAsideAt: null,
      },
    });
}

export async function cancelJob(db: Db, kind: string, key: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
}

/** An operator's retry of a job set aside (its id from the log line): it runs on the next tick. */
export async function retryJob(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ setAsideAt: null, attempts: 0, lastError: null, runAt: sql`now()` })
    .where(eq(jobs.id, id))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** For an erased account, in the deletion's transaction. */
export async function forgetJobsOf(tx: Db, memberId: string): Promise<void> {
  await tx.delete(jobs).where(eq(jobs.memberId, memberId));
}

/** Runs the due jobs of the given kinds (at most `limit`); answers how many ran and how many failed. */
export async function runDueJobs(
  handlers: Record<string, JobHandler>,
  options: { db?: Db; now?: Date; limit?: number } = {},
): Promise<{ ran: number; failed: number }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return { ran: 0, failed: 0 };
  let ran = 0;
  let failed = 0;
  for (let i = 0; i < (options.limit ?? 100); i++) {
    let claimedId: string | null = null;
    try {
      const claimed = await db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(jobs)
          .where(and(lte(jobs.runAt, now), isNull(jobs.setAsideAt), inArray(jobs.kind, kinds)))
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!job) return null;
        claimedId = job.id;
        const handler = handlers[job.kind]!;
        if (typeof handler === "function") {
          await endRun(tx, job.id, await handler(job, tx, now));
          return { job };
        }
        const leasedUntil = new Date(now.getTime() + WORK_LEASE_MS);
        await tx.update(jobs).set({ runAt: leasedUntil }).where(eq(jobs.id, job.id));
        return { job, slow: handler, leasedUntil };
      });
      if (!claimed) break;
      if (claimed.slow) {
        const { job, leasedUntil } = claimed;
        const finish = await claimed.slow.work(job, db, now);
        await db.transaction(async (tx) => {
          const [current] = await tx.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.id, job.id)).for("update");
          // Scheduled anew while it worked, or claimed again once the lease ran out: that run decides.
          if (current?.runAt.getTime() !== leasedUntil.getTime()) return;
          await endRun(tx, job.id, await finish(tx));
        });
      }
      ran++;
    } catch (error) {
      failed++;
      logError("[jobs] a job failed", error);
      if (claimedId) await recordFailure(db, claimedId, error, now);
    }
  }
  return { ran, failed };
}

/** A run's end, in its transaction: the job moved to its next time, or gone. */
async function endRun(tx: Db, id: string, next: Date | null): Promise<void> {
  if (next) await tx.update(jobs).set({ runAt: next, attempts: 0, lastError: null }).where(eq(jobs.id, id));
  else await tx.delete(jobs).where(eq(jobs.id, id));
}

/**
 * A failed run, written apart from the rolled-back transaction: counted, retried after a growing
 * delay (so the rest of the due jobs run first), or set aside at the last attempt with a log line
 * naming the job, its kind, its attempts and its error (no payload: it may hold an address).
 */
async function recordFailure(db: Db, id: string, error: unknown, now: Date): Promise<void> {
  const lastError = errorLine(error);
  const [job] = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lastError })
    .where(eq(jobs.id, id))
    .returning({ attempts: jobs.attempts, kind: jobs.kind });
  if (!job) return;
  if (job.attempts < MAX_JOB_ATTEMPTS) {
    await db
      .update(jobs)
      .set({ runAt: new Date(now.getTime() + retryDelayMs(job.attempts)) })
      .where(eq(jobs.id, id));
    return;
  }
  await db.update(jobs).set({ setAsideAt: now }).where(eq(jobs.id, id));
  logError(
    `[jobs] set aside job ${id} (kind ${job.kind}) after ${job.attempts} failed attempts; last error: ${lastError}. ` +
      "Fix the cause, then retry it with retryJob (lib/jobs) or: update jobs set set_aside_at = null, attempts = 0, run_at = now() where id = '<id>'",
  );
}

/** An error as one short line for the jobs table and the log: its name and message, addresses masked. */
function errorLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+/g, "[address]")
    .replace(/\s+/g, " ")
    .slice(0, 300);
}
