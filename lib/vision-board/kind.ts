import { and, eq, inArray, ne } from "drizzle-orm";
import { visionBoardItems, visionBoards } from "../db/schema/vision-board";
import type { Db } from "../db/open";
import type { ItemKind } from "../circles/sharing/item-kinds";
import { isUuid } from "../uuid";
import { listTitle } from "../display";

/**
 * The shareable kind for goals (SharedItemType GOAL): a goal on a member's own board, shared with one
 * person or a circle, view or edit. A goal on a family board is the circle's already and is not shared
 * again. Lists call it by its code word when it has one.
 */
export const goalKind: ItemKind = {
  ownerOf: async (itemId, db) => {
    if (!isUuid(itemId)) return null;
    const [row] = await db
      .select({ ownerId: visionBoardItems.ownerId })
      .from(visionBoardItems)
      .innerJoin(visionBoards, eq(visionBoards.id, visionBoardItems.boardId))
      .where(and(eq(visionBoardItems.id, itemId), eq(visionBoardItems.kind, "goal"), ne(visionBoards.kind, "family")));
    return row?.ownerId ?? null;
  },
  listTitlesOf: async (itemIds, db) => {
    const ids = itemIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: visionBoardItems.id, title: visionBoardItems.title, privateTitle: visionBoardItems.privateTitle })
      .from(visionBoardItems)
      .where(inArray(visionBoardItems.id, ids));
    return new Map(
      rows.map((row) => [row.id, listTitle({ title: row.title ?? "Goal", privateTitle: row.privateTitle })]),
    );
  },
};

/**
 * Whose goal this is, on any of the boards (a member's own goal on a family board too), or null for
 * an id that is no goal: what Happr Cam asks before a moment is attached to it (lib/features.ts `camLinks`).
 */
export async function goalOwnerOf(goalId: string, db: Db): Promise<string | null> {
  if (!isUuid(goalId)) return null;
  const [row] = await db
    .select({ ownerId: visionBoardItems.ownerId })
    .from(visionBoardItems)
    .where(and(eq(visionBoardItems.id, goalId), eq(visionBoardItems.kind, "goal")));
  return row?.ownerId ?? null;
}
