import "server-only";
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { deriveKey } from "../secrets";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { mentionsAny } from "../db/mentions";
import { rateLimitCounters } from "../db/schema/site";

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one attempt by `subject` (a client address, an email...) in `bucket` and says whether it is
 * within `limit` per fixed window. The counter lives in the database, so every app instance shares
 * it; the window is taken from the database clock for the same reason. `now` is for tests.
 */
export async function consume(
  bucket: string,
  subject: string,
  rule: RateLimitRule,
  options: { db?: Db; now?: Date } = {},
): Promise<RateLimitResult> {
  const db = options.db ?? (await getDb());
  const key = `${bucket}:${subject}`;
  const seconds = Math.max(1, Math.floor(rule.windowSeconds));
  const clock = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;

  const result = await db.execute(sql`
    with clock as (
      select ${clock} as now,
             to_timestamp(floor(extract(epoch from ${clock}) / ${seconds}::int) * ${seconds}::int) as window_start
    )
    insert into rate_limit_counters (key, window_start, expires_at, count)
    select ${key}::text, window_start, window_start + make_interval(secs => ${seconds}::int), 1 from clock
    on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
    returning count,
      ceil(extract(epoch from (rate_limit_counters.expires_at - (select now from clock))))::int as retry_after`);
  const row = rowsOf<{ count: number; retry_after: number }>(result)[0];
  if (!row) throw new Error("rate limit counter returned no row");
  const count = Number(row.count);

  // The first hit of a window is a cheap, rare moment to sweep windows that are over.
  if (count === 1) {
    await db.execute(sql`delete from rate_limit_counters where expires_at < ${clock} - interval '1 minute'`);
  }

  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: count <= rule.limit ? 0 : Math.max(1, Number(row.retry_after)),
  };
}

/** One counter to count an attempt against: a bucket, who or what is counted in it, and its rule. */
export type Limit = { bucket: string; subject: string | undefined; rule: RateLimitRule };

/**
 * The one way a public action (sign-up, codes, contact, waitlist, invitations, guest API calls) is
 * limited: one attempt counted against each limit, typically per client address and per target (the
 * email or phone the app would write to), and the strictest answer. A limit without a subject (an
 * address the server could not tell) is skipped.
 */
export async function consumeEach(
  limits: readonly Limit[],
  options: { db?: Db; now?: Date } = {},
): Promise<RateLimitResult> {
  let strictest: RateLimitResult = { allowed: true, remaining: Number.POSITIVE_INFINITY, retryAfterSeconds: 0 };
  for (const { bucket, subject, rule } of limits) {
    if (!subject || subject === "unknown") continue;
    const result = await consume(bucket, subjectDigest(subject), rule, options);
    if (!result.allowed && result.retryAfterSeconds > strictest.retryAfterSeconds) strictest = result;
    else if (strictest.allowed && result.remaining < strictest.remaining) strictest = result;
  }
  return strictest;
}

/**
 * How consumeEach keys a subject: a keyed hash of the email, phone or address, so the counters name
 * nobody (a counter for an email the member has since changed outlives their account's deletion, for
 * its window).
 */
function subjectDigest(subject: string): string {
  return createHmac("sha256", deriveKey("rate-limit-subject"))
    .update(subject.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 32);
}

/** The wait as a refusal says it: "Please try again in 40 seconds." / "in 12 minutes." / "in 2 hours." */
export function tryAgainIn(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const [amount, unit] =
    seconds < 90
      ? [seconds, "second"]
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `Please try again in ${amount} ${unit}${amount === 1 ? "" : "s"}.`;
}

/**
 * An account deletion's part: counters whose key embeds one of the member's identifiers (their id,
 * email or phone), in clear or as consumeEach's digest, in the caller's transaction. Counters per client address stay.
 */
export async function forgetSubjects(db: Db, identifiers: readonly string[]): Promise<void> {
  const named = identifiers.filter((identifier) => identifier.trim());
  await db.delete(rateLimitCounters).where(mentionsAny(rateLimitCounters.key, [...named, ...named.map(subjectDigest)]));
}

/** node-postgres and PGlite both answer `execute` with an object holding `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
