import "server-only";
import { getConfig } from "../config";
import type { Db } from "../db/open";
import { consumeEach, tryAgainIn } from "../rate-limit";
import { IdentityError } from "./errors";

/**
 * What an outsider may make the account forms do, per client address and per target email, in the
 * database so every instance shares the count: sign-ups and code messages (mail bombing, outbox
 * flooding), confirmation attempts (code guessing across many accounts). Counted before the account
 * is looked up (or the identity provider is asked), so a refusal says nothing about it. Both account
 * flow adapters (built-in and Cognito) count here: the same limits whichever provider holds accounts.
 */
export const OUTSIDER_LIMITS = {
  // The sign-up limit per address is SIGN_UPS_PER_ADDRESS_PER_HOUR (30 unless configured); confirmations
  // per address follow it (addressLimit below).
  "sign-up": { address: { limit: 30, windowSeconds: 3600 }, target: { limit: 5, windowSeconds: 3600 } },
  // Resend-code and forgot-password share one count per email: both send a code to it.
  "code-send": { address: { limit: 30, windowSeconds: 3600 }, target: { limit: 5, windowSeconds: 3600 } },
  confirm: { address: { limit: 60, windowSeconds: 3600 }, target: { limit: 10, windowSeconds: 3600 } },
} as const;

export async function limitOutsider(
  db: Db,
  action: keyof typeof OUTSIDER_LIMITS,
  email: string,
  clientAddress: string | undefined,
  now: Date,
) {
  const rules = OUTSIDER_LIMITS[action];
  const address = { ...rules.address, limit: addressLimit(action, getConfig().auth.signUpsPerAddressPerHour) };
  const result = await consumeEach(
    [
      { bucket: `identity-${action}-address`, subject: clientAddress, rule: address },
      { bucket: `identity-${action}`, subject: email, rule: rules.target },
    ],
    { db, now },
  );
  if (!result.allowed) {
    throw new IdentityError("LimitExceededException", `Too many attempts. ${tryAgainIn(result.retryAfterSeconds)}`, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

/**
 * A place allowed many sign-ups an hour (a school or office behind one address, or the browser
 * journeys) must be able to confirm them: each sign-up needs one confirmation, a mistyped code a second.
 * So confirmations per address are twice the sign-ups allowed, never fewer than the default 60.
 */
export function addressLimit(action: keyof typeof OUTSIDER_LIMITS, signUps: number): number {
  if (action === "sign-up") return signUps;
  if (action === "confirm") return Math.max(OUTSIDER_LIMITS.confirm.address.limit, 2 * signUps);
  return OUTSIDER_LIMITS[action].address.limit;
}

// Resend-code and forgot-password answer no sooner than this: whether a code was issued and queued
// (an account exists) takes a few milliseconds that the answer's timing must not show.
export const RECOVERY_ANSWER_FLOOR_MS = 150;

/** Runs `work` and answers (or fails) no sooner than `floorMs` after it began. */
export async function noSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  try {
    return await work();
  } finally {
    const wait = floorMs - (performance.now() - began);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
