import { eq, inArray } from "drizzle-orm";
import { habits } from "../db/schema/habits";
import type { ItemKind } from "../circles/sharing/item-kinds";
import { isUuid } from "../uuid";
import { listTitle } from "../display";

/**
 * The shareable kind for habits: who owns one (archived ones too, so their shares can
 * still be revoked) and what lists call it (the private title when set). Given to sharing through
 * lib/features.ts: sharing imports no feature.
 */
export const habitKind: ItemKind = {
  ownerOf: async (itemId, db) => {
    if (!isUuid(itemId)) return null;
    const [row] = await db.select({ ownerId: habits.ownerId }).from(habits).where(eq(habits.id, itemId));
    return row?.ownerId ?? null;
  },
  listTitlesOf: async (itemIds, db) => {
    const ids = itemIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: habits.id, title: habits.title, privateTitle: habits.privateTitle })
      .from(habits)
      .where(inArray(habits.id, ids));
    return new Map(rows.map((row) => [row.id, listTitle(row)]));
  },
};
