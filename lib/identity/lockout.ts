import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/open";
import { identityLockouts } from "../db/schema/identity";
import { IdentityError } from "./errors";

/**
 * Brute-force protection for sign-in, kept in the database so every app instance shares it. Each
 * failure is counted per account (by email, so an unknown email behaves exactly like a real one) and
 * per client address. After a few failures the next attempt must wait (1 s, 2 s, 4 s...), and at the
 * limit the subject is locked for a while. A success clears the account's count, never the address's
 * (one valid account must not reset an attacker's address).
 */
export type LockoutRule = {
  /** Failures within `windowMs` before the lock. */
  lockAfter: number;
  lockMs: number;
  windowMs: number;
  /** From this many failures on, each further attempt waits 2^(n - delayFrom) seconds. */
  delayFrom: number;
  maxDelayMs: number;
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const ACCOUNT_RULE: LockoutRule = { lockAfter: 5, lockMs: 15 * MINUTE, windowMs: 15 * MINUTE, delayFrom: 2, maxDelayMs: 30_000 };
// A whole office or mobile network can share one address: more room before its lock.
export const ADDRESS_RULE: LockoutRule = { lockAfter: 20, lockMs: 15 * MINUTE, windowMs: 15 * MINUTE, delayFrom: 10, maxDelayMs: 30_000 };

export type Subject = { key: string; rule: LockoutRule; kind: "account" | "address" };

export function lockoutSubjects(email: string, clientAddress: string | undefined): Subject[] {
  const subjects: Subject[] = [{ key: `account:${email.trim().toLowerCase()}`, rule: ACCOUNT_RULE, kind: "account" }];
  if (clientAddress && clientAddress !== "unknown") subjects.push({ key: `address:${clientAddress}`, rule: ADDRESS_RULE, kind: "address" });
  return subjects;
}

function blockedError(subject: Subject, failures: number, blockedUntil: Date, now: Date): IdentityError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  if (failures >= subject.rule.lockAfter) {
    const minutes = Math.ceil(seconds / 60);
    const who = subject.kind === "account" ? "for this account" : "from your network";
    return new IdentityError(
      "LimitExceededException",
      `Too many failed sign-in attempts ${who}. Sign-in is locked; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      { retryAfterSeconds: seconds },
    );
  }
  return new IdentityError(
    "LimitExceededException",
    `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} before trying again.`,
    { retryAfterSeconds: seconds },
  );
}

/** Throws when any subject is waiting out a delay or a lock. */
export async function assertNotBlocked(db: Db, subjects: Subject[], now: Date): Promise<void> {
  if (subjects.length === 0) return;
  const rows = await db
    .select()
    .from(identityLockouts)
    .where(inArray(identityLockouts.key, subjects.map((subject) => subject.key)));
  for (const subject of subjects) {
    const row = rows.find((candidate) => candidate.key === subject.key);
    if (row?.blockedUntil && row.blockedUntil.getTime() > now.getTime()) {
      throw blockedError(subject, row.failures, row.blockedUntil, now);
    }
  }
}

function delayAfter(rule: LockoutRule, failures: number): number {
  if (failures >= rule.lockAfter) return rule.lockMs;
  if (failures < rule.delayFrom) return 0;
  return Math.min(rule.maxDelayMs, 1000 * 2 ** (failures - rule.delayFrom));
}

export type FailureOutcome = {
  /** Set when the subject is now locked: report this instead of the failure. */
  lock?: IdentityError;
  /** Seconds before the next attempt is looked at (the progressive delay), 0 when none. */
  retryAfterSeconds: number;
};

/** Counts one failure for each subject and says what is now in force (the stricter subject wins). */
export async function recordFailure(db: Db, subjects: Subject[], now: Date): Promise<FailureOutcome> {
  const outcome: FailureOutcome = { retryAfterSeconds: 0 };
  for (const subject of subjects) {
    await db
      .insert(identityLockouts)
      .values({ key: subject.key, failures: 0, firstFailureAt: now, lastFailureAt: now })
      .onConflictDoNothing();
    const [row] = await db.select().from(identityLockouts).where(eq(identityLockouts.key, subject.key)).for("update");
    if (!row) continue;
    // A count older than the window (and no lock in force) starts over.
    const stale =
      row.firstFailureAt.getTime() + subject.rule.windowMs <= now.getTime() &&
      !(row.blockedUntil && row.blockedUntil.getTime() > now.getTime());
    const failures = (stale || row.failures >= subject.rule.lockAfter ? 0 : row.failures) + 1;
    const delay = delayAfter(subject.rule, failures);
    const blockedUntil = delay > 0 ? new Date(now.getTime() + delay) : null;
    await db
      .update(identityLockouts)
      .set({ failures, firstFailureAt: failures === 1 ? now : row.firstFailureAt, lastFailureAt: now, blockedUntil })
      .where(eq(identityLockouts.key, subject.key));
    // A first failure is a cheap, rare moment to sweep counts nobody will look at again.
    if (failures === 1) {
      await db
        .delete(identityLockouts)
        .where(and(lt(identityLockouts.lastFailureAt, new Date(now.getTime() - DAY)), or(isNull(identityLockouts.blockedUntil), lt(identityLockouts.blockedUntil, now))));
    }
    if (!blockedUntil) continue;
    const seconds = Math.ceil(delay / 1000);
    if (seconds > outcome.retryAfterSeconds) {
      outcome.retryAfterSeconds = seconds;
      outcome.lock = failures >= subject.rule.lockAfter ? blockedError(subject, failures, blockedUntil, now) : outcome.lock;
    }
  }
  return outcome;
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, subjects: Subject[]): Promise<void> {
  const keys = subjects.filter((subject) => subject.kind === "account").map((subject) => subject.key);
  if (keys.length > 0) await db.delete(identityLockouts).where(inArray(identityLockouts.key, keys));
}
