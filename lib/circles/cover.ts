import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleMemberships, circles } from "../db/schema/circles";
import type { FamilyPlanLookup } from "./family-plan";

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

/** The circles a member is in and does not own, oldest first: asked with every getMySubscriptions, prepared. */
const joinedCirclesRead = preparedPerDatabase((db) =>
  db
    .select({ circleId: circles.id, name: circles.name, ownerId: circles.ownerId })
    .from(circleMemberships)
    .innerJoin(circles, eq(circles.id, circleMemberships.circleId))
    .where(and(eq(circleMemberships.memberId, sql.placeholder("memberId")), ne(circleMemberships.role, "owner")))
    .orderBy(asc(circleMemberships.joinedAt), asc(circles.id))
    .prepare("circles_joined"),
);

export async function coverThroughCircles(
  memberId: string,
  options: { familyPlan: FamilyPlanLookup; db?: Db },
): Promise<CircleCover[]> {
  const db = options.db ?? (await getDb());
  const covers: CircleCover[] = [];
  for (const circle of await joinedCirclesRead(db).execute({ memberId })) {
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
