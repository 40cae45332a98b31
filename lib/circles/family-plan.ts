import { findPlanByLookupKey } from "@/config/plans";
import type { BillingService } from "../billing/service";
import { isCurrentStatus } from "../billing/subscription-state";

type SubscriptionRow = Awaited<ReturnType<BillingService["getMySubscriptions"]>>[number];

/**
 * Whether a member's current subscription (active or past_due, from the mirror) is a Family plan,
 * and that subscription (the cover a circle's people see through it).
 */
export type FamilyPlanLookup = (
  memberId: string,
) => Promise<{ family: boolean; currentPeriodEnd: number | null; subscription?: SubscriptionRow }>;

export function familyPlanFrom(
  billing: () => Promise<Pick<BillingService, "getMySubscriptions" | "getPriceLookupKey">>,
): FamilyPlanLookup {
  return async (memberId) => {
    const service = await billing();
    const current = (await service.getMySubscriptions(memberId)).find((subscription) =>
      isCurrentStatus(subscription.status),
    );
    if (!current) return { family: false, currentPeriodEnd: null };
    const lookupKey = await service.getPriceLookupKey(current.priceId);
    const tier = lookupKey ? findPlanByLookupKey(lookupKey)?.tier : undefined;
    return tier === "family"
      ? { family: true, currentPeriodEnd: current.currentPeriodEnd, subscription: current }
      : { family: false, currentPeriodEnd: current.currentPeriodEnd };
  };
}
