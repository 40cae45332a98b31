import "server-only";
import type { Db } from "../db/open";
import { DomainError } from "../errors";
import { consumeEach, tryAgainIn, type RateLimitResult, type RateLimitRule } from ".";

/**
 * What one signed-in member may make the app do, whichever instance answers (the counters are in the
 * database, keyed by a digest of the member id). Set so that a person never meets them (a busy screen
 * of the app makes a dozen calls; a form is sent once a second at the quickest) but a script does.
 * README.md's table lists every rule.
 */
export const MEMBER_RATES = {
  /** /graphql calls by a member's token or session cookie. */
  graphql: { limit: 300, windowSeconds: 60 },
  /** Members' forms (server actions through lib/account/member-action.ts). */
  action: { limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

/** The refusal of a member over a rate: 429, its message saying how long to wait. */
export class TooManyRequestsError extends DomainError<"too_many_requests", 429> {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super("too_many_requests", 429, `Too many requests. ${tryAgainIn(retryAfterSeconds)}`);
    this.name = "TooManyRequestsError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type Options = { db?: Db; now?: Date };

/** Counts one /graphql call by the member; the caller answers 429 with Retry-After when it is refused. */
export function limitMemberCall(memberId: string, options: Options = {}): Promise<RateLimitResult> {
  return consumeEach([{ bucket: "member-graphql", subject: memberId, rule: MEMBER_RATES.graphql }], options);
}

/** Counts one form sent by the member; over the rate it throws TooManyRequestsError (the form shows its message). */
export async function limitMemberAction(memberId: string, options: Options = {}): Promise<void> {
  const result = await consumeEach(
    [{ bucket: "member-action", subject: memberId, rule: MEMBER_RATES.action }],
    options,
  );
  if (!result.allowed) throw new TooManyRequestsError(result.retryAfterSeconds);
}
