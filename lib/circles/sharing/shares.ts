import { and, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { circleMemberships, circles, shares } from "../../db/schema/circles";
import { CircleError } from "../errors";
import { parseInput } from "../roles";
import { membershipOf, shareACircle } from "../membership";
import { SHARED_ITEM_TYPES, type ItemKinds } from "./item-kinds";

export type ShareView = {
  id: string;
  itemType: (typeof SHARED_ITEM_TYPES)[number];
  itemId: string;
  memberId: string | null;
  circleId: string | null;
  permission: "view" | "edit";
};

/** `kinds`: the shareable kinds (lib/features.ts `itemKinds`; tests bring their own). */
type Options = { db?: Db; kinds: ItemKinds };

const shareInput = z
  .object({
    itemType: z.enum(SHARED_ITEM_TYPES, { message: "itemType must be HABIT, EVENT, MOMENT or GOAL" }),
    itemId: z.string().trim().min(1, "itemId is required").max(255, "itemId is too long"),
    memberId: z.string().trim().min(1, "memberId is empty").max(255, "memberId is too long").nullish(),
    circleId: z.uuid({ message: "circleId is invalid" }).nullish(),
    permission: z.enum(["view", "edit"], { message: "permission must be VIEW or EDIT" }),
  })
  .refine((input) => !input.memberId !== !input.circleId, {
    message: "memberId or circleId: give exactly one of them",
    path: ["memberId"],
  });

const view = (row: typeof shares.$inferSelect): ShareView => ({
  id: row.id,
  itemType: row.itemType as ShareView["itemType"],
  itemId: row.itemId,
  memberId: row.memberId,
  circleId: row.circleId,
  permission: row.permission,
});

const itemNotFound = () => new CircleError(404, "Item not found");

/**
 * Shares one of the caller's items with one member or one circle, VIEW or EDIT; sharing again with
 * the same person or circle changes the permission. An item that does not exist or is not the
 * caller's answers 404 (the kind's registry entry says who owns it). The person must be in one of
 * the owner's circles, the circle one the owner is in (400 naming the field): for everyone,
 * children included, nothing is shared outside the owner's circles.
 */
export async function shareItem(ownerId: string, input: unknown, options: Options): Promise<ShareView> {
  const { itemType, itemId, memberId, circleId, permission } = parseInput(shareInput, input);
  const db = options.db ?? (await getDb());
  const kind = options.kinds[itemType];
  const owner = kind ? await kind.ownerOf(itemId, db) : null;
  if (owner !== ownerId) throw itemNotFound();
  return db.transaction(async (tx) => {
    // The two people's memberships stay put until the share is written: a departure waits, then ends it.
    await tx
      .select({ circleId: circleMemberships.circleId })
      .from(circleMemberships)
      .where(inArray(circleMemberships.memberId, memberId ? [ownerId, memberId] : [ownerId]))
      .for("share");
    if (memberId) {
      if (memberId === ownerId)
        throw new CircleError(400, "you always see your own items", { field: "memberId", namesField: true });
      if (!(await shareACircle(tx, ownerId, memberId)))
        throw new CircleError(400, "you can share only with people in your circles", {
          field: "memberId",
          namesField: true,
        });
    } else if (!(await membershipOf(tx, circleId!, ownerId))) {
      throw new CircleError(400, "you can share only with a circle you are in", {
        field: "circleId",
        namesField: true,
      });
    }
    await kind!.checkShare?.(tx, {
      ownerId,
      itemId,
      memberId: memberId ?? null,
      circleId: circleId ?? null,
      permission,
    });
    await withinShareCap(tx, ownerId, { itemType, itemId, memberId: memberId ?? null, circleId: circleId ?? null });
    const target = memberId
      ? { target: [shares.itemType, shares.itemId, shares.memberId] }
      : { target: [shares.itemType, shares.itemId, shares.circleId] };
    const [row] = await tx
      .insert(shares)
      // Made by hand: an event's later edit, which rewrites its visibility shares, leaves this one.
      .values({ itemType, itemId, ownerId, memberId: memberId ?? null, circleId: circleId ?? null, permission })
      .onConflictDoUpdate({ ...target, set: { permission, fromVisibility: false } })
      .returning();
    return view(row!);
  });
}

/** The most shares one member gives by hand (an event's visibility writes its own, bounded by its people). */
export const MAX_SHARES_PER_MEMBER = 500;

/** Refuses a new share past the cap (409 naming it); changing an existing share's permission is always allowed. */
async function withinShareCap(
  tx: Db,
  ownerId: string,
  share: { itemType: string; itemId: string; memberId: string | null; circleId: string | null },
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shares:${ownerId}`}, 0))`);
  const [given] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(shares)
    .where(and(eq(shares.ownerId, ownerId), eq(shares.fromVisibility, false)));
  if (Number(given?.count ?? 0) < MAX_SHARES_PER_MEMBER) return;
  const [existing] = await tx
    .select({ id: shares.id })
    .from(shares)
    .where(
      and(
        eq(shares.itemType, share.itemType),
        eq(shares.itemId, share.itemId),
        share.memberId ? eq(shares.memberId, share.memberId) : eq(shares.circleId, share.circleId!),
      ),
    );
  if (!existing)
    throw new CircleError(
      409,
      `You have ${MAX_SHARES_PER_MEMBER} shares, the most one member can give: stop sharing something to share more.`,
    );
}

/** Ends one of the caller's shares at once; someone else's share answers 404 like a missing one. */
export async function revokeShare(ownerId: string, shareIdArg: unknown, options: { db?: Db } = {}): Promise<void> {
  const shareId = parseInput(z.uuid({ message: "shareId is invalid" }), shareIdArg, "shareId");
  const db = options.db ?? (await getDb());
  const rows = await db
    .delete(shares)
    .where(and(eq(shares.id, shareId), eq(shares.ownerId, ownerId)))
    .returning({ id: shares.id });
  if (rows.length === 0) throw new CircleError(404, "Share not found");
}

/** The shares of the caller's items (what they have given), newest last. */
export async function sharesOf(ownerId: string, options: { db?: Db } = {}): Promise<ShareView[]> {
  const db = options.db ?? (await getDb());
  const rows = await db.select().from(shares).where(eq(shares.ownerId, ownerId)).orderBy(shares.createdAt, shares.id);
  return rows.map(view);
}

export type NamedShare = ShareView & {
  /** Whom it is shared with, as the owner knows them: the person's name or the circle's; null when unnamed. */
  targetName: string | null;
  /** What the owner's lists call the item (its private title when set); null when its kind gives none. */
  itemTitle: string | null;
};

/**
 * The caller's shares with whom each is shared named, for the "who can see what" page: a circle by
 * its name, a person by the name they joined one of the caller's circles with.
 */
export async function namedSharesOf(ownerId: string, options: Options): Promise<NamedShare[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({
      share: shares,
      circleName: circles.name,
      memberName: sql<string | null>`(select them.name from circle_memberships them
        join circle_memberships me on me.circle_id = them.circle_id and me.member_id = ${shares.ownerId}
        where them.member_id = ${shares.memberId} and them.name is not null
        order by them.joined_at limit 1)`,
    })
    .from(shares)
    .leftJoin(circles, eq(circles.id, shares.circleId))
    .where(eq(shares.ownerId, ownerId))
    .orderBy(shares.createdAt, shares.id);
  const titles = await listTitles(
    db,
    options.kinds,
    rows.map(({ share }) => share),
  );
  return rows.map(({ share, circleName, memberName }) => ({
    ...view(share),
    targetName: share.circleId ? circleName : memberName,
    itemTitle: titles.get(`${share.itemType}:${share.itemId}`) ?? null,
  }));
}

/** Each item's list title, keyed `type:id`, asked of its kind once per kind. */
async function listTitles(db: Db, kinds: ItemKinds, items: { itemType: string; itemId: string }[]) {
  const titles = new Map<string, string>();
  for (const type of SHARED_ITEM_TYPES) {
    const ids = [...new Set(items.filter((item) => item.itemType === type).map((item) => item.itemId))];
    const titlesOf = kinds[type]?.listTitlesOf;
    if (ids.length === 0 || !titlesOf) continue;
    for (const [id, title] of await titlesOf(ids, db)) titles.set(`${type}:${id}`, title);
  }
  return titles;
}

/**
 * After `memberId` left (or was removed from) `circleId`, in the caller's transaction: their items'
 * shares with that circle end, and so do the shares between them and anyone they no longer share a
 * circle with (those were made through it). Shares others gave the circle stay, and stop reaching
 * them by the rule itself.
 */
export async function endSharesAfterLeaving(tx: Db, circleId: string, memberId: string): Promise<void> {
  await tx.delete(shares).where(and(eq(shares.circleId, circleId), eq(shares.ownerId, memberId)));
  await pruneMemberShares(tx, [memberId]);
}

/** Deletes the one-member shares to or from `memberIds` whose two people no longer share a circle. */
export async function pruneMemberShares(tx: Db, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.delete(shares).where(
    and(
      sql`${shares.memberId} is not null`,
      or(inArray(shares.ownerId, memberIds), inArray(shares.memberId, memberIds)),
      sql`not exists (select 1 from circle_memberships a join circle_memberships b on a.circle_id = b.circle_id
          where a.member_id = ${shares.ownerId} and b.member_id = ${shares.memberId})`,
    ),
  );
}

/** The safety reset: every share of the member's items ends at once (shares others gave them stay theirs). */
export async function endSharesOf(tx: Db, ownerId: string): Promise<void> {
  await tx.delete(shares).where(eq(shares.ownerId, ownerId));
}

/** For an erased account: every share of their items and every share naming them. */
export async function forgetShares(tx: Db, memberId: string): Promise<void> {
  await tx.delete(shares).where(or(eq(shares.ownerId, memberId), eq(shares.memberId, memberId)));
}
