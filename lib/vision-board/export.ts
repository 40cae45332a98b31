import { asc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import {
  visionBoardItems,
  visionBoards,
  visionChildRights,
  visionGoalCheers,
  visionGoalHabits,
  visionMilestones,
  visionPreferences,
} from "../db/schema/vision-board";
import { imageUrlOf } from "../uploads";

/**
 * The member's data download section: their own boards with every item, and the items they put on
 * family boards, each with its milestones, linked habits, status and the cheers it received (theirs
 * to read); a photo as the address it is downloaded from while signed in. Real titles: the download
 * is the member's own.
 */
export async function exportVisionBoard(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const boards = await db.select().from(visionBoards).where(eq(visionBoards.ownerId, memberId));
  const boardIds = boards.map((board) => board.id);
  const items = await db
    .select()
    .from(visionBoardItems)
    .where(
      boardIds.length
        ? or(inArray(visionBoardItems.boardId, boardIds), eq(visionBoardItems.ownerId, memberId))
        : eq(visionBoardItems.ownerId, memberId),
    )
    .orderBy(asc(visionBoardItems.boardId), asc(visionBoardItems.position));
  const itemIds = items.map((item) => item.id);
  const [milestones, habits, cheers, familyBoards] = itemIds.length
    ? await Promise.all([
        db.select().from(visionMilestones).where(inArray(visionMilestones.itemId, itemIds)),
        db.select().from(visionGoalHabits).where(inArray(visionGoalHabits.itemId, itemIds)),
        db.select().from(visionGoalCheers).where(inArray(visionGoalCheers.itemId, itemIds)),
        db
          .select()
          .from(visionBoards)
          .where(inArray(visionBoards.id, [...new Set(items.map((item) => item.boardId))])),
      ])
    : [[], [], [], []];
  const itemsOf = (boardId: string) =>
    items
      .filter((item) => item.boardId === boardId)
      .map((item) => ({
        id: item.id,
        kind: item.kind,
        position: item.position,
        size: item.size,
        title: item.title,
        codeWord: item.privateTitle,
        text: item.text,
        colour: item.colour,
        photo: item.imageId ? imageUrlOf(item.imageId, "display") : null,
        area: item.area,
        why: item.why,
        targetDate: item.targetDate,
        targetCount: item.targetCount,
        targetUnit: item.targetUnit,
        countDone: item.countDone,
        status: item.status,
        statusNote: item.statusNote,
        milestones: milestones
          .filter((row) => row.itemId === item.id)
          .map((row) => ({
            title: row.title,
            date: row.date,
            done: row.doneAt !== null,
            calendarEventId: row.eventId,
          })),
        linkedHabitIds: habits.filter((row) => row.itemId === item.id).map((row) => row.habitId),
        cheers:
          item.ownerId === memberId
            ? cheers.filter((row) => row.itemId === item.id).map((row) => ({ note: row.note, at: row.createdAt }))
            : [],
      }));
  const all = [...boards, ...familyBoards.filter((board) => board.kind === "family")];
  return all.map((board) => ({ id: board.id, kind: board.kind, name: board.name, items: itemsOf(board.id) }));
}

/**
 * What an erasure removes: the member's boards (with everything on them), their items on family
 * boards (the boards close the gaps), the cheers they gave, the rights set for them and their look
 * back's day and last snapshot. Their photos
 * and calendar events go with the image pipeline's and the calendar's own erasure.
 */
export async function forgetVisionBoard(tx: Db, memberId: string): Promise<void> {
  await tx.delete(visionBoards).where(eq(visionBoards.ownerId, memberId));
  const left = await tx
    .delete(visionBoardItems)
    .where(eq(visionBoardItems.ownerId, memberId))
    .returning({ boardId: visionBoardItems.boardId });
  for (const boardId of new Set(left.map((row) => row.boardId))) {
    const order = await tx
      .select({ id: visionBoardItems.id })
      .from(visionBoardItems)
      .where(eq(visionBoardItems.boardId, boardId))
      .orderBy(asc(visionBoardItems.position));
    for (const [position, row] of order.entries())
      await tx.update(visionBoardItems).set({ position }).where(eq(visionBoardItems.id, row.id));
  }
  await tx.delete(visionGoalCheers).where(eq(visionGoalCheers.fromMemberId, memberId));
  await tx.delete(visionChildRights).where(eq(visionChildRights.childId, memberId));
  await tx.delete(visionPreferences).where(eq(visionPreferences.memberId, memberId));
}
