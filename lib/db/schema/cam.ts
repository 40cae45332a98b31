import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { images } from "./uploads";
import { visionBoardItems } from "./vision-board";

/** Happr Cam (rules: lib/cam). An album is one member's; a moment may sit in one of its owner's albums. */
export const momentAlbums = pgTable(
  "moment_albums",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("moment_albums_owner_idx").on(table.ownerId)],
);

export const moments = pgTable(
  "moments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").notNull(),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id),
    note: text("note"),
    alt: text("alt"),
    /** The capture day, YYYY-MM-DD: the photo's own until the member changes it. */
    day: date("day", { mode: "string" }).notNull(),
    /** Whether the member set the day (then the photo's capture day does not replace it). */
    daySetByMember: boolean("day_set_by_member").notNull().default(false),
    habitId: text("habit_id"),
    albumId: uuid("album_id").references(() => momentAlbums.id, { onDelete: "set null" }),
    /**
     * The owner's Vision Board goal it marks progress on. Removing the goal (or its board, or its
     * owner's erasure) sets it null: the photo is the member's, it stays in Cam.
     */
    goalId: uuid("goal_id").references(() => visionBoardItems.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("moments_owner_created_idx").on(table.ownerId, table.createdAt),
    index("moments_image_idx").on(table.imageId),
    index("moments_goal_idx").on(table.goalId),
  ],
);

/** A viewer's reaction to someone's moment: one per viewer per moment, read by the owner alone. */
export const momentReactions = pgTable(
  "moment_reactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    momentId: uuid("moment_id")
      .notNull()
      .references(() => moments.id, { onDelete: "cascade" }),
    authorId: text("author_id").notNull(),
    reaction: text("reaction").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("moment_reactions_author_idx").on(table.momentId, table.authorId),
    index("moment_reactions_by_author_idx").on(table.authorId),
  ],
);

/** A child's Cam setting, set by their carers: whether they may share moments with their circle (default no). */
export const childCamSettings = pgTable("child_cam_settings", {
  childId: text("child_id").primaryKey(),
  mayShare: boolean("may_share").notNull().default(false),
  setBy: text("set_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's own Cam choices. `concealPhotos`: photos covered until opened; null follows discreet
 * mode (on when it is on), true/false is the member's explicit choice either way. `promptWeekday`:
 * the day of the gentle weekly prompt (ISO, 1 Monday ... 7 Sunday); null, the default, sends none.
 */
export const camPreferences = pgTable(
  "cam_preferences",
  {
    memberId: text("member_id").primaryKey(),
    concealPhotos: boolean("conceal_photos"),
    promptWeekday: smallint("prompt_weekday"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("cam_preferences_prompt_weekday", sql`${table.promptWeekday} between 1 and 7`)],
);
