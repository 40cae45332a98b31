import type { Db } from "../db/open";
import { circleMemberships, circles } from "../db/schema/circles";
import type { CircleRole } from "./roles";

/** Test helper: a circle owned by `owner` with the given people and roles, written directly. Its id. */
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
