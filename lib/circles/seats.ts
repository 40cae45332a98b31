import { and, count, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../db/open";
import { circleInvitations } from "../db/schema/invitations";
import { circleMemberships } from "../db/schema/circles";
import { ownedCircleOf } from "./membership";

/**
 * The seat rule of an owner's circle: the people in it besides the owner and the live invitations
 * together fill at most 5 seats. Invitations (lib/invitations) and a guardian's new child account
 * (./children.ts) both take a seat.
 */
export const CIRCLE_CAPACITY = 5;

/** The people in the owner's circle besides the owner, and the live invitations: together at most 5. */
export async function seatsTaken(tx: Db, ownerId: string, now: Date) {
  const circle = await ownedCircleOf(tx, ownerId);
  const [members] = circle
    ? await tx
        .select({ n: count() })
        .from(circleMemberships)
        .where(and(eq(circleMemberships.circleId, circle.id), ne(circleMemberships.role, "owner")))
    : [{ n: 0 }];
  const [pending] = await tx
    .select({ n: count() })
    .from(circleInvitations)
    .where(
      and(
        eq(circleInvitations.ownerId, ownerId),
        eq(circleInvitations.status, "pending"),
        gt(circleInvitations.expiresAt, now),
      ),
    );
  return { members: members?.n ?? 0, pending: pending?.n ?? 0 };
}
