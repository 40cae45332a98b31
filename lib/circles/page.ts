import { cache } from "react";
import { getBillingService } from "../billing/provider";
import { familyPlanFrom, type FamilyPlanLookup } from "./family-plan";
import { namedSharesOf, type ItemKinds } from "./sharing";
import { getCirclePeople, getMyCircles } from "./circles";
import { childrenInCareOf, circlesForChildren } from "./children";
import { childQuietHoursToManage } from "./quiet-hours";

// The circles' pages' data, in one place: /circle (My Safe Circle) and the new child's account form.

/**
 * Whether the member's current plan is a Family plan, once per request: /circle asks twice (whether
 * they may create a child's account, and the Safe Circle's places through lib/invitations' getCircle).
 */
export const familyPlanOf: FamilyPlanLookup = cache(familyPlanFrom(getBillingService));

/** Owners and guardians create children's accounts; a Family plan without a circle yet starts one. */
async function managesChildren(memberId: string) {
  return (await circlesForChildren(memberId)).length > 0 || (await familyPlanOf(memberId)).family;
}

/**
 * /circle: the member's circles with their people, everything they share (named through `kinds`, the
 * features' shareable kinds from lib/features.ts, which circles sit below), the children's quiet hours
 * they set, the children they look after, and whether they may create a child's account. The Safe
 * Circle's invitations come from lib/invitations (getCircle, with `familyPlanOf`), a floor above.
 */
export async function loadCirclePage(memberId: string, kinds: ItemKinds) {
  const [myCircles, shares, managed, children, canCreateChild] = await Promise.all([
    getMyCircles(memberId),
    namedSharesOf(memberId, { kinds }),
    childQuietHoursToManage(memberId),
    childrenInCareOf(memberId),
    managesChildren(memberId),
  ]);
  const circles = await Promise.all(
    myCircles.map(async (circle) => ({ circle, people: await getCirclePeople(memberId, circle.circleId) })),
  );
  return { circles, shares, managed, children, canCreateChild };
}

/**
 * /circle/children/new: the circles the member may add a child to, with "My circle" first when a
 * Family plan has no circle yet (the child's account starts it).
 */
export async function loadNewChildPage(memberId: string) {
  const managed = await circlesForChildren(memberId);
  const canStartOwn = !managed.some((circle) => circle.role === "owner") && (await familyPlanOf(memberId)).family;
  return {
    circles: [
      ...(canStartOwn ? [{ circleId: "own", name: "My circle" }] : []),
      ...managed.map(({ circleId, name }) => ({ circleId, name })),
    ],
  };
}
