import { boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Quiet hours, as the settings and circles tables keep them: on the given ISO weekdays (1 Monday … 7
 * Sunday), from `from` until `to` (HH:MM), local time. The rules are lib/settings/quiet-hours.ts's.
 */
export type QuietHours = { days: number[]; from: string; to: string };

/**
 * A member's settings that are not part of their profile: how the app behaves for them. Keyed by the
 * member id the identity provider gives, as the profile is. No row: every setting at its default.
 */
export const memberSettings = pgTable("member_settings", {
  memberId: text("member_id").primaryKey(),
  /** Discreet mode: a "Leave now" exit on every members' page and neutral message subjects. Off by default. */
  discreetMode: boolean("discreet_mode").notNull().default(false),
  /** The member's own quiet hours (in their profile's time zone); null: none. */
  quietHours: jsonb("quiet_hours").$type<QuietHours>(),
  /** The latest time the member opened Today (/today); null: never. */
  todaySeenAt: timestamp("today_seen_at", { withTimezone: true }),
  /**
   * Today's "since your last visit" marker: the last view of the visit before the current one (views
   * less than 30 minutes apart are one visit, lib/today). Null until a second visit.
   */
  todaySinceAt: timestamp("today_since_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
