import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { circles } from "./circles";

/**
 * Safe Circle invitations: a Family plan holder (the owner) invites someone by phone or email. Only
 * the hash of the single-use token is kept; the link in the message carries the token itself.
 * Member ids are the identity provider's (built-in account id or Cognito `sub`), as in the profile.
 */
export const circleInvitations = pgTable(
  "circle_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").notNull(),
    /** The circle the invitee joins (the owner's), and as what. */
    circleId: uuid("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["member", "guardian"] })
      .notNull()
      .default("member"),
    /** How the invitee sees who invited them. */
    ownerName: text("owner_name").notNull(),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    /** E.164 phone number or email address. */
    recipient: text("recipient").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ["pending", "accepted", "revoked"] })
      .notNull()
      .default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedBy: text("accepted_by"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("circle_invitations_token_key").on(table.tokenHash),
    index("circle_invitations_owner_idx").on(table.ownerId),
  ],
);
