import { date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A member's own profile (what getUserProfile/updateUserProfile read and write). Keyed by the member
 * id the identity provider gives (built-in account id or Cognito `sub`), so it works with either.
 */
export const memberProfiles = pgTable("member_profiles", {
  memberId: text("member_id").primaryKey(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  /** A calendar date, kept as YYYY-MM-DD (no time zone to shift it). */
  dob: date("dob", { mode: "string" }),
  /** E.164. */
  phone: text("phone"),
  /** An IANA time zone name. */
  timezone: text("timezone"),
  /**
   * When the names (and phone) the member gave at sign-up were put in: once only, so a field the
   * member later clears or changes stays as they left it.
   */
  signUpAppliedAt: timestamp("sign_up_applied_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
