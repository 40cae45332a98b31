import { plans, planTiers, type PlanInterval, type PlanTier } from "@/config/plans";
import type { Price } from "./port";

/** One plan of the catalogue with the provider's price for its lookup key, if the provider has one. */
export type PlanOffer = {
  lookupKey: string;
  tier: PlanTier;
  interval: PlanInterval;
  name: string;
  description: string;
  includes: string[];
  /** null: the provider has no active price of this interval under the lookup key (not on sale). */
  price: { priceId: string; unitAmount: number; currency: string } | null;
};

/** pricesKnown false: the provider could not be asked and nothing was cached (the plans show without amounts). */
export type PlanOffers = { pricesKnown: boolean; offers: PlanOffer[] };

/**
 * The catalogue (config/plans.ts: lookup keys, plans, features) joined with the provider's prices
 * (null when they could not be read). Pure: no server imports, so the public page's components and
 * the tests use it as it is. A price only counts for a plan when it is active and bills at the plan's
 * interval; a misconfigured one (a yearly price under a monthly key) leaves the plan not available
 * rather than showing a wrong figure.
 */
export function planOffers(prices: readonly Price[] | null): PlanOffers {
  return {
    pricesKnown: prices !== null,
    offers: plans.map((plan) => {
      const price = prices?.find(
        (candidate) =>
          candidate.active && candidate.lookupKey === plan.lookupKey && candidate.interval === plan.interval,
      );
      return {
        lookupKey: plan.lookupKey,
        tier: plan.tier,
        interval: plan.interval,
        name: plan.name,
        description: plan.description,
        includes: planTiers[plan.tier].includes,
        price: price ? { priceId: price.id, unitAmount: price.unitAmount, currency: price.currency } : null,
      };
    }),
  };
}
