import { createHash } from "node:crypto";
import { plans } from "@/config/plans";
import { conflict, invalid, notFound } from "./errors";
import { planChangeDirection, type PlanChange } from "./plan-change";
import { CURRENT_STATUSES, IN_QUEUE_STATUS } from "./subscription-state";
import { CHECKOUT_SESSION_PLACEHOLDER, type Price } from "./port";

/** The business rules of billing, as pure functions (unit-tested in rules.test.ts). */

export type MirroredSubscription = {
  subscriptionId: string;
  status: string;
  subItemId: string;
  priceId: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAt: number | null;
  cancelAtPeriodEnd: boolean;
  created: number;
};

/** A member with one of these may not start another checkout: they change plan instead. */
const LIVE_STATUSES = new Set(["active", "past_due", "trialing", "unpaid", "paused"]);
/** Shown to the member; ended ones are history (in transactions). */
const VISIBLE_STATUSES = new Set(["active", "past_due", "trialing", "unpaid", "paused", "incomplete"]);

const newestFirst = <T extends { created: number }>(rows: T[]) => [...rows].sort((a, b) => b.created - a.created);

/** The current subscription: active or past_due (the newest, should there be several). */
export function currentSubscription<T extends MirroredSubscription>(subscriptions: T[]): T | undefined {
  return newestFirst(subscriptions).find((s) => CURRENT_STATUSES.has(s.status));
}

/** The in-queue subscription: trialing until the current one's period ends. */
export function queuedSubscription<T extends MirroredSubscription>(subscriptions: T[]): T | undefined {
  return newestFirst(subscriptions).find((s) => s.status === IN_QUEUE_STATUS);
}

export function hasLiveSubscription(subscriptions: MirroredSubscription[]): boolean {
  return subscriptions.some((s) => LIVE_STATUSES.has(s.status));
}

/** What the member sees: the current one first, then the in-queue one, then others still open. */
export function visibleSubscriptions<T extends MirroredSubscription>(subscriptions: T[]): T[] {
  const rank = (s: T) => (CURRENT_STATUSES.has(s.status) ? 0 : s.status === "trialing" ? 1 : 2);
  return newestFirst(subscriptions.filter((s) => VISIBLE_STATUSES.has(s.status))).sort((a, b) => rank(a) - rank(b));
}

export { pricePerYear, type PlanChange } from "./plan-change";

/**
 * Decides how a plan change applies: an upgrade (higher price per year) now with proration, a
 * downgrade at the end of the current period. Refuses what makes no sense.
 */
export function decidePlanChange(input: {
  subscription: MirroredSubscription;
  subItemId: string;
  currentPrice: Price;
  newPrice: Price;
  queued: MirroredSubscription | undefined;
}): PlanChange {
  const { subscription, subItemId, currentPrice, newPrice, queued } = input;
  if (subscription.subItemId !== subItemId) throw notFound("Subscription item");
  if (!CURRENT_STATUSES.has(subscription.status)) {
    throw conflict(`Only an active subscription can change plan (this one is ${subscription.status})`);
  }
  if (newPrice.id === currentPrice.id) throw conflict("The subscription is already on this plan");
  if (queued) throw conflict("A plan change is already scheduled for the end of the current period");
  return planChangeDirection(currentPrice, newPrice) === "upgrade" ? "upgrade" : "downgrade";
}

/** The prices on sale: only the catalogue's lookup keys are accepted anywhere. */
export const allowedLookupKeys: readonly string[] = plans.map((plan) => plan.lookupKey);

export function assertAllowedPrice(price: Price, options: { requireActive: boolean } = { requireActive: true }): Price {
  if (options.requireActive && !price.active) throw notFound("Price");
  if (!price.lookupKey || !allowedLookupKeys.includes(price.lookupKey)) throw notFound("Price");
  return price;
}

/** Success and cancel URLs must lead back to this site (no open redirect through the provider). */
export function assertSameOrigin(field: string, value: string, siteUrl: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${field} must be an absolute URL`);
  }
  if (url.origin !== new URL(siteUrl).origin) throw invalid(`${field} must be on ${new URL(siteUrl).origin}`);
  return url;
}

/** Adds session_id={CHECKOUT_SESSION_ID} unless the URL already carries the placeholder. */
export function withCheckoutSessionPlaceholder(successUrl: string): string {
  if (successUrl.includes(CHECKOUT_SESSION_PLACEHOLDER)) return successUrl;
  const [beforeHash, hash] = splitOnce(successUrl, "#");
  const separator = beforeHash.includes("?") ? (beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&") : "?";
  return `${beforeHash}${separator}session_id=${CHECKOUT_SESSION_PLACEHOLDER}${hash === undefined ? "" : `#${hash}`}`;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator);
  return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

/**
 * An idempotency key derived from the caller's intent: the same member asking for the same thing
 * (same operation, same arguments, same starting state) gets the same key, so a double click or a
 * client retry never makes two of anything, while a later, different request gets a new key.
 */
export function idempotencyKey(
  memberId: string,
  operation: string,
  args: Record<string, string | number | boolean | null>,
): string {
  const canonical = JSON.stringify([memberId, operation, Object.entries(args).sort(([a], [b]) => a.localeCompare(b))]);
  return `happr-${operation}-${createHash("sha256").update(canonical).digest("hex").slice(0, 40)}`;
}
