import "server-only";
import { unstable_cache } from "next/cache";
import type { Price } from "./port";
import { getBillingService } from "./provider";

/**
 * The plans on sale for the members' pages, cached for an hour so a page view does not call the
 * payment provider (with Stripe, getPlans lists prices over the network). The API's getPlans stays live.
 */
export const getCataloguePlans: () => Promise<Price[]> = unstable_cache(
  async () => (await getBillingService()).getPlans(),
  ["billing-catalogue-plans"],
  {
    revalidate: 3600,
  },
);
