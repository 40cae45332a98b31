import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { circles } from "./circles";

/**
 * My Vision Board (rules: lib/vision-board). A board is a member's own ("mine": the private "My
 * board", made on first read; "extra": a year, a theme) or a circle's family board (one per circle,
 * no owner: everyone in the circle adds). Items sit in one ordered grid per board (`position` 0, 1,
 * ...), each owned by whoever added it.
 */
export const visionBoards = pgTable(
  "vision_boards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["mine", "extra", "family"] }).notNull(),
    /** The member whose board it is; null for a family board. */
    ownerId: text("owner_id"),
    /** The circle of a family board; null otherwise. */
    circleId: uuid("circle_id").references(() => circles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Renewed by triggers (migration 0040_vision_board_stamps) in the transaction of every write the
     * board's contents or its goals' progress show: its items, their milestones and linked habits, and
     * those habits, targets and check-ins. An unchanged stamp is an unchanged board
     * (lib/vision-board/views.ts remembers a board's contents by it).
     */
    contentsStamp: uuid("contents_stamp").notNull().defaultRandom(),
  },
  (table) => [
    index("vision_boards_owner_idx").on(table.ownerId),
    // One "My board" per member and one family board per circle, even under concurrent first reads.
    uniqueIndex("vision_boards_mine_key")
      .on(table.ownerId)
      .where(sql`${table.kind} = 'mine'`),
    uniqueIndex("vision_boards_circle_key").on(table.circleId),
    check(
      "vision_boards_owner_or_circle",
      sql`(${table.kind} = 'family' and ${table.circleId} is not null and ${table.ownerId} is null)
        or (${table.kind} <> 'family' and ${table.ownerId} is not null and ${table.circleId} is null)`,
    ),
  ],
);

export const visionBoardItems = pgTable(
  "vision_board_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    boardId: uuid("board_id")
      .notNull()
      .references(() => visionBoards.id, { onDelete: "cascade" }),
    /** Who added it ("that one is mine"). */
    ownerId: text("owner_id").notNull(),
    kind: text("kind", { enum: ["goal", "photo", "words", "colour"] }).notNull(),
    /** 0 is first; kept dense (0..n-1) by every add, move and removal. */
    position: integer("position").notNull(),
    size: text("size", { enum: ["small", "medium", "large"] })
      .notNull()
      .default("medium"),
    title: text("title"),
    /** The code word lists and tab titles show instead of the title (lib/display.ts). */
    privateTitle: text("private_title"),
    text: text("text"),
    /** "#rrggbb". */
    colour: text("colour"),
    /** The photo: an image of lib/uploads (its id is the upload id), held by this item. */
    imageId: uuid("image_id"),
    area: text("area"),
    why: text("why"),
    targetDate: date("target_date", { mode: "string" }),
    targetCount: doublePrecision("target_count"),
    targetUnit: text("target_unit"),
    /** How much of targetCount is done (read 4 of 12 books). */
    countDone: doublePrecision("count_done"),
    status: text("status", { enum: ["active", "done", "let_go"] }),
    /** A let-go (or done) goal's short note: its honourable ending. */
    statusNote: text("status_note"),
    statusAt: timestamp("status_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("vision_board_items_board_idx").on(table.boardId, table.position),
    index("vision_board_items_owner_idx").on(table.ownerId),
  ],
);

export const visionMilestones = pgTable(
  "vision_milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => visionBoardItems.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }),
    /** The event in the goal owner's calendar made for a dated milestone (lib/calendar's rules). */
    eventId: text("event_id"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("vision_milestones_item_idx").on(table.itemId)],
);

/** A goal's linked habits: the goal owner's own habits (lib/habits), whose scores fill its progress. */
export const visionGoalHabits = pgTable(
  "vision_goal_habits",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => visionBoardItems.id, { onDelete: "cascade" }),
    habitId: text("habit_id").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.habitId] }),
    // A habit's check-in finds the boards whose goals it moves (their stamps are renewed).
    index("vision_goal_habits_habit_idx").on(table.habitId),
  ],
);

/** What a circle's carers let each child do on its family board: add items, or only view. */
export const visionChildRights = pgTable(
  "vision_child_rights",
  {
    circleId: uuid("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    childId: text("child_id").notNull(),
    right: text("right", { enum: ["add", "view"] }).notNull(),
    setBy: text("set_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.circleId, table.childId] })],
);

/** A cheer on a shared goal from someone it is shared with: only the goal's owner reads them. */
export const visionGoalCheers = pgTable(
  "vision_goal_cheers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => visionBoardItems.id, { onDelete: "cascade" }),
    fromMemberId: text("from_member_id").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("vision_goal_cheers_item_idx").on(table.itemId),
    index("vision_goal_cheers_from_idx").on(table.fromMemberId),
  ],
);

/**
 * A member's own Vision Board choices. `lookBack`: the day of the monthly look back (lib/vision-board
 * look-back.ts): null is the default, the first Sunday of the month; "first-<1..7>" the first given
 * ISO weekday of the month, "day-<1..28>" that day of the month (28 at most: every month has it),
 * "off" none. Written by the member's choice and by each look back (its day and snapshot).
 */
export const visionPreferences = pgTable(
  "vision_preferences",
  {
    memberId: text("member_id").primaryKey(),
    lookBack: text("look_back"),
    /** When the last look back was sent, and each goal's progress then: what "moved" is measured from. */
    lookedBackAt: timestamp("looked_back_at", { withTimezone: true }),
    lookBackProgress: jsonb("look_back_progress").$type<Record<string, number | null>>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("vision_preferences_look_back", sql`${table.lookBack} ~ '^(off|first-[1-7]|day-([1-9]|1[0-9]|2[0-8]))$'`),
  ],
);
