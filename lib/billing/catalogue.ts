import "server-only";
import { unstable_cache } from "next/cache";
import { logError } from "../log";
import type { Price } from "./port";
import { planOffers, type PlanOffers } from "./plan-offers";
import { PRICES_TAG } from "./prices-tag";
import { getBillingService } from "./provider";
import type { BillingService } from "./service";

/**
 * The plans on sale with the provider's amounts, for page views and the API's getPlans: read from the
 * provider at most once an hour (a missed webhook converges), kept in Next's data cache under
 * PRICES_TAG. Price and product events expire the tag (lib/billing/webhooks/handlers.ts); with
 * REDIS_URL the cache and the expired tags are shared, so the instance that got the webhook is not the
 * only one that shows the new amount. Pages that read the prices carry the tag too and are re-rendered.
 */
export { PRICES_TAG };
export const PRICES_REVALIDATE_SECONDS = 3600;
/** How soon a page rendered without amounts because the provider did not answer tries again. */
export const PRICES_RETRY_SECONDS = 60;

export const getCataloguePlans: () => Promise<Price[]> = unstable_cache(
  async () => (await getBillingService()).getPlans(),
  ["billing-catalogue-plans"],
  { revalidate: PRICES_REVALIDATE_SECONDS, tags: [PRICES_TAG] },
);

/** The billing service whose getPlans is the cached catalogue (the API route's: a guest's query costs no provider call). */
export async function getBillingServiceWithCachedPlans(): Promise<BillingService> {
  return { ...(await getBillingService()), getPlans: getCataloguePlans };
}

// Mark the page being rendered to be regenerated that soon (a page's revalidate is the shortest of
// what it reads); nothing is fetched. Built pages at once (their first request), failures after a minute.
const retryAfterBuild = unstable_cache(async () => true, ["billing-prices-retry-build"], { revalidate: 1 });
const retryAfterFailure = unstable_cache(async () => true, ["billing-prices-retry"], {
  revalidate: PRICES_RETRY_SECONDS,
});

/**
 * Every plan with the provider's price for its lookup key, for the public /planform page. Never
 * throws: when the prices cannot be read and none are cached, the plans come without amounts
 * (`pricesKnown: false`) and the page tries again within a minute. The build asks no provider (it
 * needs neither Stripe nor a database): a page prerendered by `next build` has no amounts and is
 * regenerated on its first request (that request still gets the built page: stale-while-revalidate).
 */
export async function getPlanOffers(): Promise<PlanOffers> {
  if (process.env.NEXT_PHASE === "phase-production-build") {
    await retryAfterBuild();
    return planOffers(null);
  }
  try {
    return planOffers(await getCataloguePlans());
  } catch (error) {
    logError("[billing] the plans' prices could not be read; /planform shows the plans without amounts", error);
    await retryAfterFailure();
    return planOffers(null);
  }
}
