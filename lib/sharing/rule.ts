import { and, eq, or, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { shares } from "../db/schema/circles";
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

/** The condition a share row must meet to let `viewerId` see its item (see the rule above). */
export function shareReaches(viewerId: string | Placeholder) {
  return or(
    and(
      eq(shares.memberId, viewerId),
      sql`exists (select 1 from circle_memberships a join circle_memberships b on a.circle_id = b.circle_id
        where a.member_id = ${shares.ownerId} and b.member_id = ${viewerId})`,
    ),
    and(
      sql`${shares.circleId} is not null`,
      inCircle(shares.circleId, viewerId),
      inCircle(shares.circleId, shares.ownerId),
    ),
  )!;
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

/** The items of one kind others share with `viewerId` (best permission per item), for a feature's lists. */
/** Every list of shared items asks it: prepared (lib/db/prepared.ts). */
const sharedWithRead = preparedPerDatabase((db) => {
  const viewer = sql.placeholder("viewerId");
  return db
    .select({ itemId: shares.itemId, ownerId: shares.ownerId, permission: shares.permission })
    .from(shares)
    .where(
      and(eq(shares.itemType, sql.placeholder("itemType")), sql`${shares.ownerId} <> ${viewer}`, shareReaches(viewer)),
    )
    .prepare("items_shared_with");
});

export async function itemsSharedWith(
  db: Db,
  viewerId: string,
  itemType: SharedItemType,
): Promise<{ itemId: string; ownerId: string; permission: "edit" | "view" }[]> {
  const rows = await sharedWithRead(db).execute({ viewerId, itemType });
  const best = new Map<string, { itemId: string; ownerId: string; permission: "edit" | "view" }>();
  for (const row of rows) {
    const key = `${row.ownerId}\u0000${row.itemId}`;
    if (!best.has(key) || row.permission === "edit") best.set(key, row);
  }
  return [...best.values()].sort((a, b) => a.itemId.localeCompare(b.itemId));
}
