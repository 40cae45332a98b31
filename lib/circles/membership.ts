import { aliasedTable, and, asc, count, eq, sql } from "drizzle-orm";
import { cache } from "react";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleMemberships, circles } from "../db/schema/circles";

/** Reads of who is in which circle. No rules here: lib/circles and lib/circles/sharing build on these. */

export type Membership = typeof circleMemberships.$inferSelect;

export async function membershipOf(db: Db, circleId: string, memberId: string): Promise<Membership | undefined> {
  const [row] = await db
    .select()
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.memberId, memberId)));
  return row;
}

const ownedCircleRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(circles)
    .where(eq(circles.ownerId, sql.placeholder("ownerId")))
    .prepare("owned_circle"),
);

/** The circle a member owns (one at most), if any. */
export async function ownedCircleOf(db: Db, ownerId: string) {
  const [row] = await ownedCircleRead(db).execute({ ownerId });
  return row;
}

// Prepared: the members' pages read it in several sections and the API in most circle operations.
const circlesOfRead = preparedPerDatabase((db) => {
  const everyone = aliasedTable(circleMemberships, "everyone");
  return db
    .select({
      circleId: circles.id,
      name: circles.name,
      ownerId: circles.ownerId,
      role: circleMemberships.role,
      label: circleMemberships.label,
      pronouns: circleMemberships.pronouns,
      joinedAt: circleMemberships.joinedAt,
      memberCount: count(everyone.memberId),
    })
    .from(circleMemberships)
    .innerJoin(circles, eq(circles.id, circleMemberships.circleId))
    .innerJoin(everyone, eq(everyone.circleId, circles.id))
    .where(eq(circleMemberships.memberId, sql.placeholder("memberId")))
    .groupBy(circles.id, circleMemberships.circleId, circleMemberships.memberId)
    .orderBy(asc(circleMemberships.joinedAt), asc(circles.id))
    .prepare("circles_of_member");
});

// Once per page render (React's cache: a render writes nothing, and outside one, in actions, the API
// and tests, every call reads): /my-account's sections ask for the list three times.
const circlesOfInRender = cache((db: Db, memberId: string) => circlesOfRead(db).execute({ memberId }));

/** Every circle the member is in, with their role there and how many people it holds, oldest first. */
export async function circlesOf(db: Db, memberId: string) {
  return circlesOfInRender(db, memberId);
}

/** Whether two people are in at least one circle together. */
export async function shareACircle(db: Db, a: string, b: string): Promise<boolean> {
  const other = aliasedTable(circleMemberships, "other");
  const [row] = await db
    .select({ circleId: circleMemberships.circleId })
    .from(circleMemberships)
    .innerJoin(other, eq(other.circleId, circleMemberships.circleId))
    .where(and(eq(circleMemberships.memberId, a), eq(other.memberId, b)))
    .limit(1);
  return Boolean(row);
}
