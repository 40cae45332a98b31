import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { jobs } from "../db/schema/jobs";
import { logError } from "../log";

/**
 * Scheduled work for any feature (habit reminders and summaries, calendar reminders; every kind
 * is in lib/job-handlers.ts, run by timer.ts).
 * A job is (kind, key) at `runAt` with a payload. `runDueJobs` claims due jobs one at a time with
 * FOR UPDATE SKIP LOCKED and runs the kind's handler in the same transaction: the handler's writes
 * (an outbox message) and the job's next time commit together, and an instance that finds the row
 * locked skips it, so several instances never run one job twice. A handler answers when to run
 * next, or null to end the job. A handler that throws rolls back its writes; the job is retried on
 * a later run (its attempts counted in a separate write).
 */
export type Job = typeof jobs.$inferSelect;
export type JobHandler = (job: Job, tx: Db, now: Date) => Promise<Date | null>;

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
      set: { runAt: values.runAt, payload: values.payload, memberId: values.memberId },
    });
}

export async function cancelJob(db: Db, kind: string, key: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
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
      const done = await db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(jobs)
          .where(and(lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!job) return false;
        claimedId = job.id;
        const next = await handlers[job.kind]!(job, tx, now);
        if (next) await tx.update(jobs).set({ runAt: next, attempts: 0 }).where(eq(jobs.id, job.id));
        else await tx.delete(jobs).where(eq(jobs.id, job.id));
        return true;
      });
      if (!done) break;
      ran++;
    } catch (error) {
      failed++;
      logError("[jobs] a job failed", error);
      // Counted, and pushed back a minute per attempt, so one bad job does not block the rest.
      if (claimedId)
        await db
          .update(jobs)
          .set({ attempts: sql`${jobs.attempts} + 1`, runAt: new Date(now.getTime() + 60_000) })
          .where(eq(jobs.id, claimedId));
    }
  }
  return { ran, failed };
}
