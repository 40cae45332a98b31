import { and, eq, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/open";
import { shares } from "../../db/schema/circles";
import type { SharedItemType } from "./item-kinds";

/**
 * THE sharing rule (the only place that decides who sees a member's item):
 * an item is visible to its owner, and to whoever an active share names: one member (who is still
 * in a circle with the owner), or one circle (while both the viewer and the owner are in it).
 * Nothing else, whatever the viewer's role: a circle's owner or guardian does not see an adult's
 * private items. Read from the database on every call (no cache), so a revoked share or a departure
 * counts on the next request.
 */
export type Access = "owner" | "edit" | "view";
export type ItemRef = { itemType: SharedItemType; itemId: string; ownerId: string };

/** Whether `viewerId` is in `circle` (an SQL expression) right now. */
const inCircle = (circle: unknown, memberId: unknown) =>
  sql`exists (select 1 from circle_memberships m where m.circle_id = ${circle} and m.member_id = ${memberId})`;

/** A share naming the viewer reaches them while they are in a circle with the item's owner. */
const memberShareReaches = (viewerId: string | Placeholder) =>
  and(
    eq(shares.memberId, viewerId),
    sql`exists (select 1 from circle_memberships a join circle_memberships b on a.circle_id = b.circle_id
      where a.member_id = ${shares.ownerId} and b.member_id = ${viewerId})`,
  )!;

/** A share with a circle reaches the viewer while both the viewer and the item's owner are in it. */
const circleShareReaches = (viewerId: string | Placeholder) =>
  and(
    sql`${shares.circleId} is not null`,
    inCircle(shares.circleId, viewerId),
    inCircle(shares.circleId, shares.ownerId),
  )!;

/** The condition a share row must meet to let `viewerId` see its item (see the rule above). */
export function shareReaches(viewerId: string | Placeholder) {
  return or(memberShareReaches(viewerId), circleShareReaches(viewerId))!;
}

/** What `viewerId` may do with the item: "owner", "edit", "view", or null (it is not theirs to see). */
export async function accessTo(db: Db, viewerId: string, item: ItemRef): Promise<Access | null> {
  if (viewerId === item.ownerId) return "owner";
  const rows = await db
    .select({ permission: shares.permission })
    .from(shares)
    .where(
      and(
        eq(shares.itemType, item.itemType),
        eq(shares.itemId, item.itemId),
        eq(shares.ownerId, item.ownerId),
        shareReaches(viewerId),
      ),
    );
  if (rows.some((row) => row.permission === "edit")) return "edit";
  return rows.length > 0 ? "view" : null;
}

/**
 * The item's owner (an SQL column) is the viewer or in a circle with them. Every way an item reaches
 * a viewer implies it (both of the rule's branches ask it, and a guardian's child is in the
 * guardian's circle), so it narrows nothing: a list query adds it beside the rule so PostgreSQL finds
 * the candidate rows by the owner index instead of reading every member's rows.
 */
export const ownerWithinReach = (ownerId: SQL | AnyColumn, viewer: string | Placeholder) =>
  sql`${ownerId} = any(array(${ownersWithinReach(viewer)}))`;

/**
 * The owners `ownerWithinReach` allows, as a one-column select (the viewer, and everyone in a circle
 * with them): for a list that reads each owner's newest rows by their own index (a lateral join).
 */
export const ownersWithinReach = (viewer: string | Placeholder) =>
  sql`select ${viewer}::text as owner_id union
    select b.member_id from circle_memberships a join circle_memberships b on a.circle_id = b.circle_id
    where a.member_id = ${viewer}`;

/**
 * For a feature's list query: the (item id, owner) pairs of one kind that shares reach `viewer`
 * with, as a subquery for `(id::text, owner_id) in (...)` (a semi-join, found once, not per row).
 * The rule's two branches are asked apart, so each is a plain join PostgreSQL starts from the viewer
 * (their shares, their circles' shares) by index. Asked as one OR, its prepared (generic) plan read
 * every share of the kind and every circle membership in the database.
 */
export const itemsReaching = (viewer: string | Placeholder, itemType: SharedItemType) => {
  const ofKind = sql`${shares.itemType} = ${itemType} and ${shares.ownerId} <> ${viewer}`;
  return sql`select ${shares.itemId}, ${shares.ownerId} from ${shares} where ${ofKind} and ${memberShareReaches(viewer)}
    union all
    select ${shares.itemId}, ${shares.ownerId} from ${shares} where ${ofKind} and ${circleShareReaches(viewer)}`;
};

/**
 * For a list query's row (item id and owner as SQL): whether a share reaches `viewer` with it, asked
 * per row through the shares' item index. Where a list's candidate rows are few but the shares
 * reaching the viewer grow with their history (years of events shared with them), this stays flat;
 * `itemsReaching` reads every share reaching them first.
 */
export const reachedThroughShare = (
  viewer: string | Placeholder,
  itemType: SharedItemType,
  itemId: SQL,
  ownerId: SQL,
) =>
  sql`exists (select 1 from ${shares} where ${shares.itemType} = ${itemType} and ${shares.itemId} = ${itemId}
    and ${shares.ownerId} = ${ownerId} and ${shareReaches(viewer)})`;

/** For a list query's rows (item id and owner as SQL): the viewer's access, as `accessTo` decides it for one. */
export const accessColumn = (viewer: string | Placeholder, itemType: SharedItemType, itemId: SQL, ownerId: SQL) =>
  sql<Access>`case when ${ownerId} = ${viewer} then 'owner'
    when exists (select 1 from ${shares} where ${shares.itemType} = ${itemType} and ${shares.itemId} = ${itemId}
      and ${shares.ownerId} = ${ownerId} and ${shares.permission} = 'edit' and ${shareReaches(viewer)}) then 'edit'
    else 'view' end`;
