import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuietHours } from "./settings";

/**
 * Circles (a family, a household): one owner, whose Family plan covers the people in it. A person
 * may be in several circles (a teenager in a blended family is in two), with a role in each.
 * The owner is a member too (a membership with the role "owner"). Rules: lib/circles.
 */
export const circles = pgTable(
  "circles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ownerId: text("owner_id").notNull(),
    /** Quiet hours an owner or guardian sets for the circle's children (in each child's time zone); null: none. */
    childQuietHours: jsonb("child_quiet_hours").$type<QuietHours>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One circle per owner: the Family plan covers one circle of 6 people.
  (table) => [uniqueIndex("circles_owner_key").on(table.ownerId)],
);

export const CIRCLE_ROLES = ["owner", "guardian", "member", "child"] as const;

export const circleMemberships = pgTable(
  "circle_memberships",
  {
    circleId: uuid("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    memberId: text("member_id").notNull(),
    role: text("role", { enum: CIRCLE_ROLES }).notNull(),
    /** How the circle knows them beyond the role ("grandparent", "carer"); limits in lib/circles/roles.ts. */
    label: text("label"),
    pronouns: text("pronouns"),
    /** The invitation they joined with (none for the owner). */
    invitationId: uuid("invitation_id"),
    /** How the owner knows them: their name and contact when they joined. */
    name: text("name"),
    contact: text("contact"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.circleId, table.memberId] }),
    index("circle_memberships_member_idx").on(table.memberId),
  ],
);

/**
 * Per-item sharing: one member or one circle (exactly one) may VIEW or EDIT one item. An item is any
 * kind a later feature registers (habits, events), named by (item_type, item_id) and owned by owner_id.
 * A revoked share is deleted: nothing remembers it, and nobody sees through it on the next request.
 */
export const shares = pgTable(
  "shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemType: text("item_type").notNull(),
    itemId: text("item_id").notNull(),
    ownerId: text("owner_id").notNull(),
    memberId: text("member_id"),
    circleId: uuid("circle_id").references(() => circles.id, { onDelete: "cascade" }),
    permission: text("permission", { enum: ["view", "edit"] }).notNull(),
    /**
     * Written from an event's visibility choice (lib/calendar/store/events.ts), which rewrites these
     * on every edit; false for a share the owner made by hand (shareItem), which an edit leaves alone.
     */
    fromVisibility: boolean("from_visibility").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shares_one_target", sql`(${table.memberId} is null) <> (${table.circleId} is null)`),
    uniqueIndex("shares_item_member_key").on(table.itemType, table.itemId, table.memberId),
    uniqueIndex("shares_item_circle_key").on(table.itemType, table.itemId, table.circleId),
    index("shares_member_idx").on(table.memberId),
    index("shares_circle_idx").on(table.circleId),
    index("shares_owner_idx").on(table.ownerId),
  ],
);

/**
 * A guardian's consent for a child's account (a child under 13 cannot agree for themselves): who
 * consented, when, to which wording, and the child's birth month. Written with the account, in the
 * same transaction (lib/circles/children.ts).
 */
export const childConsents = pgTable(
  "child_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    childId: text("child_id").notNull(),
    circleId: uuid("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    guardianId: text("guardian_id").notNull(),
    /** "YYYY-MM": enough to know when they turn 13, no more. */
    birthMonth: text("birth_month").notNull(),
    wordingVersion: text("wording_version").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("child_consents_child_key").on(table.childId)],
);
