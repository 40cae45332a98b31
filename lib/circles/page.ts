import { getBillingService } from "../billing/provider";
import { familyPlanFrom } from "./family-plan";
import { namedSharesOf, type ItemKinds } from "./sharing";
import { getCirclePeople, getMyCircles } from "./circles";
import { childrenInCareOf, circlesForChildren } from "./children";
import { childQuietHoursToManage } from "./quiet-hours";

// The circles' pages' data, in one place: /circle ("Who can see what") and the new child's account form.

/**
 * /circle: the member's circles with their people, everything they share (named through `kinds`, the
 * features' shareable kinds from lib/features.ts, which circles sit below), the children's quiet hours
 * they set, and the children they look after.
 */
export async function loadCirclePage(memberId: string, kinds: ItemKinds) {
  const [myCircles, shares, managed, children] = await Promise.all([
    getMyCircles(memberId),
    namedSharesOf(memberId, { kinds }),
    childQuietHoursToManage(memberId),
    childrenInCareOf(memberId),
  ]);
  const circles = await Promise.all(
    myCircles.map(async (circle) => ({ circle, people: await getCirclePeople(memberId, circle.circleId) })),
  );
  return { circles, shares, managed, children };
}

/**
 * /circle/children/new: the circles the member may add a child to, with "My circle" first when a
 * Family plan has no circle yet (the child's account starts it).
 */
export async function loadNewChildPage(memberId: string) {
  const managed = await circlesForChildren(memberId);
  const canStartOwn =
    !managed.some((circle) => circle.role === "owner") && (await familyPlanFrom(getBillingService)(memberId)).family;
  return {
    circles: [
      ...(canStartOwn ? [{ circleId: "own", name: "My circle" }] : []),
      ...managed.map(({ circleId, name }) => ({ circleId, name })),
    ],
  };
}
