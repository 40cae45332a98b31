import { getCirclePeople, getMyCircles } from "../circles";

export type ShareTarget = { value: `circle:${string}` | `member:${string}`; label: string };

/**
 * Whom a member can share an item with, as a share form offers it: each of their circles ("Everyone
 * in …"), then each other person in them once, by name. The value is what the form posts back.
 */
export async function shareTargetsFor(memberId: string): Promise<ShareTarget[]> {
  const circles = await getMyCircles(memberId);
  const people = (await Promise.all(circles.map((circle) => getCirclePeople(memberId, circle.circleId)))).flat();
  return [
    ...circles.map((circle): ShareTarget => ({
      value: `circle:${circle.circleId}`,
      label: `Everyone in ${circle.name}`,
    })),
    ...[...new Map(people.filter((p) => p.memberId !== memberId).map((p) => [p.memberId, p])).values()].map(
      (person): ShareTarget => ({
        value: `member:${person.memberId}`,
        label: person.name ?? person.label ?? "A circle member",
      }),
    ),
  ];
}
