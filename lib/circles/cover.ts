import "server-only";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import type { FamilyPlanLookup } from "../invitations/family-plan";
import { circlesOf } from "./membership";

/**
 * The Family plan cover a member has through the circles they are in (not the one they own): the
 * owner's live Family subscription, in the API's subscription shape, marked with the circle. The id
 * is the circle's (`circle:<id>`), never the owner's subscription: it is not the member's to change.
 */
export type CircleCover = {
  subscriptionId: string;
  status: string;
  subItemId: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  planPriceId: string;
  defaultPaymentMethod: null;
  cancelAt: number | null;
  throughCircleId: string;
  throughCircleName: string;
};

export async function coverThroughCircles(
  memberId: string,
  options: { familyPlan: FamilyPlanLookup; db?: Db },
): Promise<CircleCover[]> {
  const db = options.db ?? (await getDb());
  const covers: CircleCover[] = [];
  for (const circle of await circlesOf(db, memberId)) {
    if (circle.role === "owner") continue;
    const plan = await options.familyPlan(circle.ownerId);
    if (!plan.family || !plan.subscription) continue;
    const subscription = plan.subscription;
    covers.push({
      subscriptionId: `circle:${circle.circleId}`,
      status: subscription.status,
      subItemId: "",
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      planPriceId: subscription.priceId,
      defaultPaymentMethod: null,
      cancelAt: subscription.cancelAt,
      throughCircleId: circle.circleId,
      throughCircleName: circle.name,
    });
  }
  return covers;
}
