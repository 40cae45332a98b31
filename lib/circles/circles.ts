import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { circleMemberships, circles } from "../db/schema/circles";
import { endSharesAfterLeaving, pruneMemberShares } from "./sharing/shares";
import { childAccountOf } from "./carers";
import { assertChildMay } from "./child-limits";
import { CircleError, circleMessages as messages } from "./errors";
import { circlesOf, membershipOf, ownedCircleOf, type Membership } from "./membership";
import { labelSchema, parseInput, pronounsSchema, roleChangeProblem, roleSchema, type CircleRole } from "./roles";

type Options = { db?: Db; now?: Date };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const idSchema = (field: string) => z.uuid({ message: `${field} is invalid` });
const memberIdSchema = z.string().trim().min(1, "memberId is required").max(255, "memberId is too long");

/** One circle changes one at a time (capacity, roles and departures must not race). Keyed by its owner. */
export async function lockCircleOf(tx: Db, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`circle:${ownerId}`}))`);
}

export function defaultCircleName(ownerName: string | null | undefined): string {
  const name = ownerName?.trim();
  return name ? `${name}'s circle` : "My circle";
}

/** The owner's circle, created (with the owner's own membership) the first time they need it. */
export async function ensureOwnedCircle(tx: Db, owner: { memberId: string; name: string | null }, now = new Date()) {
  const existing = await ownedCircleOf(tx, owner.memberId);
  if (existing) return existing;
  const [circle] = await tx
    .insert(circles)
    .values({ name: defaultCircleName(owner.name), ownerId: owner.memberId, createdAt: now })
    .returning();
  await tx
    .insert(circleMemberships)
    .values({ circleId: circle!.id, memberId: owner.memberId, role: "owner", name: owner.name, joinedAt: now });
  return circle!;
}

export type MyCircle = {
  circleId: string;
  name: string;
  ownerId: string;
  role: CircleRole;
  label: string | null;
  pronouns: string | null;
  memberCount: number;
  joinedAt: number;
};

/** The caller's circles and their role in each (a person may be in several). */
export async function getMyCircles(memberId: string, options: Options = {}): Promise<MyCircle[]> {
  const db = options.db ?? (await getDb());
  return (await circlesOf(db, memberId)).map((row) => ({
    ...row,
    memberCount: Number(row.memberCount),
    joinedAt: seconds(row.joinedAt),
  }));
}

export type CirclePerson = {
  memberId: string;
  role: CircleRole;
  label: string | null;
  pronouns: string | null;
  name: string | null;
  joinedAt: number;
};

/** The people in a circle the caller is in (404 otherwise, as for a circle that does not exist). */
export async function getCirclePeople(viewerId: string, circleIdArg: unknown, options: Options = {}) {
  const circleId = parseInput(idSchema("circleId"), circleIdArg, "circleId");
  const db = options.db ?? (await getDb());
  if (!(await membershipOf(db, circleId, viewerId))) throw new CircleError(404, messages.circleNotFound);
  const rows = await db
    .select()
    .from(circleMemberships)
    .where(eq(circleMemberships.circleId, circleId))
    .orderBy(asc(circleMemberships.joinedAt), asc(circleMemberships.memberId));
  return rows.map((row): CirclePerson => ({
    memberId: row.memberId,
    role: row.role,
    label: row.label,
    pronouns: row.pronouns,
    name: row.name,
    joinedAt: seconds(row.joinedAt),
  }));
}

/** Locks the circle and answers the actor's and the target's memberships (404 when either is missing). */
async function lockedPair(tx: Db, circleId: string, actorId: string, memberId: string) {
  const [circle] = await tx.select().from(circles).where(eq(circles.id, circleId));
  const actorFirst = circle ? await membershipOf(tx, circleId, actorId) : undefined;
  // A circle the caller is not in answers exactly like one that does not exist.
  if (!circle || !actorFirst) throw new CircleError(404, messages.circleNotFound);
  await lockCircleOf(tx, circle.ownerId);
  const actor = await membershipOf(tx, circleId, actorId);
  if (!actor) throw new CircleError(404, messages.circleNotFound);
  const target = await membershipOf(tx, circleId, memberId);
  if (!target) throw new CircleError(404, messages.memberNotFound);
  return { circle, actor, target };
}

/**
 * Changes another person's role in a circle the caller owns or guards (rules: roleChangeProblem in
 * roles.ts). Bad input answers 400 naming the field; nothing is written unless every check passes.
 */
export async function setCircleRole(
  actorId: string,
  input: { circleId: unknown; memberId: unknown; role: unknown },
  options: Options = {},
): Promise<void> {
  const circleId = parseInput(idSchema("circleId"), input.circleId, "circleId");
  const memberId = parseInput(memberIdSchema, input.memberId, "memberId");
  const role = parseInput(roleSchema, input.role, "role");
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    const { actor, target } = await lockedPair(tx, circleId, actorId, memberId);
    const problem = roleChangeProblem({
      actor: actor.role,
      target: target.role,
      next: role,
      self: actorId === memberId,
      childAccount: Boolean(await childAccountOf(tx, memberId, options.now)),
    });
    if (problem) throw problem;
    if (target.role === role) return;
    await tx
      .update(circleMemberships)
      .set({ role })
      .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.memberId, memberId)));
  });
}

/**
 * How the circle knows someone: a label ("grandparent", "carer") and pronouns. Anyone sets their
 * own; the owner sets anyone's; a guardian sets members' and children's.
 */
export async function setCircleMemberDetails(
  actorId: string,
  input: { circleId: unknown; memberId: unknown; label?: unknown; pronouns?: unknown },
  options: Options = {},
): Promise<CirclePerson> {
  const circleId = parseInput(idSchema("circleId"), input.circleId, "circleId");
  const memberId = parseInput(memberIdSchema, input.memberId, "memberId");
  const label = parseInput(labelSchema, input.label, "label");
  const pronouns = parseInput(pronounsSchema, input.pronouns, "pronouns");
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const { actor, target } = await lockedPair(tx, circleId, actorId, memberId);
    const allowed =
      actorId === memberId ||
      actor.role === "owner" ||
      (actor.role === "guardian" && (target.role === "member" || target.role === "child"));
    if (!allowed)
      throw new CircleError(403, "Only the person, the owner or a guardian can describe someone in a circle");
    const [row] = await tx
      .update(circleMemberships)
      .set({ label, pronouns })
      .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.memberId, memberId)))
      .returning();
    return {
      memberId: row!.memberId,
      role: row!.role,
      label: row!.label,
      pronouns: row!.pronouns,
      name: row!.name,
      joinedAt: seconds(row!.joinedAt),
    };
  });
}

/**
 * Ends a membership inside the caller's transaction, with its shares (endSharesAfterLeaving). The
 * owner's membership never ends this way: the circle would have no owner (409).
 */
export async function endMembership(tx: Db, membership: Membership): Promise<void> {
  if (membership.role === "owner") throw new CircleError(409, messages.ownerStays);
  await tx
    .delete(circleMemberships)
    .where(
      and(eq(circleMemberships.circleId, membership.circleId), eq(circleMemberships.memberId, membership.memberId)),
    );
  await endSharesAfterLeaving(tx, membership.circleId, membership.memberId);
}

/** The caller leaves a circle they are in (not one they own); a child's account stays (child-limits.ts). */
export async function leaveCircle(memberId: string, circleIdArg: unknown, options: Options = {}): Promise<void> {
  const circleId = parseInput(idSchema("circleId"), circleIdArg, "circleId");
  const db = options.db ?? (await getDb());
  await assertChildMay(memberId, "leaveCircle", { db, now: options.now });
  await db.transaction(async (tx) => {
    const { target } = await lockedPair(tx, circleId, memberId, memberId);
    await endMembership(tx, target);
  });
}

/** The owner takes someone out of their circle (404 for someone not in it); their cover ends. */
export async function removeFromOwnedCircle(
  ownerId: string,
  memberIdArg: unknown,
  options: Options = {},
): Promise<void> {
  const memberId = parseInput(memberIdSchema, memberIdArg, "memberId");
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    await lockCircleOf(tx, ownerId);
    const circle = await ownedCircleOf(tx, ownerId);
    const target = circle && memberId !== ownerId ? await membershipOf(tx, circle.id, memberId) : undefined;
    if (!target) throw new CircleError(404, messages.memberNotFound);
    await endMembership(tx, target);
  });
}

/**
 * For an erased account, in the caller's transaction: the circle they own ends (every membership,
 * the shares made through it, its invitations: cascade), and they leave every other circle.
 * Erasure ends the circle rather than refusing: the people in it lose the owner's cover, as when the
 * Family plan ends, and keep their own accounts and items.
 */
export async function removeMemberFromCircles(tx: Db, memberId: string): Promise<void> {
  const owned = await ownedCircleOf(tx, memberId);
  if (owned) {
    await lockCircleOf(tx, memberId);
    const people = await tx
      .select({ memberId: circleMemberships.memberId })
      .from(circleMemberships)
      .where(eq(circleMemberships.circleId, owned.id));
    await tx.delete(circles).where(eq(circles.id, owned.id));
    await pruneMemberShares(
      tx,
      people.map((row) => row.memberId),
    );
  }
  const memberships = await tx.select().from(circleMemberships).where(eq(circleMemberships.memberId, memberId));
  for (const membership of memberships) await endMembership(tx, membership);
}
