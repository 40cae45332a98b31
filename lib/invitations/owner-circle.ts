import "server-only";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleInvitations } from "../db/schema/invitations";
import { circleMemberships } from "../db/schema/circles";
import { removeFromOwnedCircle, removeMemberFromCircles } from "../circles/circles";
import { circlesOf, membershipOf, ownedCircleOf } from "../circles/membership";
import { CIRCLE_CAPACITY } from "../circles/seats";
import { forgetShares } from "../circles/sharing/shares";
import { invitationMessages as messages } from "./errors";
import { resolveOptions, seconds, viewOf, type CircleOptions, type InvitationView } from "./invitations";

/**
 * The owner's side of their Safe Circle, beside the invitations (./invitations.ts): the circle as its
 * owner or a member sees it (`getCircle`, for /my-account and the API's getMyCircle), taking someone
 * out, the data download's `circle` section and what an erasure removes.
 */

/** Takes a member out of the owner's circle: they are no longer covered, and the shares made through it end. */
export async function removeCircleMember(
  ownerId: string,
  memberIdArg: string,
  options: Omit<CircleOptions, "familyPlan">,
): Promise<void> {
  await removeFromOwnedCircle(ownerId, memberIdArg, options);
}

export type CircleMemberView = {
  memberId: string;
  name: string | null;
  contact: string;
  joinedAt: number;
  covered: boolean;
  /** Their role in the circle (guardian, member or child) and how the circle knows them. */
  role: "guardian" | "member" | "child";
  label: string | null;
};

export type CircleView =
  | {
      role: "owner";
      circleId: string;
      covered: boolean;
      canInvite: boolean;
      cannotInviteReason: string | null;
      seatsLeft: number;
      members: CircleMemberView[];
      invitations: InvitationView[];
    }
  | {
      role: "member";
      circleId: string;
      /** The caller's role there. */
      circleRole: "guardian" | "member" | "child";
      ownerName: string;
      covered: boolean;
      joinedAt: number;
    }
  | { role: "none"; canInvite: boolean; cannotInviteReason: string | null; seatsLeft: number };

// Prepared: /my-account's Safe Circle reads it on every view.
const pendingInvitationsRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(circleInvitations)
    .where(and(eq(circleInvitations.ownerId, sql.placeholder("ownerId")), eq(circleInvitations.status, "pending")))
    .orderBy(asc(circleInvitations.createdAt))
    .prepare("circle_pending_invitations"),
);

/**
 * The caller's Safe Circle for the account page: the circle they own (members and invitations) when
 * it has anyone in it; else the first circle they joined (and whether it covers them); else none.
 * Every circle and role: lib/circles getMyCircles.
 */
export async function getCircle(who: { memberId: string }, options: CircleOptions): Promise<CircleView> {
  const { db, now, familyPlan } = await resolveOptions(options);
  const owned = await ownedCircleOf(db, who.memberId);
  const members = owned
    ? await db
        .select()
        .from(circleMemberships)
        .where(and(eq(circleMemberships.circleId, owned.id), ne(circleMemberships.role, "owner")))
        .orderBy(asc(circleMemberships.joinedAt))
    : [];
  const invitations = await pendingInvitationsRead(db).execute({ ownerId: who.memberId });
  const joined = members.length === 0 && invitations.length === 0 ? await joinedCircle(db, who.memberId) : undefined;
  if (joined) {
    const [invitation] = joined.invitationId
      ? await db
          .select({ ownerName: circleInvitations.ownerName })
          .from(circleInvitations)
          .where(eq(circleInvitations.id, joined.invitationId))
      : [];
    return {
      role: "member",
      circleId: joined.circleId,
      circleRole: joined.role,
      ownerName: invitation?.ownerName || "Your family",
      covered: (await familyPlan(joined.ownerId)).family,
      joinedAt: seconds(joined.joinedAt),
    };
  }
  const family = (await familyPlan(who.memberId)).family;
  const pendingLive = invitations.filter((row) => row.expiresAt.getTime() > now.getTime()).length;
  const seatsLeft = family ? Math.max(0, CIRCLE_CAPACITY - members.length - pendingLive) : 0;
  const cannotInviteReason = !family
    ? messages.notFamily
    : seatsLeft === 0
      ? "Your Safe Circle is full: a Family plan covers you and 5 more people"
      : null;
  if (!owned || (members.length === 0 && invitations.length === 0))
    return { role: "none", canInvite: cannotInviteReason === null, cannotInviteReason, seatsLeft };
  return {
    role: "owner",
    circleId: owned.id,
    covered: family,
    canInvite: cannotInviteReason === null,
    cannotInviteReason,
    seatsLeft,
    members: members.map((row) => ({
      memberId: row.memberId,
      name: row.name,
      contact: row.contact ?? "",
      joinedAt: seconds(row.joinedAt),
      covered: family,
      role: row.role === "owner" ? "member" : row.role,
      label: row.label,
    })),
    invitations: invitations.map((row) => viewOf(row, now)),
  };
}

/** The first circle the member joined that is not their own, with its owner. */
async function joinedCircle(db: Db, memberId: string) {
  const circle = (await circlesOf(db, memberId)).find((row) => row.role !== "owner");
  if (!circle) return undefined;
  const membership = (await membershipOf(db, circle.circleId, memberId))!;
  return { ...membership, role: membership.role as "guardian" | "member" | "child", ownerId: circle.ownerId };
}

/**
 * For the member's data download, without tokens: every circle they are in with their role, the
 * people of the circle they own, and the invitations they sent.
 */
export async function exportCircle(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const circles = await circlesOf(db, memberId);
  const joined = circles.find((row) => row.role !== "owner");
  const owned = circles.find((row) => row.role === "owner");
  const members = owned
    ? await db
        .select({
          memberId: circleMemberships.memberId,
          role: circleMemberships.role,
          label: circleMemberships.label,
          pronouns: circleMemberships.pronouns,
          name: circleMemberships.name,
          contact: circleMemberships.contact,
          joinedAt: circleMemberships.joinedAt,
        })
        .from(circleMemberships)
        .where(and(eq(circleMemberships.circleId, owned.circleId), ne(circleMemberships.role, "owner")))
    : [];
  const invitations = await db
    .select({
      circleId: circleInvitations.circleId,
      role: circleInvitations.role,
      channel: circleInvitations.channel,
      recipient: circleInvitations.recipient,
      status: circleInvitations.status,
      createdAt: circleInvitations.createdAt,
      expiresAt: circleInvitations.expiresAt,
    })
    .from(circleInvitations)
    .where(eq(circleInvitations.ownerId, memberId));
  return {
    memberOf: joined ? { joinedAt: seconds(joined.joinedAt) } : null,
    circles: circles.map((row) => ({
      circleId: row.circleId,
      name: row.name,
      role: row.role,
      label: row.label,
      pronouns: row.pronouns,
      joinedAt: seconds(row.joinedAt),
    })),
    members: members.map((row) => ({ ...row, joinedAt: seconds(row.joinedAt) })),
    invitations: invitations.map((row) => ({
      ...row,
      createdAt: seconds(row.createdAt),
      expiresAt: seconds(row.expiresAt),
    })),
  };
}

/**
 * A deleted account leaves every circle, and its own circle (memberships, invitations, the shares
 * made through it) is dissolved; every share of its items and naming it goes. The invitations it
 * received go too: those sent to one of its addresses (email or phone, whoever sent them) and the
 * one it accepted.
 */
export async function removeFromCircles(
  memberId: string,
  options: { db?: Db; addresses?: readonly string[] } = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  const addresses = [
    ...new Set((options.addresses ?? []).map((address) => address.trim().toLowerCase()).filter(Boolean)),
  ];
  await db.transaction(async (tx) => {
    await removeMemberFromCircles(tx, memberId);
    await forgetShares(tx, memberId);
    await tx
      .delete(circleInvitations)
      .where(
        or(
          eq(circleInvitations.ownerId, memberId),
          eq(circleInvitations.acceptedBy, memberId),
          ...(addresses.length ? [inArray(sql`lower(${circleInvitations.recipient})`, addresses)] : []),
        ),
      );
  });
}
