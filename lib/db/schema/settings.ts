import { boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { QuietHours } from "../../settings/quiet-hours";

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
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
