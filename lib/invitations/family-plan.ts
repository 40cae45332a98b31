import { findPlanByLookupKey } from "@/config/plans";
import type { BillingService } from "../billing/service";
import { isCurrentStatus } from "../billing/subscription-state";

/** Whether a member's current subscription (active or past_due, from the mirror) is a Family plan. */
export type FamilyPlanLookup = (memberId: string) => Promise<{ family: boolean; currentPeriodEnd: number | null }>;

export function familyPlanFrom(billing: () => Promise<BillingService>): FamilyPlanLookup {
  return async (memberId) => {
    const service = await billing();
    const current = (await service.getMySubscriptions(memberId)).find((subscription) =>
      isCurrentStatus(subscription.status),
    );
    if (!current) return { family: false, currentPeriodEnd: null };
    const lookupKey = await service.getPriceLookupKey(current.priceId);
    const tier = lookupKey ? findPlanByLookupKey(lookupKey)?.tier : undefined;
    return { family: tier === "family", currentPeriodEnd: current.currentPeriodEnd };
  };
}
