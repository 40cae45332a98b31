import type { Db } from "../db/open";
import { childConsents, circleMemberships, circles } from "../db/schema/circles";
import type { CircleRole } from "./roles";

/** A birth month that stays under 13 for years yet (a test's child). */
export const CHILD_BIRTH_MONTH = "2019-06";

/**
 * Test helper: a circle owned by `owner` with the given people and roles, written directly. Its id.
 * Everyone with the role `child` gets a child's account there (in the first such circle) (a consent record by the owner, as
 * createChildAccount writes): the role is only for such accounts (carers.ts).
 */
export async function makeCircle(
  db: Db,
  owner: string,
  people: Record<string, Exclude<CircleRole, "owner">>,
): Promise<string> {
  const [circle] = await db
    .insert(circles)
    .values({ name: `${owner}'s circle`, ownerId: owner })
    .returning();
  await db
    .insert(circleMemberships)
    .values([
      { circleId: circle!.id, memberId: owner, role: "owner" },
      ...Object.entries(people).map(([memberId, role]) => ({ circleId: circle!.id, memberId, role })),
    ]);
  const children = Object.entries(people).filter(([, role]) => role === "child");
  if (children.length)
    await db
      .insert(childConsents)
      .values(
        children.map(([childId]) => ({
          childId,
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
