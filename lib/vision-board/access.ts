import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { visionBoardItems, visionBoards, visionChildRights } from "../db/schema/vision-board";
import { membershipOf } from "../circles/membership";
import { accessTo } from "../circles/sharing/rule";
import { isUuid } from "../uuid";
import { boardNotFound, itemNotFound } from "./errors";
import type { ChildRight } from "./model";

/**
 * Who reaches a board and its items, the one place it is decided:
 * - a member's own boards ("My board", extra boards) reach their owner alone;
 * - a family board reaches everyone in its circle while they are in it; everyone adds, except a
 *   child whose carers set their right to "view" (a child adds by default: the board is finished when
 *   everyone can point at something on it and say "that one is mine");
 * - a goal on a member's own board also reaches whoever the sharing rule (kind "goal") names, with
 *   view or edit.
 * Anything else answers 404, exactly as an id that does not exist.
 */
export type BoardRow = typeof visionBoards.$inferSelect;
export type ItemRow = typeof visionBoardItems.$inferSelect;
export type BoardReach = { board: BoardRow; canAdd: boolean; isChild: boolean };
export type ItemAccess = "owner" | "edit" | "view";

/** A child's right on a circle's family board: the carers' choice, "add" until they set one. */
export async function childRightOn(db: Db, circleId: string, childId: string): Promise<ChildRight> {
  const [row] = await db
    .select({ right: visionChildRights.right })
    .from(visionChildRights)
    .where(and(eq(visionChildRights.circleId, circleId), eq(visionChildRights.childId, childId)));
  return row?.right ?? "add";
}

/** How `board` reaches `viewerId`, or null when it does not. */
export async function reachOf(db: Db, viewerId: string, board: BoardRow): Promise<BoardReach | null> {
  if (board.kind !== "family") return board.ownerId === viewerId ? { board, canAdd: true, isChild: false } : null;
  const membership = await membershipOf(db, board.circleId!, viewerId);
  if (!membership) return null;
  if (membership.role !== "child") return { board, canAdd: true, isChild: false };
  return { board, canAdd: (await childRightOn(db, board.circleId!, viewerId)) === "add", isChild: true };
}

/** A board's row by id: read on every board view, so prepared (lib/db/prepared.ts). */
const boardById = preparedPerDatabase((db: Db) =>
  db
    .select()
    .from(visionBoards)
    .where(eq(visionBoards.id, sql.placeholder("id")))
    .prepare("vision_board_by_id"),
);

/** The board `boardId` as it reaches the viewer, or 404. */
export async function boardFor(db: Db, viewerId: string, boardId: unknown): Promise<BoardReach> {
  if (!isUuid(boardId)) throw boardNotFound();
  const [board] = await boardById(db).execute({ id: boardId });
  const reach = board ? await reachOf(db, viewerId, board) : null;
  if (!reach) throw boardNotFound();
  return reach;
}

/**
 * The item `itemId` as it reaches the viewer: the item, its board, and what they may do with it (the
 * item's owner, an editor or a viewer of a shared goal, or someone who sees the family board). Or 404.
 */
export async function itemFor(
  db: Db,
  viewerId: string,
  itemId: unknown,
  lock = false,
): Promise<{ item: ItemRow; reach: BoardReach | null; access: ItemAccess }> {
  if (!isUuid(itemId)) throw itemNotFound();
  const query = db.select().from(visionBoardItems).where(eq(visionBoardItems.id, itemId));
  const [item] = lock ? await query.for("update") : await query;
  if (!item) throw itemNotFound();
  const [board] = await db.select().from(visionBoards).where(eq(visionBoards.id, item.boardId));
  const reach = await reachOf(db, viewerId, board!);
  if (reach) return { item, reach, access: item.ownerId === viewerId ? "owner" : "view" };
  if (item.kind === "goal" && board!.kind !== "family") {
    const shared = await accessTo(db, viewerId, { itemType: "goal", itemId: item.id, ownerId: item.ownerId });
    if (shared === "edit" || shared === "view") return { item, reach: null, access: shared };
  }
  throw itemNotFound();
}
