import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Happr Lounge (rules: lib/lounge). */

/** "under13" | "teen" | "adult": who may enter a room (lib/lounge/age.ts). */
export type LoungeAgeBand = "under13" | "teen" | "adult";
/** "published" | "held" (waiting for a moderator) | "removed". */
export type LoungePostStatus = "published" | "held" | "removed";
/**
 * Why a post was held before publication (lib/lounge/holds.ts). The photo's: image (the automatic
 * check flagged it), image-check (the check has not answered yet), image-unchecked (it could not run).
 */
export type LoungeHoldReason = "phone" | "email" | "link" | "words" | "image" | "image-check" | "image-unchecked";

/** A themed room. Its opening hours are minutes after local midnight, read in each member's own zone. */
export const loungeRooms = pgTable("lounge_rooms", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  theme: text("theme").notNull(),
  ageBand: text("age_band").$type<LoungeAgeBand>().notNull(),
  /** Opens at this minute of the member's day (420 = 07:00) and closes at closesAt (1320 = 22:00). */
  opensAtMinute: smallint("opens_at_minute").notNull(),
  closesAtMinute: smallint("closes_at_minute").notNull(),
  /** At most this many members sit at one table: a room grows by tables, never by crowd. */
  tableSize: smallint("table_size").notNull(),
  position: smallint("position").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A table in a room. Slow mode turns on by itself when it heats up; the reason stays with it. */
export const loungeTables = pgTable(
  "lounge_tables",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roomId: uuid("room_id")
      .notNull()
      .references(() => loungeRooms.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    slowUntil: timestamp("slow_until", { withTimezone: true }),
    slowSeconds: smallint("slow_seconds"),
    slowReason: text("slow_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("lounge_tables_room_number_idx").on(table.roomId, table.number)],
);

/** Where a member sits: one table per room, given on first entry and kept. */
export const loungeSeats = pgTable(
  "lounge_seats",
  {
    roomId: uuid("room_id")
      .notNull()
      .references(() => loungeRooms.id, { onDelete: "cascade" }),
    memberId: text("member_id").notNull(),
    tableId: uuid("table_id")
      .notNull()
      .references(() => loungeTables.id, { onDelete: "cascade" }),
    /** When the member last read this table: replies to their posts after it are "new" on /lounge. */
    repliesSeenAt: timestamp("replies_seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.memberId] }),
    index("lounge_seats_table_idx").on(table.tableId),
    index("lounge_seats_member_idx").on(table.memberId),
  ],
);

/** A member of the Lounge: their pseudonym and the house rules' version they accepted. */
export const loungeMembers = pgTable("lounge_members", {
  memberId: text("member_id").primaryKey(),
  loungeName: text("lounge_name").notNull(),
  /** The name folded (lower case, letters and digits only): unique, so "Sky Blue" and "skyblue" are one name. */
  nameKey: text("name_key").notNull().unique(),
  rulesVersion: integer("rules_version").notNull(),
  /** Asked for: an email when someone replies to their post (off unless asked; never for an under-13). */
  replyEmails: boolean("reply_emails").notNull().default(false),
  joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A carer's switch for a child under 13: the Lounge is off until a carer turns it on. */
export const loungeChildSettings = pgTable("lounge_child_settings", {
  childId: text("child_id").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  setBy: text("set_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const loungePosts = pgTable(
  "lounge_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roomId: uuid("room_id")
      .notNull()
      .references(() => loungeRooms.id, { onDelete: "cascade" }),
    tableId: uuid("table_id")
      .notNull()
      .references(() => loungeTables.id, { onDelete: "cascade" }),
    authorId: text("author_id").notNull(),
    /** A reply names a top-level post at the same table: one level deep. */
    replyTo: uuid("reply_to"),
    text: text("text").notNull(),
    /** One photo (teens and adults), an image of lib/uploads held by this post. */
    imageId: uuid("image_id"),
    status: text("status").$type<LoungePostStatus>().notNull(),
    holdReasons: jsonb("hold_reasons").$type<LoungeHoldReason[]>().notNull().default([]),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    /** The last reply email about this post: at most one every REPLY_EMAIL_HOURS, however busy the thread. */
    replyNoticeAt: timestamp("reply_notice_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lounge_posts_table_created_idx").on(table.tableId, table.createdAt),
    index("lounge_posts_author_created_idx").on(table.authorId, table.createdAt),
    index("lounge_posts_held_idx").on(table.status, table.createdAt),
  ],
);

/** A private cheer: the post's author alone reads it; never counted anywhere. */
export const loungeCheers = pgTable(
  "lounge_cheers",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => loungePosts.id, { onDelete: "cascade" }),
    fromId: text("from_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.fromId] }), index("lounge_cheers_from_idx").on(table.fromId)],
);

/** A private report: a fixed reason, an optional note; safety reasons come first in the queue (priority 0). */
export const loungeReports = pgTable(
  "lounge_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => loungePosts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").notNull(),
    reason: text("reason").notNull(),
    note: text("note"),
    priority: smallint("priority").notNull(),
    /** When a moderator decided on the post (it leaves the queue) and the reporter was told. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("lounge_reports_post_reporter_idx").on(table.postId, table.reporterId),
    index("lounge_reports_queue_idx").on(table.priority, table.createdAt),
    index("lounge_reports_reporter_idx").on(table.reporterId),
  ],
);

/**
 * A grown-up of a member's circle (its owner or a guardian) confirmed that the member, whose date of
 * birth says 13-17, is a teen: until then the teen rooms stay closed to them (lib/lounge/access.ts).
 */
export const loungeTeenConfirmations = pgTable("lounge_teen_confirmations", {
  memberId: text("member_id").primaryKey(),
  confirmedBy: text("confirmed_by").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What a moderator did (lib/lounge/moderation.ts). */
export type LoungeModerationAction =
  "publish" | "remove" | "dismiss" | "warn" | "suspend" | "appeal_upheld" | "appeal_rejected";

/**
 * The moderators' audit log: append-only (no operation updates or deletes a row; an erasure only
 * replaces the erased member's id). It never copies a member's words: the post is named by id, the
 * reason is the moderator's.
 */
export const loungeModerationLog = pgTable(
  "lounge_moderation_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moderatorId: text("moderator_id").notNull(),
    action: text("action").$type<LoungeModerationAction>().notNull(),
    /** The member the action is about (the post's author); "erased" after their erasure. */
    subjectId: text("subject_id").notNull(),
    /** No foreign key: the entry outlives the post (an erasure deletes the post, not the decision). */
    postId: uuid("post_id"),
    /** The appeal an appeal_* entry decides, or the entry an appeal is about. */
    refersTo: uuid("refers_to"),
    reason: text("reason").notNull(),
    /** A suspension's length. */
    days: smallint("days"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lounge_moderation_log_created_idx").on(table.createdAt),
    index("lounge_moderation_log_subject_idx").on(table.subjectId),
  ],
);

/** A suspension from posting in the Lounge until a moment; lifted when its appeal is upheld. */
export const loungeSuspensions = pgTable(
  "lounge_suspensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id").notNull(),
    logId: uuid("log_id").notNull(),
    until: timestamp("until", { withTimezone: true }).notNull(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lounge_suspensions_member_idx").on(table.memberId, table.until)],
);

/** A moderator's note on a member's Lounge name, read by moderators only. */
export const loungeModeratorNotes = pgTable(
  "lounge_moderator_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id").notNull(),
    moderatorId: text("moderator_id").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lounge_moderator_notes_member_idx").on(table.memberId, table.createdAt)],
);

/** "open"; "upheld" (the member was right: the action is undone); "rejected" (the action stands). */
export type LoungeAppealStatus = "open" | "upheld" | "rejected";

/** One appeal per removal or suspension, decided by a moderator other than the one who acted. */
export const loungeAppeals = pgTable(
  "lounge_appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id").notNull(),
    /** The log entry appealed (a removal or a suspension): once only. */
    logId: uuid("log_id").notNull().unique(),
    text: text("text").notNull(),
    status: text("status").$type<LoungeAppealStatus>().notNull().default("open"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lounge_appeals_open_idx").on(table.status, table.createdAt),
    index("lounge_appeals_member_idx").on(table.memberId),
  ],
);
