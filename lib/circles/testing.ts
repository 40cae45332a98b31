import type { Db } from "../db/open";
import { childConsents, circleMemberships, circles } from "../db/schema/circles";
import type { CircleRole } from "./roles";

/** A birth month that stays under 13 for years yet (a test's child). */
export const CHILD_BIRTH_MONTH = "2019-06";

/** Someone in a test's circle: their role, or their role with what the circle shows of them. */
export type CirclePerson =
  | Exclude<CircleRole, "owner">
  | { role: Exclude<CircleRole, "owner">; name?: string; label?: string; pronouns?: string; contact?: string };

/**
 * Test helper, the one circle fixture: a circle owned by `owner` with the given people and roles,
 * written directly. Its id. Everyone with the role `child` gets a child's account there (in the first
 * such circle) (a consent record by the owner, as createChildAccount writes): the role is only for such
 * accounts (carers.ts). `name` is the circle's (default "<owner>'s circle"), `ownerName` the owner's
 * name in it.
 */
export async function makeCircle(
  db: Db,
  owner: string,
  people: Record<string, CirclePerson>,
  { name = `${owner}'s circle`, ownerName }: { name?: string; ownerName?: string } = {},
): Promise<string> {
  const [circle] = await db.insert(circles).values({ name, ownerId: owner }).returning();
  const members = Object.entries(people).map(([memberId, person]) => ({
    memberId,
    ...(typeof person === "string" ? { role: person } : person),
  }));
  await db
    .insert(circleMemberships)
    .values([
      { circleId: circle!.id, memberId: owner, role: "owner", name: ownerName },
      ...members.map((member) => ({ circleId: circle!.id, ...member })),
    ]);
  const children = members.filter((member) => member.role === "child");
  if (children.length)
    await db
      .insert(childConsents)
      .values(
        children.map(({ memberId }) => ({
          childId: memberId,
          circleId: circle!.id,
          guardianId: owner,
          birthMonth: CHILD_BIRTH_MONTH,
          wordingVersion: "test",
        })),
      )
      // A child's account is made in one circle: the first that names them.
      .onConflictDoNothing();
  return circle!.id;
}

/** Test helper: how a promise failed (status, message, field), or undefined when it did not. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { status: number; message: string; field?: string }) => ({
      status: error.status,
      message: error.message,
      field: error.field,
    }),
  );
