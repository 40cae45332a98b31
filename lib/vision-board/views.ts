import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleMemberships } from "../db/schema/circles";
import {
  visionBoardItems,
  visionBoards,
  visionGoalCheers,
  visionGoalHabits,
  visionMilestones,
} from "../db/schema/vision-board";
import { listTitle } from "../display";
import { BoundedMap } from "../bounded-map";
import { storedZoneOf, zoneFrom } from "../profile/zone";
import { addDays, localDateOf, startOfDay, type LocalDate, type UnixSeconds } from "../time";
import type { BoardRow, ItemAccess, ItemRow } from "./access";
import type { BoardLinks } from "./links";
import { imageViews, type ImageView } from "../uploads";
import type { GoalStatus, ItemKind, ItemSize } from "./model";
import { goalProgress } from "./progress";

export type MilestoneView = {
  id: string;
  title: string;
  date: LocalDate | null;
  done: boolean;
  eventId: string | null;
};

export type ItemView = {
  id: string;
  boardId: string;
  ownerId: string;
  /** The name the owner has in the family board's circle; null on a member's own board. */
  ownerName: string | null;
  mine: boolean;
  access: ItemAccess;
  kind: ItemKind;
  position: number;
  size: ItemSize;
  /** What lists call it for this viewer: the code word when set (lib/display.ts). */
  title: string | null;
  /** The real title behind a code word: the owner's alone. */
  realTitle: string | null;
  privateTitle: string | null;
  text: string | null;
  colour: string | null;
  imageId: string | null;
  image: ImageView | null;
  area: string | null;
  why: string | null;
  targetDate: LocalDate | null;
  targetCount: number | null;
  targetUnit: string | null;
  countDone: number | null;
  status: GoalStatus | null;
  statusNote: string | null;
  progress: number | null;
  milestones: MilestoneView[];
  /** The linked habits: the owner's alone (they are the owner's own habits). */
  habitIds: string[];
  canEdit: boolean;
};

export type Cheer = { fromMemberId: string; fromName: string | null; note: string | null; at: Date };

type MilestoneRow = typeof visionMilestones.$inferSelect;
/** What a view shows of a milestone: done or not, never when. */
type MilestoneRead = Pick<MilestoneRow, "id" | "itemId" | "title" | "date" | "eventId"> & { done: boolean };
type GoalHabitRead = { itemId: string; habitId: string };

/** What a view shows of an item: its row without the times it was changed. */
export type ItemFields = Omit<ItemRow, "statusAt" | "createdAt" | "updatedAt">;

/** A board's items with their goals' milestones and linked habits: what `itemViews` reads per item otherwise. */
export type BoardContents = {
  items: ItemFields[];
  milestones: MilestoneRead[];
  goalHabits: GoalHabitRead[];
  /**
   * Set on a whole board's read (`readBoardWithContents`): what this instance remembers of the board,
   * where its goals' scores and its item views are kept, and its goal owners' stored zones. Given to
   * `itemViews` only with all of the board's items.
   */
  remembered?: { board: RememberedBoard; zones: string; owners: [string, string | null][] };
};

type MilestoneJson = [id: string, title: string, date: string | null, done: boolean, eventId: string | null];
type ItemJson = ItemFields & { milestones: MilestoneJson[]; habitIds: string[] };

/**
 * A board's contents as one JSON value (an SQL expression for a select column): the items in the
 * board's order, each with its milestones (in the order the board shows them) and linked habits. The
 * keys are ItemFields' (drizzle's names); a date column is its "YYYY-MM-DD" text, as drizzle reads it
 * (mode "string"). Written with its own aliases: drizzle writes a column of a one-table select as a
 * bare name, which inside these subqueries would name the inner table's column.
 */
const contentsJson = (boardId: SQL) => sql<ItemJson[]>`(select coalesce(json_agg(json_build_object(
    'id', i.id, 'boardId', i.board_id, 'ownerId', i.owner_id, 'kind', i.kind, 'position', i.position,
    'size', i.size, 'title', i.title, 'privateTitle', i.private_title, 'text', i.text, 'colour', i.colour,
    'imageId', i.image_id, 'area', i.area, 'why', i.why, 'targetDate', i.target_date,
    'targetCount', i.target_count, 'targetUnit', i.target_unit, 'countDone', i.count_done,
    'status', i.status, 'statusNote', i.status_note,
    'milestones', (select coalesce(json_agg(json_build_array(m.id, m.title, m.date, m.done_at is not null,
      m.event_id) order by m.date, m.created_at), '[]') from ${visionMilestones} m where m.item_id = i.id),
    'habitIds', (select coalesce(json_agg(g.habit_id), '[]') from ${visionGoalHabits} g where g.item_id = i.id)
  ) order by i.position, i.created_at), '[]') from ${visionBoardItems} i where i.board_id = ${boardId})`;

/**
 * Each goal owner's stored zone on a board (`[ownerId, zone]` by owner): whose "today" its goals'
 * habit scores are counted in. A member's own board holds its owner's items alone.
 */
const ownerZonesJson = (board: SQL) => sql<
  [string, string | null][]
>`(case when ${board}.${sql.identifier("kind")} = 'family'
  then (select coalesce(json_agg(json_build_array(o.owner_id, ${storedZoneOf(sql`o.owner_id`)}) order by o.owner_id), '[]')
    from (select distinct i.owner_id from ${visionBoardItems} i join ${visionGoalHabits} g on g.item_id = i.id
      where i.board_id = ${board}.${sql.identifier("id")}) o)
  else json_build_array(json_build_array(${board}.${sql.identifier("owner_id")},
    ${storedZoneOf(sql`${board}.${sql.identifier("owner_id")}`)})) end)`;

/**
 * A board's one read, prepared (lib/db/prepared.ts: parsed and planned once per connection): its row
 * with its contents stamp, its goal owners' zones, and its contents as one JSON value unless the stamp
 * is `known` (the caller holds them already). The contents were three statements and three round
 * trips, and mapping 60 items and 180 milestones column by column through drizzle cost more than the
 * reads (JSON.parse does it natively).
 */
const boardRead = preparedPerDatabase((db: Db) =>
  db
    .select({
      board: visionBoards,
      zones: ownerZonesJson(sql`${visionBoards}`),
      items: sql<
        ItemJson[] | null
      >`case when ${visionBoards.contentsStamp} = ${sql.placeholder("known")}::uuid then null
        else ${contentsJson(sql`${visionBoards}.${sql.identifier("id")}`)} end`,
    })
    .from(visionBoards)
    .where(eq(visionBoards.id, sql.placeholder("boardId")))
    .prepare("vision_board_read"),
);

function contentsOf(items: ItemJson[]): BoardContents {
  const contents: BoardContents = { items: [], milestones: [], goalHabits: [] };
  for (const { milestones, habitIds, ...item } of items) {
    contents.items.push(item);
    for (const [id, title, date, done, eventId] of milestones)
      contents.milestones.push({ id, itemId: item.id, title, date, done, eventId });
    for (const habitId of habitIds) contents.goalHabits.push({ itemId: item.id, habitId });
  }
  return contents;
}

/**
 * The linked habits' scores of a board's goals, by goal owner, as counted on each owner's today in
 * `zones`: good until `until` (Unix seconds), the first of the owners' next midnights.
 */
type KeptScores = { zones: string; until: UnixSeconds; byOwner: Map<string, Map<string, number>> };
/**
 * The items as one viewer last saw them, with what they were built from beyond the contents: the
 * scores (the same kept object), the photos' and the names' reads (compared by value).
 */
type KeptViews = { viewerId: string; scores: Map<string, Map<string, number>>; reads: string; views: ItemView[] };
/** A board's contents as of its stamp, its goals' scores once asked, and the views last built of it. */
type RememberedBoard = { stamp: string; contents: BoardContents; scores: KeptScores | null; views: KeptViews | null };

/**
 * Boards read lately, per instance, by id. A board's stamp is renewed in the transaction of every
 * write its contents or its goals' progress show (the triggers of migration 0040_vision_board_stamps),
 * and the stamp is read in the same statement as the contents: an unchanged stamp is an unchanged
 * board, and no code path can forget to renew it. So a board read again costs its row alone; its
 * scores are counted again when the stamp changes, a day ends or an owner's zone changes. Bounded by
 * the items and milestones held: about 1.1 kB each with a viewer's views of them (measured on a board
 * of 60 items and 180 milestones, 265 kB), so some 18 MB at most.
 */
const rememberedBoards = new BoundedMap<RememberedBoard>(
  16_000,
  (board) => board.contents.items.length + board.contents.milestones.length + 1,
);

/** A board's row with its contents (remembered by its stamp); undefined when there is no such board. */
export async function readBoardWithContents(
  db: Db,
  boardId: string,
): Promise<{ board: BoardRow; contents: BoardContents } | undefined> {
  const kept = rememberedBoards.get(boardId);
  const [row] = await boardRead(db).execute({ boardId, known: kept?.stamp ?? null });
  if (!row) return undefined;
  let board = kept;
  if (!board || row.items) {
    board = { stamp: row.board.contentsStamp, contents: contentsOf(row.items ?? []), scores: null, views: null };
    rememberedBoards.set(boardId, board);
  }
  const read = { board, zones: JSON.stringify(row.zones), owners: row.zones };
  return { board: row.board, contents: { ...board.contents, remembered: read } };
}

/** The board's items, milestones and linked habits, in one read (no per-item read). */
export async function readBoardContents(db: Db, boardId: string): Promise<BoardContents> {
  const read = await readBoardWithContents(db, boardId);
  return read?.contents ?? { items: [], milestones: [], goalHabits: [] };
}

/**
 * The owner's active goals on any board (Today's "goals in progress"), first by position, with their
 * milestones and linked habits: prepared like a board's reads and sent together, the two by the same
 * subquery of goals instead of after it.
 */
const goalsInProgressReads = preparedPerDatabase((db: Db) => {
  const ownerId = sql.placeholder("ownerId");
  const limit = sql.placeholder("limit");
  const goals = and(
    eq(visionBoardItems.ownerId, ownerId),
    eq(visionBoardItems.kind, "goal"),
    eq(visionBoardItems.status, "active"),
  );
  const order = [asc(visionBoardItems.position), asc(visionBoardItems.createdAt)];
  const goalIds = sql`(select ${visionBoardItems.id} from ${visionBoardItems} where ${goals} order by ${sql.join(order, sql`, `)} limit ${limit})`;
  return {
    items: db
      .select()
      .from(visionBoardItems)
      .where(goals)
      .orderBy(...order)
      .limit(limit)
      .prepare("vision_goals_in_progress"),
    milestones: db
      .select({
        id: visionMilestones.id,
        itemId: visionMilestones.itemId,
        title: visionMilestones.title,
        date: visionMilestones.date,
        eventId: visionMilestones.eventId,
        done: sql<boolean>`${visionMilestones.doneAt} is not null`,
      })
      .from(visionMilestones)
      .where(sql`${visionMilestones.itemId} in ${goalIds}`)
      .orderBy(asc(visionMilestones.date), asc(visionMilestones.createdAt))
      .prepare("vision_goals_in_progress_milestones"),
    goalHabits: db
      .select({ itemId: visionGoalHabits.itemId, habitId: visionGoalHabits.habitId })
      .from(visionGoalHabits)
      .where(sql`${visionGoalHabits.itemId} in ${goalIds}`)
      .prepare("vision_goals_in_progress_habits"),
  };
});

/** The owner's first `limit` active goals with their milestones and linked habits, in three reads at once. */
export async function readGoalsInProgress(db: Db, ownerId: string, limit: number): Promise<BoardContents> {
  const reads = goalsInProgressReads(db);
  const [items, milestones, goalHabits] = await Promise.all([
    reads.items.execute({ ownerId, limit }),
    reads.milestones.execute({ ownerId, limit }),
    reads.goalHabits.execute({ ownerId, limit }),
  ]);
  return { items, milestones, goalHabits };
}

/**
 * The items as `viewerId` sees them, in one read per table (a board of 60 items is five queries, not
 * sixty). Behind a code word anyone but the owner sees the code word alone: no why, text or milestones.
 */
export async function itemViews(
  db: Db,
  viewerId: string,
  rows: { item: ItemFields; access: ItemAccess }[],
  options: {
    links: BoardLinks;
    circleId: string | null;
    /** The goals' milestones and linked habits when read already (a whole board's, `readBoardContents`). */
    contents?: Pick<BoardContents, "milestones" | "goalHabits" | "remembered">;
  },
): Promise<ItemView[]> {
  if (rows.length === 0) return [];
  const goalIds = rows.filter((row) => row.item.kind === "goal").map((row) => row.item.id);
  const imageIds = rows.flatMap((row) => (row.item.imageId ? [row.item.imageId] : []));
  // Photos and names need nothing else: they go out at once, beside the goals' reads and scores.
  const imagesRead = imageViews(db, imageIds);
  // A real promise: a drizzle query runs again on each `then`, and this one is both caught and awaited.
  const namesRead = Promise.resolve(
    options.circleId
      ? db
          .select({ memberId: circleMemberships.memberId, name: circleMemberships.name })
          .from(circleMemberships)
          .where(eq(circleMemberships.circleId, options.circleId))
      : [],
  );
  // Handled at once: should the goals' reads fail first, these would reject with no handler yet.
  imagesRead.catch(() => {});
  namesRead.catch(() => {});
  const [milestones, links] = options.contents
    ? [options.contents.milestones, options.contents.goalHabits]
    : await Promise.all([
        goalIds.length
          ? db
              .select({
                id: visionMilestones.id,
                itemId: visionMilestones.itemId,
                title: visionMilestones.title,
                date: visionMilestones.date,
                eventId: visionMilestones.eventId,
                done: sql<boolean>`${visionMilestones.doneAt} is not null`,
              })
              .from(visionMilestones)
              .where(inArray(visionMilestones.itemId, goalIds))
              .orderBy(asc(visionMilestones.date), asc(visionMilestones.createdAt))
          : [],
        goalIds.length ? db.select().from(visionGoalHabits).where(inArray(visionGoalHabits.itemId, goalIds)) : [],
      ]);
  const milestonesOf = groupBy(milestones, (row) => row.itemId);
  const habitsOf = groupBy(links, (row) => row.itemId);
  const [scores, images, names] = await Promise.all([
    scoresByOwner(db, rows, habitsOf, options.links, options.contents?.remembered),
    imagesRead,
    namesRead,
  ]);
  // A whole board's views are the same again for the same viewer while nothing they are built from
  // changed: its stamp (the contents), its kept scores, and the photos and names read just now.
  const kept = options.contents?.remembered?.board;
  const reads = kept && images.size + names.length > 0 ? JSON.stringify([[...images], names]) : "";
  const known = kept?.views;
  if (known && known.viewerId === viewerId && known.scores === scores && known.reads === reads) return known.views;
  const nameOf = new Map(names.map((row) => [row.memberId, row.name]));
  const views = rows.map(({ item, access }): ItemView => {
    const owner = access === "owner";
    const hidden = !owner && Boolean(item.privateTitle);
    const ownMilestones = milestonesOf.get(item.id) ?? [];
    const habitIds = (habitsOf.get(item.id) ?? []).map((row) => row.habitId);
    const ownerScores = scores.get(item.ownerId) ?? new Map<string, number>();
    const habitScores = habitIds.flatMap((id) => (ownerScores.has(id) ? [ownerScores.get(id)!] : []));
    return {
      id: item.id,
      boardId: item.boardId,
      ownerId: item.ownerId,
      ownerName: options.circleId ? (nameOf.get(item.ownerId) ?? null) : null,
      mine: owner,
      access,
      kind: item.kind,
      position: item.position,
      size: item.size,
      title: item.title === null ? null : listTitle({ title: item.title, privateTitle: item.privateTitle }),
      realTitle: owner || !hidden ? item.title : null,
      privateTitle: owner ? item.privateTitle : null,
      text: hidden ? null : item.text,
      colour: item.colour,
      imageId: item.imageId,
      image: item.imageId ? (images.get(item.imageId) ?? null) : null,
      area: item.area,
      why: hidden ? null : item.why,
      targetDate: item.targetDate,
      targetCount: item.targetCount,
      targetUnit: item.targetUnit,
      countDone: item.countDone,
      status: item.status,
      statusNote: item.statusNote,
      progress:
        item.kind === "goal"
          ? goalProgress({
              status: item.status ?? "active",
              milestones: ownMilestones,
              habitScores,
              targetCount: item.targetCount,
              countDone: item.countDone,
            })
          : null,
      milestones: hidden
        ? []
        : ownMilestones.map((row) => ({
            id: row.id,
            title: row.title,
            date: row.date,
            done: row.done,
            eventId: owner ? row.eventId : null,
          })),
      habitIds: owner ? habitIds : [],
      canEdit: access === "owner" || access === "edit",
    };
  });
  if (kept) kept.views = { viewerId, scores, reads, views };
  return views;
}

/**
 * The linked habits' scores, asked once per goal owner (the owner's own habits only). A whole board's
 * are kept with its remembered contents until its stamp changes, one of its goal owners' days ends or
 * their zone changes (`kept`).
 */
async function scoresByOwner(
  db: Db,
  rows: { item: ItemFields }[],
  habitsOf: Map<string, { habitId: string }[]>,
  links: BoardLinks,
  kept?: BoardContents["remembered"],
): Promise<Map<string, Map<string, number>>> {
  // Asked before the scores are counted: a day that ends meanwhile leaves them kept until a past instant.
  const now = Math.floor(Date.now() / 1000);
  const known = kept?.board.scores;
  if (known && known.zones === kept.zones && now < known.until) return known.byOwner;
  const wanted = new Map<string, string[]>();
  for (const { item } of rows) {
    const habits = habitsOf.get(item.id);
    if (!habits?.length) continue;
    wanted.set(item.ownerId, [...(wanted.get(item.ownerId) ?? []), ...habits.map((row) => row.habitId)]);
  }
  const entries = await Promise.all(
    [...wanted].map(async ([ownerId, habitIds]) => [ownerId, await links.habitScores(ownerId, habitIds, db)] as const),
  );
  const byOwner = new Map(entries);
  if (kept) {
    const nextMidnights = kept.owners.map(([, stored]) => {
      const zone = zoneFrom(stored);
      return startOfDay(addDays(localDateOf(now, zone), 1), zone);
    });
    kept.board.scores = { zones: kept.zones, until: Math.min(...nextMidnights, now + 86_400), byOwner };
  }
  return byOwner;
}

/** The cheers on one goal (its owner's to read), newest first, with the name the cheerer has in a shared circle. */
export async function cheersOf(db: Db, itemId: string): Promise<Cheer[]> {
  const rows = await db
    .select()
    .from(visionGoalCheers)
    .where(eq(visionGoalCheers.itemId, itemId))
    .orderBy(asc(visionGoalCheers.createdAt));
  if (rows.length === 0) return [];
  const names = await db
    .select({ memberId: circleMemberships.memberId, name: circleMemberships.name })
    .from(circleMemberships)
    .where(
      and(
        inArray(
          circleMemberships.memberId,
          rows.map((row) => row.fromMemberId),
        ),
      ),
    );
  const nameOf = new Map(names.filter((row) => row.name).map((row) => [row.memberId, row.name]));
  return rows
    .map((row) => ({
      fromMemberId: row.fromMemberId,
      fromName: nameOf.get(row.fromMemberId) ?? null,
      note: row.note,
      at: row.createdAt,
    }))
    .reverse();
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
