import { and, asc, count, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleMemberships, circles } from "../db/schema/circles";
import {
  visionBoardItems,
  visionBoards,
  visionChildRights,
  visionGoalCheers,
  visionGoalHabits,
  visionMilestones,
} from "../db/schema/vision-board";
import { circlesOf } from "../circles/membership";
import { isUuid } from "../uuid";
import { listTitle } from "../display";
import { claimUpload, deleteImages } from "../uploads";
import { boardFor, itemFor, reachOf, type BoardReach, type ItemAccess, type ItemRow } from "./access";
import { bad, boardNotFound, milestoneNotFound, VisionBoardError } from "./errors";
import { BOARD_IMAGE_HOLDER, type BoardLinks } from "./links";
import { scheduleLookBack } from "./look-back";
import {
  checkComplete,
  EXTRA_BOARDS_MAX,
  ITEMS_PER_BOARD,
  MILESTONES_PER_GOAL,
  parseBoardName,
  parseCheerNote,
  parseChildRight,
  parseDone,
  parseItemInput,
  parseMilestone,
  parsePosition,
  parseStatus,
  type ChildRight,
  type ItemInput,
} from "./model";
import {
  cheersOf,
  itemViews,
  readBoardContents,
  readBoardWithContents,
  readGoalsInProgress,
  type BoardContents,
  type Cheer,
  type ItemView,
} from "./views";

export type Options = { db?: Db; now?: Date };
export type LinkedOptions = Options & { links: BoardLinks };

export const MY_BOARD_NAME = "My board";

export type BoardView = {
  id: string;
  kind: "mine" | "extra" | "family";
  name: string;
  circleId: string | null;
  canAdd: boolean;
  /** On a family board, a child whose carers set "view". */
  viewOnly: boolean;
  items: ItemView[];
};
export type GoalView = ItemView & { cheers: Cheer[] };

const dbOf = async (options: Options) => options.db ?? (await getDb());

// ---- boards ----

/**
 * The member's boards: "My board" (made on first read), their extra boards, then one family board per
 * circle they are in (made on first read too), each with its items in order.
 */
export async function getMyBoards(memberId: string, options: LinkedOptions): Promise<BoardView[]> {
  const db = await dbOf(options);
  const reaches = await myBoardReaches(db, memberId);
  return Promise.all(reaches.map((reach) => boardView(db, memberId, reach, options.links)));
}

/**
 * The member's boards as they reach them (no items): what a page lists by name, building only the
 * one it shows (`getBoard`).
 */
export async function myBoardReaches(db: Db, memberId: string): Promise<BoardReach[]> {
  const circles = await circlesOf(db, memberId);
  const read = async () => {
    const own = await db
      .select()
      .from(visionBoards)
      .where(eq(visionBoards.ownerId, memberId))
      .orderBy(sql`${visionBoards.kind} = 'extra'`, asc(visionBoards.createdAt));
    const family = circles.length
      ? await db
          .select()
          .from(visionBoards)
          .where(
            inArray(
              visionBoards.circleId,
              circles.map((circle) => circle.circleId),
            ),
          )
      : [];
    return { own, family };
  };
  let { own, family } = await read();
  // Made once, when one is missing: a read that writes every time would cost each page view a commit.
  if (!own.some((board) => board.kind === "mine") || family.length < circles.length) {
    await ensureBoards(db, memberId, circles);
    ({ own, family } = await read());
  }
  const reaches: BoardReach[] = [];
  for (const board of [...own, ...family]) {
    const reach = await reachOf(db, memberId, board);
    if (reach) reaches.push(reach);
  }
  return reaches;
}

/** "My board" and a family board for each of the member's circles, made once (concurrent reads too). */
async function ensureBoards(db: Db, memberId: string, theirs: { circleId: string; name: string }[]): Promise<void> {
  await db.insert(visionBoards).values({ kind: "mine", ownerId: memberId, name: MY_BOARD_NAME }).onConflictDoNothing();
  if (theirs.length)
    await db
      .insert(visionBoards)
      .values(theirs.map((circle) => ({ kind: "family" as const, circleId: circle.circleId, name: circle.name })))
      .onConflictDoNothing();
}

/** One board the member reaches, with its items; 404 for any other id. */
export async function getBoard(memberId: string, boardId: unknown, options: LinkedOptions): Promise<BoardView> {
  const db = await dbOf(options);
  // The board's row and its contents in one statement; the contents are shown only once the row says
  // the member reaches the board (404 otherwise, as for a board that does not exist).
  const read = isUuid(boardId) ? await readBoardWithContents(db, boardId) : undefined;
  const reach = read ? await reachOf(db, memberId, read.board) : null;
  if (!read || !reach) throw boardNotFound();
  return boardView(db, memberId, reach, options.links, read.contents);
}

/** An extra board of the member's own (a year, a theme). */
export async function createBoard(memberId: string, name: unknown, options: LinkedOptions): Promise<BoardView> {
  const checked = parseBoardName(name);
  const db = await dbOf(options);
  const [extra] = await db
    .select({ n: count() })
    .from(visionBoards)
    .where(and(eq(visionBoards.ownerId, memberId), eq(visionBoards.kind, "extra")));
  if (extra!.n >= EXTRA_BOARDS_MAX)
    throw new VisionBoardError(409, `name: you have ${EXTRA_BOARDS_MAX} boards already; remove one first`, {
      field: "name",
    });
  const [board] = await db.insert(visionBoards).values({ kind: "extra", ownerId: memberId, name: checked }).returning();
  return { id: board!.id, kind: "extra", name: checked, circleId: null, canAdd: true, viewOnly: false, items: [] };
}

/** Renames one of the member's own boards ("Notes" for a neutral name); a family board keeps its circle's. */
export async function renameBoard(
  memberId: string,
  boardId: unknown,
  name: unknown,
  options: LinkedOptions,
): Promise<BoardView> {
  const checked = parseBoardName(name);
  const db = await dbOf(options);
  const reach = await boardFor(db, memberId, boardId);
  if (reach.board.kind === "family")
    throw new VisionBoardError(403, "name: a family board is named after its circle", { field: "name" });
  await db.update(visionBoards).set({ name: checked }).where(eq(visionBoards.id, reach.board.id));
  return boardView(db, memberId, { ...reach, board: { ...reach.board, name: checked } }, options.links);
}

/** Removes one of the member's extra boards with everything on it. "My board" stays. */
export async function removeBoard(memberId: string, boardId: unknown, options: LinkedOptions): Promise<void> {
  const db = await dbOf(options);
  const reach = await boardFor(db, memberId, boardId);
  if (reach.board.kind !== "extra") throw new VisionBoardError(403, "This board cannot be removed");
  await db.transaction(async (tx) => {
    const items = await tx.select().from(visionBoardItems).where(eq(visionBoardItems.boardId, reach.board.id));
    await releaseItems(tx, items, options.links);
    await tx.delete(visionBoards).where(eq(visionBoards.id, reach.board.id));
  });
}

/** One board as `viewerId` reaches it, with its items (`contents` when read already, else read here). */
export async function boardView(
  db: Db,
  viewerId: string,
  reach: BoardReach,
  links: BoardLinks,
  contents?: BoardContents,
): Promise<BoardView> {
  const { board } = reach;
  const itemsRead = async () => {
    const read = contents ?? (await readBoardContents(db, board.id));
    const rows = read.items.map((item) => ({
      item,
      access: (item.ownerId === viewerId ? "owner" : "view") as ItemAccess,
    }));
    return itemViews(db, viewerId, rows, { links, circleId: board.circleId, contents: read });
  };
  const [name, items] = await Promise.all([
    board.kind === "family" ? circleName(db, board.circleId!, board.name) : board.name,
    itemsRead(),
  ]);
  return {
    id: board.id,
    kind: board.kind,
    name,
    circleId: board.circleId,
    canAdd: reach.canAdd,
    viewOnly: reach.isChild && !reach.canAdd,
    items,
  };
}

/** A family board is called by its circle's current name. */
export const circleNameOf = (db: Db, board: { circleId: string | null; name: string }) =>
  circleName(db, board.circleId!, board.name);

async function circleName(db: Db, circleId: string, fallback: string): Promise<string> {
  const [row] = await db.select({ name: circles.name }).from(circles).where(eq(circles.id, circleId));
  return row?.name ?? fallback;
}

// ---- items ----

/**
 * Adds an item at the end of a board the member may add to. A photo takes the member's upload (the
 * image pipeline processes it); a child's photo on a family board follows Happr Cam's rule for
 * children (their carers let them share). A goal's habits must be the member's own.
 */
export async function addBoardItem(
  memberId: string,
  boardId: unknown,
  input: unknown,
  options: LinkedOptions,
): Promise<ItemView> {
  const checked = parseItemInput(input);
  const db = await dbOf(options);
  const reach = await boardFor(db, memberId, boardId);
  if (!reach.canAdd)
    throw new VisionBoardError(403, "Your grown-ups have set this board to look only. Ask one of them to add it.");
  if (checked.kind === "photo" && reach.board.kind === "family" && reach.isChild)
    if (!(await options.links.childMaySharePhotos(memberId, db)))
      throw new VisionBoardError(
        403,
        "uploadId: your grown-ups have not turned on sharing photos yet. Ask one of them.",
        {
          field: "uploadId",
        },
      );
  await checkHabits(db, memberId, checked, options.links);
  const itemId = await db.transaction(async (tx) => {
    // The board's row is the lock every add, move and removal takes: positions stay 0..n-1.
    await tx
      .select({ id: visionBoards.id })
      .from(visionBoards)
      .where(eq(visionBoards.id, reach.board.id))
      .for("update");
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(visionBoardItems)
      .where(eq(visionBoardItems.boardId, reach.board.id))) as [{ n: number }];
    if (n >= ITEMS_PER_BOARD)
      throw new VisionBoardError(409, `A board holds at most ${ITEMS_PER_BOARD} items: remove one first`);
    const [item] = await tx
      .insert(visionBoardItems)
      .values({
        boardId: reach.board.id,
        ownerId: memberId,
        kind: checked.kind,
        position: n,
        size: checked.size ?? "medium",
        title: checked.title ?? null,
        privateTitle: checked.privateTitle ?? null,
        text: checked.text ?? null,
        colour: checked.colour ?? null,
        imageId: checked.uploadId ?? null,
        area: checked.area ?? null,
        why: checked.why ?? null,
        targetDate: checked.targetDate ?? null,
        targetCount: checked.targetCount ?? null,
        targetUnit: checked.targetUnit ?? null,
        countDone: checked.countDone ?? null,
        status: checked.kind === "goal" ? "active" : null,
      })
      .returning();
    checkComplete(item!);
    if (checked.uploadId) await claimUpload(tx, memberId, checked.uploadId, { kind: BOARD_IMAGE_HOLDER, id: item!.id });
    if (checked.habitIds?.length)
      await tx.insert(visionGoalHabits).values(checked.habitIds.map((habitId) => ({ itemId: item!.id, habitId })));
    // The monthly look back (on unless the member turned it off) starts with their first goal.
    if (checked.kind === "goal") await scheduleLookBack(tx, memberId, options.now);
    return item!.id;
  });
  return getItem(memberId, itemId, { ...options, db });
}

/** A goal links only its owner's own habits: 400 naming `habitIds` for any other id. */
async function checkHabits(db: Db, ownerId: string, input: ItemInput, links: BoardLinks): Promise<void> {
  for (const habitId of input.habitIds ?? [])
    if ((await links.habitOwnerOf(habitId, db)) !== ownerId) throw bad("habitIds", "link only your own habits");
}

/** One item as the member sees it (a goal shared with them too), or 404. */
export async function getItem(memberId: string, itemId: unknown, options: LinkedOptions): Promise<ItemView> {
  const db = await dbOf(options);
  const { item, reach, access } = await itemFor(db, memberId, itemId);
  const [view] = await itemViews(db, memberId, [{ item, access }], {
    links: options.links,
    circleId: reach?.board.circleId ?? null,
  });
  return view!;
}

/** A goal's page: the item, and the cheers (the owner's alone to read). */
export async function getGoal(memberId: string, itemId: unknown, options: LinkedOptions): Promise<GoalView> {
  const view = await getItem(memberId, itemId, options);
  if (view.kind !== "goal") throw new VisionBoardError(404, "Item not found");
  return { ...view, cheers: view.mine ? await cheersOf(await dbOf(options), view.id) : [] };
}

const mustEdit = (access: ItemAccess) => {
  if (access === "view") throw new VisionBoardError(403, "Only its owner can change this item");
};

/**
 * Changes an item: the fields given replace what is stored, null clears. The kind stays. Its owner
 * changes everything; an editor of a shared goal everything but its code word and linked habits
 * (they are the owner's).
 */
export async function updateBoardItem(
  memberId: string,
  itemId: unknown,
  input: unknown,
  options: LinkedOptions,
): Promise<ItemView> {
  const checked = parseItemInput(input);
  const db = await dbOf(options);
  const { item, access } = await itemFor(db, memberId, itemId);
  mustEdit(access);
  if (checked.kind !== item.kind) throw bad("kind", "an item keeps its kind: add a new item instead");
  if (access !== "owner") {
    if (checked.privateTitle !== undefined) throw bad("privateTitle", "only the goal's owner sets its code word");
    if (checked.habitIds != null) throw bad("habitIds", "only the goal's owner links habits");
    if (checked.uploadId != null) throw bad("uploadId", "only the item's owner changes its photo");
  }
  await checkHabits(db, item.ownerId, checked, options.links);
  await db.transaction(async (tx) => {
    const { item: locked } = await itemFor(tx, memberId, item.id, true);
    const changes = {
      ...pick(checked, [
        "title",
        "privateTitle",
        "text",
        "colour",
        "area",
        "why",
        "targetDate",
        "targetCount",
        "targetUnit",
        "countDone",
      ]),
      ...(checked.size ? { size: checked.size } : {}),
      ...(checked.uploadId ? { imageId: checked.uploadId } : {}),
      updatedAt: options.now ?? new Date(),
    };
    checkComplete({ ...locked, ...changes });
    if (checked.uploadId && checked.uploadId !== locked.imageId) {
      await claimUpload(tx, memberId, checked.uploadId, { kind: BOARD_IMAGE_HOLDER, id: locked.id });
      if (locked.imageId) await deleteImages(tx, [locked.imageId]);
    }
    await tx.update(visionBoardItems).set(changes).where(eq(visionBoardItems.id, locked.id));
    if (checked.habitIds != null) {
      await tx.delete(visionGoalHabits).where(eq(visionGoalHabits.itemId, locked.id));
      if (checked.habitIds.length)
        await tx.insert(visionGoalHabits).values(checked.habitIds.map((habitId) => ({ itemId: locked.id, habitId })));
    }
  });
  return getItem(memberId, item.id, { ...options, db });
}

function pick<T extends object, K extends keyof T>(input: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]])) as Partial<
    Pick<T, K>
  >;
}

/**
 * Moves an item to `position` (0 is first; past the end means last) and renumbers the board in one
 * transaction. On a family board everyone who may add may reorder it; on one's own board, its owner.
 * Answers the board in its new order.
 */
export async function moveBoardItem(
  memberId: string,
  itemId: unknown,
  position: unknown,
  options: LinkedOptions,
): Promise<BoardView> {
  const target = parsePosition(position);
  const db = await dbOf(options);
  const { item, reach } = await itemFor(db, memberId, itemId);
  if (!reach) throw new VisionBoardError(403, "Only the board's owner can move its items");
  if (!reach.canAdd) throw new VisionBoardError(403, "Your grown-ups have set this board to look only");
  await db.transaction(async (tx) => {
    await tx.select({ id: visionBoards.id }).from(visionBoards).where(eq(visionBoards.id, item.boardId)).for("update");
    const order = await tx
      .select({ id: visionBoardItems.id, position: visionBoardItems.position })
      .from(visionBoardItems)
      .where(eq(visionBoardItems.boardId, item.boardId))
      .orderBy(asc(visionBoardItems.position), asc(visionBoardItems.createdAt));
    const ids = order.map((row) => row.id).filter((id) => id !== item.id);
    ids.splice(Math.min(target, ids.length), 0, item.id);
    await renumber(tx, ids, order);
  });
  return boardView(db, memberId, reach, options.links);
}

/** Writes positions 0..n-1 in the given order, only where they changed. */
async function renumber(tx: Db, ids: string[], current: { id: string; position: number }[]): Promise<void> {
  const was = new Map(current.map((row) => [row.id, row.position]));
  for (const [position, id] of ids.entries())
    if (was.get(id) !== position)
      await tx.update(visionBoardItems).set({ position }).where(eq(visionBoardItems.id, id));
}

/** Removes an item (its owner), its milestones' calendar events and its photo; the board closes the gap. */
export async function removeBoardItem(memberId: string, itemId: unknown, options: LinkedOptions): Promise<void> {
  const db = await dbOf(options);
  const { item, access } = await itemFor(db, memberId, itemId);
  if (access !== "owner") throw new VisionBoardError(403, "Only its owner can remove this item");
  await db.transaction(async (tx) => {
    await tx.select({ id: visionBoards.id }).from(visionBoards).where(eq(visionBoards.id, item.boardId)).for("update");
    await releaseItems(tx, [item], options.links);
    await tx.delete(visionBoardItems).where(eq(visionBoardItems.id, item.id));
    await closeGap(tx, item.boardId);
  });
}

async function closeGap(tx: Db, boardId: string): Promise<void> {
  const order = await tx
    .select({ id: visionBoardItems.id, position: visionBoardItems.position })
    .from(visionBoardItems)
    .where(eq(visionBoardItems.boardId, boardId))
    .orderBy(asc(visionBoardItems.position), asc(visionBoardItems.createdAt));
  await renumber(
    tx,
    order.map((row) => row.id),
    order,
  );
}

/** What leaves with items: their milestones' events (in the owners' calendars) and their photos. */
async function releaseItems(tx: Db, items: ItemRow[], links: BoardLinks): Promise<void> {
  if (items.length === 0) return;
  const ownerOf = new Map(items.map((item) => [item.id, item.ownerId]));
  const dated = await tx
    .select({ itemId: visionMilestones.itemId, eventId: visionMilestones.eventId })
    .from(visionMilestones)
    .where(and(inArray(visionMilestones.itemId, [...ownerOf.keys()]), isNotNull(visionMilestones.eventId)));
  for (const row of dated) await links.removeMilestoneEvent(ownerOf.get(row.itemId)!, row.eventId!, tx);
  await deleteImages(
    tx,
    items.flatMap((item) => (item.imageId ? [item.imageId] : [])),
  );
}

// ---- goals ----

async function goalFor(db: Db, memberId: string, itemId: unknown, lock = false) {
  const found = await itemFor(db, memberId, itemId, lock);
  if (found.item.kind !== "goal") throw bad("itemId", "only a goal has a status and milestones");
  return found;
}

/**
 * ACTIVE, DONE or LET_GO. Letting a goal go is an ending, not a failure: its note says why, and it
 * keeps the progress it reached. Going back to ACTIVE clears the note.
 */
export async function setGoalStatus(
  memberId: string,
  itemId: unknown,
  status: unknown,
  note: unknown,
  options: LinkedOptions,
): Promise<ItemView> {
  const checked = parseStatus(status, note);
  const db = await dbOf(options);
  const { item, access } = await goalFor(db, memberId, itemId);
  mustEdit(access);
  await db
    .update(visionBoardItems)
    .set({
      status: checked.status,
      statusNote: checked.status === "active" ? null : checked.note,
      statusAt: options.now ?? new Date(),
      updatedAt: options.now ?? new Date(),
    })
    .where(eq(visionBoardItems.id, item.id));
  return getItem(memberId, item.id, { ...options, db });
}

/**
 * A milestone of a goal. With a date it is also an all-day event in the goal owner's calendar, made
 * by the calendar's own rules (the goal's code word goes with it), in the milestone's transaction. Only
 * the owner dates a milestone: an editor's would land in someone else's calendar.
 */
export async function addMilestone(
  memberId: string,
  itemId: unknown,
  title: unknown,
  date: unknown,
  options: LinkedOptions,
): Promise<ItemView> {
  const checked = parseMilestone(title, date);
  const db = await dbOf(options);
  const { item, access } = await goalFor(db, memberId, itemId);
  mustEdit(access);
  if (checked.date && access !== "owner")
    throw new VisionBoardError(403, "date: only the goal's owner puts its milestones in their calendar", {
      field: "date",
    });
  await db.transaction(async (tx) => {
    await goalFor(tx, memberId, item.id, true);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(visionMilestones)
      .where(eq(visionMilestones.itemId, item.id))) as [{ n: number }];
    if (n >= MILESTONES_PER_GOAL)
      throw new VisionBoardError(409, `title: a goal has at most ${MILESTONES_PER_GOAL} milestones`, {
        field: "title",
      });
    const eventId = checked.date
      ? await options.links.addMilestoneEvent(
          item.ownerId,
          { title: checked.title, privateTitle: item.privateTitle, date: checked.date },
          tx,
        )
      : null;
    await tx.insert(visionMilestones).values({ itemId: item.id, title: checked.title, date: checked.date, eventId });
  });
  return getItem(memberId, item.id, { ...options, db });
}

/** Marks a milestone done (or not done again). */
export async function completeMilestone(
  memberId: string,
  milestoneId: unknown,
  done: unknown,
  options: LinkedOptions,
): Promise<ItemView> {
  const isDone = parseDone(done);
  const db = await dbOf(options);
  if (!isUuid(milestoneId)) throw milestoneNotFound();
  const [milestone] = await db.select().from(visionMilestones).where(eq(visionMilestones.id, milestoneId));
  if (!milestone) throw milestoneNotFound();
  const { access } = await itemFor(db, memberId, milestone.itemId).catch(() => {
    throw milestoneNotFound();
  });
  mustEdit(access);
  await db
    .update(visionMilestones)
    .set({ doneAt: isDone ? (options.now ?? new Date()) : null })
    .where(eq(visionMilestones.id, milestone.id));
  return getItem(memberId, milestone.itemId, { ...options, db });
}

/** Removes a milestone and its calendar event. */
export async function removeMilestone(
  memberId: string,
  milestoneId: unknown,
  options: LinkedOptions,
): Promise<ItemView> {
  const db = await dbOf(options);
  if (!isUuid(milestoneId)) throw milestoneNotFound();
  const [milestone] = await db.select().from(visionMilestones).where(eq(visionMilestones.id, milestoneId));
  if (!milestone) throw milestoneNotFound();
  const { item, access } = await itemFor(db, memberId, milestone.itemId).catch(() => {
    throw milestoneNotFound();
  });
  mustEdit(access);
  await db.transaction(async (tx) => {
    if (milestone.eventId) await options.links.removeMilestoneEvent(item.ownerId, milestone.eventId, tx);
    await tx.delete(visionMilestones).where(eq(visionMilestones.id, milestone.id));
  });
  return getItem(memberId, item.id, { ...options, db });
}

/**
 * A private cheer on a goal shared with the member: only the goal's owner reads it, and it is never
 * counted. Cheering again replaces the member's earlier cheer.
 */
export async function cheerGoal(
  memberId: string,
  itemId: unknown,
  note: unknown,
  options: LinkedOptions,
): Promise<void> {
  const checked = parseCheerNote(note);
  const db = await dbOf(options);
  const { item, access } = await goalFor(db, memberId, itemId);
  if (access === "owner") throw new VisionBoardError(403, "Cheers are for goals someone shares with you");
  await db.transaction(async (tx) => {
    await tx
      .delete(visionGoalCheers)
      .where(and(eq(visionGoalCheers.itemId, item.id), eq(visionGoalCheers.fromMemberId, memberId)));
    await tx.insert(visionGoalCheers).values({ itemId: item.id, fromMemberId: memberId, note: checked });
  });
}

// ---- children on family boards ----

/**
 * A carer (the owner or a guardian of the circle) sets a child's right on its family board: add, or
 * view only. 404 "Child not found" for anyone else, and for a child who is not in that circle.
 */
export async function setChildBoardRight(
  carerId: string,
  input: { circleId: unknown; childId: unknown; right: unknown },
  options: Options = {},
): Promise<void> {
  const right = parseChildRight(input.right);
  const db = await dbOf(options);
  const childId = typeof input.childId === "string" ? input.childId : "";
  const circleId = isUuid(input.circleId) ? input.circleId : null;
  if (!circleId || !(await carerIn(db, carerId, circleId, childId))) throw new VisionBoardError(404, "Child not found");
  await db
    .insert(visionChildRights)
    .values({ circleId, childId, right, setBy: carerId })
    .onConflictDoUpdate({
      target: [visionChildRights.circleId, visionChildRights.childId],
      set: { right, setBy: carerId, updatedAt: options.now ?? new Date() },
    });
}

/** Whether `carerId` is the owner or a guardian of `circleId` and `childId` a child in it. */
async function carerIn(db: Db, carerId: string, circleId: string, childId: string): Promise<boolean> {
  const rows = await db
    .select({ memberId: circleMemberships.memberId, role: circleMemberships.role })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), inArray(circleMemberships.memberId, [carerId, childId])));
  const roleOf = new Map(rows.map((row) => [row.memberId, row.role]));
  const carerRole = roleOf.get(carerId);
  return (carerRole === "owner" || carerRole === "guardian") && roleOf.get(childId) === "child";
}

/** For a carer's page: the children of each circle they care for, with their right on its family board. */
export async function childBoardRights(
  carerId: string,
  options: Options = {},
): Promise<{ circleId: string; childId: string; name: string | null; right: ChildRight }[]> {
  const db = await dbOf(options);
  const cared = (await circlesOf(db, carerId)).filter(
    (circle) => circle.role === "owner" || circle.role === "guardian",
  );
  if (cared.length === 0) return [];
  const children = await db
    .select({ circleId: circleMemberships.circleId, childId: circleMemberships.memberId, name: circleMemberships.name })
    .from(circleMemberships)
    .where(
      and(
        inArray(
          circleMemberships.circleId,
          cared.map((circle) => circle.circleId),
        ),
        eq(circleMemberships.role, "child"),
      ),
    );
  const rights = await db
    .select()
    .from(visionChildRights)
    .where(
      inArray(
        visionChildRights.circleId,
        cared.map((circle) => circle.circleId),
      ),
    );
  const rightOf = new Map(rights.map((row) => [`${row.circleId}/${row.childId}`, row.right]));
  return children.map((child) => ({ ...child, right: rightOf.get(`${child.circleId}/${child.childId}`) ?? "add" }));
}

/** For Today: the member's own active goals (on any board), by board order, with their progress. */
export async function goalsInProgress(
  memberId: string,
  options: LinkedOptions & { limit?: number },
): Promise<ItemView[]> {
  const db = await dbOf(options);
  const { items, milestones, goalHabits } = await readGoalsInProgress(db, memberId, options.limit ?? 5);
  return itemViews(
    db,
    memberId,
    items.map((item) => ({ item, access: "owner" as const })),
    { links: options.links, circleId: null, contents: { milestones, goalHabits } },
  );
}

// Prepared (lib/db/prepared.ts): Cam's page asks on every view. With no goal to include, `id = null`
// is null and only the active goals are chosen.
const goalChoicesRead = preparedPerDatabase((db) =>
  db
    .select({ id: visionBoardItems.id, title: visionBoardItems.title, privateTitle: visionBoardItems.privateTitle })
    .from(visionBoardItems)
    .where(
      and(
        eq(visionBoardItems.ownerId, sql.placeholder("memberId")),
        eq(visionBoardItems.kind, "goal"),
        or(eq(visionBoardItems.status, "active"), eq(visionBoardItems.id, sql.placeholder("include"))),
      ),
    )
    .orderBy(asc(visionBoardItems.title), asc(visionBoardItems.createdAt))
    .prepare("vision_goal_choices"),
);

/**
 * For Happr Cam's forms: the member's own active goals on any board, by their list title (the code
 * word when set), and `include` (a moment's current goal) whatever its status, so that saving the form
 * does not drop it.
 */
export async function goalChoices(
  memberId: string,
  options: Options & { include?: string | null } = {},
): Promise<{ id: string; title: string }[]> {
  const db = await dbOf(options);
  const include = isUuid(options.include) ? options.include : null;
  const rows = await goalChoicesRead(db).execute({ memberId, include });
  return rows.map((row) => ({
    id: row.id,
    title: listTitle({ title: row.title ?? "Goal", privateTitle: row.privateTitle }),
  }));
}
