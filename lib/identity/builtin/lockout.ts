import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { identityLockouts } from "../../db/schema/identity";
import { IdentityError } from "../errors";

/**
 * Brute-force protection for sign-in, kept in the database so every app instance shares it. Each
 * attempt is counted per account (by email, so an unknown email behaves exactly like a real one), per
 * client address, and for the second factor per account on its own. After a few failures the next
 * attempt must wait (1 s, 2 s, 4 s...), and at the limit the subject is locked for a while.
 *
 * An attempt is reserved before the password or code is looked at: one atomic statement per subject
 * counts it as a failure and sets the delay or lock it brings, unless a delay or lock is in force, in
 * which case nothing changes and the attempt is refused. So a burst of parallel guesses gets exactly as
 * many checks as sequential ones would, and an attempt refused while locked can never shorten or lift
 * the lock. A success then settles its reservation: the account's (or the second factor's) count is
 * forgotten, the address only gets its one attempt back (one valid account must not reset an
 * attacker's address).
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

const ACCOUNT_RULE: LockoutRule = {
  lockAfter: 5,
  lockMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
  delayFrom: 2,
  maxDelayMs: 30_000,
};
// A whole office or mobile network can share one address: more room before its lock.
const ADDRESS_RULE: LockoutRule = {
  lockAfter: 20,
  lockMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
  delayFrom: 10,
  maxDelayMs: 30_000,
};
// Codes from an authenticator app or an SMS: someone who has the password gets no more guesses than
// someone who has not, and signing in with the password again does not give them more.
const SECOND_FACTOR_RULE: LockoutRule = {
  lockAfter: 5,
  lockMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
  delayFrom: 2,
  maxDelayMs: 30_000,
};

export type Subject = { key: string; rule: LockoutRule; kind: "account" | "address" | "second-factor" };

function addressSubject(clientAddress: string | undefined): Subject[] {
  return clientAddress && clientAddress !== "unknown"
    ? [{ key: `address:${clientAddress}`, rule: ADDRESS_RULE, kind: "address" }]
    : [];
}

/** A password attempt: the account named by the email, and the client address. */
export function lockoutSubjects(email: string, clientAddress: string | undefined): Subject[] {
  return [
    { key: `account:${email.trim().toLowerCase()}`, rule: ACCOUNT_RULE, kind: "account" },
    ...addressSubject(clientAddress),
  ];
}

/** A second-factor attempt (TOTP or SMS code): its own count for the account, and the client address. */
export function secondFactorSubjects(accountId: string, clientAddress: string | undefined): Subject[] {
  return [
    { key: `second-factor:${accountId}`, rule: SECOND_FACTOR_RULE, kind: "second-factor" },
    ...addressSubject(clientAddress),
  ];
}

function blockedError(subject: Subject, failures: number, blockedUntil: Date, now: Date): IdentityError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  if (failures >= subject.rule.lockAfter) {
    const minutes = Math.ceil(seconds / 60);
    const what =
      subject.kind === "second-factor"
        ? "Too many wrong codes for this account"
        : subject.kind === "account"
          ? "Too many failed sign-in attempts for this account"
          : "Too many failed sign-in attempts from your network";
    return new IdentityError(
      "LimitExceededException",
      `${what}. Sign-in is locked; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      {
        retryAfterSeconds: seconds,
      },
    );
  }
  return new IdentityError(
    "LimitExceededException",
    `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} before trying again.`,
    {
      retryAfterSeconds: seconds,
    },
  );
}

function delayAfter(rule: LockoutRule, failures: number): number {
  if (failures >= rule.lockAfter) return rule.lockMs;
  if (failures < rule.delayFrom) return 0;
  return Math.min(rule.maxDelayMs, 1000 * 2 ** (failures - rule.delayFrom));
}

/** The SQL twin of delayAfter, for the count the statement itself computes. */
function delayAfterSql(rule: LockoutRule, failures: ReturnType<typeof sql>) {
  return sql`(case when ${failures} >= ${rule.lockAfter}::int then ${rule.lockMs}::bigint
                   when ${failures} < ${rule.delayFrom}::int then 0::bigint
                   else least(${rule.maxDelayMs}::bigint, (1000 * power(2, ${failures} - ${rule.delayFrom}::int))::bigint) end)`;
}

export type Reserved = { subject: Subject; failures: number; blockedUntil: Date | null };
export type Reservation = { reserved: Reserved[]; now: Date };

/**
 * Counts this attempt as a failure for every subject, atomically, before anything is checked; throws
 * the delay or lock in force instead (and then counts nothing). All subjects or none: one
 * transaction, keys in a fixed order so two attempts never wait on each other crosswise.
 */
export async function reserveAttempt(db: Db, subjects: Subject[], now: Date): Promise<Reservation> {
  const ordered = [...subjects].sort((a, b) => a.key.localeCompare(b.key));
  const at = sql`${now.toISOString()}::timestamptz`;
  const reserved = await db.transaction(async (tx) => {
    const rows: Reserved[] = [];
    for (const subject of ordered) {
      const { rule } = subject;
      // A count older than the window, or one that ended in a lock now over, starts again at 1.
      const restart = sql`(${identityLockouts.firstFailureAt} + make_interval(secs => ${rule.windowMs / 1000}::int) <= ${at} or ${identityLockouts.failures} >= ${rule.lockAfter}::int)`;
      const failures = sql`(case when ${restart} then 1 else ${identityLockouts.failures} + 1 end)`;
      const delay = delayAfterSql(rule, failures);
      const firstDelay = delayAfter(rule, 1);
      const [row] = await tx
        .insert(identityLockouts)
        .values({
          key: subject.key,
          failures: 1,
          firstFailureAt: now,
          lastFailureAt: now,
          blockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay) : null,
        })
        .onConflictDoUpdate({
          target: identityLockouts.key,
          set: {
            failures,
            firstFailureAt: sql`(case when ${restart} then ${at} else ${identityLockouts.firstFailureAt} end)`,
            lastFailureAt: at,
            blockedUntil: sql`(case when ${delay} > 0 then ${at} + make_interval(secs => ${delay}::double precision / 1000) else null end)`,
          },
          // Nothing moves while a delay or lock is in force.
          setWhere: or(isNull(identityLockouts.blockedUntil), sql`${identityLockouts.blockedUntil} <= ${at}`),
        })
        .returning({ failures: identityLockouts.failures, blockedUntil: identityLockouts.blockedUntil });
      if (!row) {
        const [blocked] = await tx.select().from(identityLockouts).where(eq(identityLockouts.key, subject.key));
        throw blockedError(subject, blocked?.failures ?? subject.rule.lockAfter, blocked?.blockedUntil ?? now, now);
      }
      rows.push({ subject, failures: row.failures, blockedUntil: row.blockedUntil });
      // A first failure is a cheap, rare moment to sweep counts nobody will look at again.
      if (row.failures === 1) {
        await tx
          .delete(identityLockouts)
          .where(
            and(
              lt(identityLockouts.lastFailureAt, new Date(now.getTime() - DAY)),
              or(isNull(identityLockouts.blockedUntil), lt(identityLockouts.blockedUntil, now)),
            ),
          );
      }
    }
    return rows;
  });
  return { reserved, now };
}

export type FailureOutcome = {
  /** Set when the subject is now locked: report this instead of the failure. */
  lock?: IdentityError;
  /** Seconds before the next attempt is looked at (the progressive delay), 0 when none. */
  retryAfterSeconds: number;
};

/** The attempt failed: what its reservation put in force (the stricter subject wins). */
export function failureOutcome({ reserved, now }: Reservation): FailureOutcome {
  const outcome: FailureOutcome = { retryAfterSeconds: 0 };
  for (const { subject, failures, blockedUntil } of reserved) {
    if (!blockedUntil) continue;
    const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
    if (seconds > outcome.retryAfterSeconds) {
      outcome.retryAfterSeconds = seconds;
      outcome.lock =
        failures >= subject.rule.lockAfter ? blockedError(subject, failures, blockedUntil, now) : outcome.lock;
    }
  }
  return outcome;
}

/**
 * The attempt succeeded: the account's (or second factor's) count is forgotten; the address gets
 * back the one attempt this reservation took, and a delay only this reservation set is lifted.
 */
export async function settleSuccess(db: Db, { reserved }: Reservation): Promise<void> {
  for (const { subject, blockedUntil } of reserved) {
    if (subject.kind !== "address") {
      await db.delete(identityLockouts).where(eq(identityLockouts.key, subject.key));
      continue;
    }
    await db
      .update(identityLockouts)
      .set({
        failures: sql`greatest(${identityLockouts.failures} - 1, 0)`,
        blockedUntil: blockedUntil
          ? sql`(case when ${identityLockouts.blockedUntil} = ${blockedUntil.toISOString()}::timestamptz then null else ${identityLockouts.blockedUntil} end)`
          : sql`${identityLockouts.blockedUntil}`,
      })
      .where(eq(identityLockouts.key, subject.key));
  }
}

/** Forgets the password failures of an account (a password reset through its mailbox). */
export async function clearAccountFailures(db: Db, subjects: Subject[]): Promise<void> {
  const keys = subjects.filter((subject) => subject.kind === "account").map((subject) => subject.key);
  if (keys.length > 0) await db.delete(identityLockouts).where(inArray(identityLockouts.key, keys));
}
