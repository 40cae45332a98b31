import { sql } from "drizzle-orm";
import {
  boolean,
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

/**
 * My Habits (rules: lib/habits). A habit belongs to one member; what decides a day (target, schedule,
 * rest budget) lives in `habit_targets`, one row per day a version takes effect, so past days keep the
 * target they had. Days are local dates in the member's time zone.
 */
export const habits = pgTable(
  "habits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").notNull(),
    title: text("title").notNull(),
    /** Shown in lists instead of the title (discreet use). */
    privateTitle: text("private_title"),
    kind: text("kind", { enum: ["check", "count", "minutes"] }).notNull(),
    unit: text("unit"),
    /** HH:MM in the owner's zone; null: no reminder. */
    reminderTime: text("reminder_time"),
    /** The owner's local date when it was made: the first day that counts. */
    startedOn: date("started_on", { mode: "string" }).notNull(),
    /** A guardian who suggested it to a child; with `suggestion` "pending" until the child accepts. */
    suggestedBy: text("suggested_by"),
    suggestion: text("suggestion", { enum: ["pending", "accepted"] }),
    /**
     * Raised (and the row locked) by every write to the habit's entries or targets, so a score
     * checkpoint computed from an older read is not stored (lib/habits/checkpoints.ts).
     */
    historyVersion: integer("history_version").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("habits_owner_idx").on(table.ownerId)],
);

export const habitTargets = pgTable(
  "habit_targets",
  {
    habitId: uuid("habit_id")
      .notNull()
      .references(() => habits.id, { onDelete: "cascade" }),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    target: doublePrecision("target").notNull(),
    schedule: text("schedule", { enum: ["daily", "weekdays", "times_per_week"] }).notNull(),
    weekdays: jsonb("weekdays").$type<number[]>(),
    timesPerWeek: integer("times_per_week"),
    /** The rest days a week that bend the streak instead of breaking it. */
    restDaysPerWeek: integer("rest_days_per_week").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.habitId, table.effectiveFrom] })],
);

/** One member's record of one day of a habit: done (with a value), or rest. The member is who recorded it. */
export const habitEntries = pgTable(
  "habit_entries",
  {
    habitId: uuid("habit_id")
      .notNull()
      .references(() => habits.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    memberId: text("member_id").notNull(),
    value: doublePrecision("value"),
    rest: boolean("rest").notNull().default(false),
    note: text("note"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("habit_entries_habit_day_member_key").on(table.habitId, table.day, table.memberId),
    index("habit_entries_member_idx").on(table.memberId),
    check(
      "habit_entries_value_or_rest",
      sql`(${table.rest} and ${table.value} is null) or (not ${table.rest} and ${table.value} >= 0)`,
    ),
  ],
);

/**
 * The score and streaks at the end of an ISO week (a Sunday, when the week's rest budget and quota
 * start again), so a read scores only the days since instead of the whole history. Cleared from a
 * day on by any write to that day or later (lib/habits/checkpoints.ts); a cache, never the truth.
 */
export const habitScoreCheckpoints = pgTable(
  "habit_score_checkpoints",
  {
    habitId: uuid("habit_id")
      .notNull()
      .references(() => habits.id, { onDelete: "cascade" }),
    throughDay: date("through_day", { mode: "string" }).notNull(),
    score: doublePrecision("score").notNull(),
    currentStreak: integer("current_streak").notNull(),
    bestStreak: integer("best_streak").notNull(),
  },
  (table) => [primaryKey({ columns: [table.habitId, table.throughDay] })],
);
