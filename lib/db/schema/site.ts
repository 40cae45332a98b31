import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** People who asked to hear when Happr opens. Email is unique regardless of letter case. */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the person opened the confirmation link (double opt-in); only confirmed entries are exported. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("waitlist_entries_email_lower_key").on(sql`lower(${table.email})`)],
);

/** Messages sent through the contact form; each is also mailed to support through the outbox. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  topic: text("topic").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every email and SMS the app sends. Rows are written inside the business transaction that causes
 * them; the embedded default keeps them here (and echoes them to the console in development); with
 * SMTP configured a deliverer claims pending email rows after commit, sends them and marks them sent.
 * The body is stored encrypted (it holds codes and links: see lib/mail/sealed-body.ts); a delivered
 * row keeps only when and how it was sent (body, subject and recipient are emptied).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    /** The member the message is about (their codes, notices, invitations): deleted with their account. */
    memberId: text("member_id"),
    replyTo: text("reply_to"),
    /** A mailing list's one-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe headers. */
    listUnsubscribe: text("list_unsubscribe"),
    subject: text("subject"),
    body: text("body").notNull(),
    /** Delivery order: 0 codes and security notices (OUTBOX_PRIORITY in lib/mail), 1 reminders and summaries; then oldest first. */
    priority: smallint("priority").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Delivery attempts so far; a row is given up after a few failures (see lib/mail). */
    attempts: integer("attempts").notNull().default(0),
    /** A deliverer's lease: nobody else picks the row up before this time. Also the retry back-off, and the hold on a message queued in quiet hours. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    index("outbox_recipient_idx").on(table.recipient, table.createdAt),
    index("outbox_member_idx").on(table.memberId),
    index("outbox_pending_idx")
      .on(table.priority, table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/**
 * Fixed-window counters for rate limits, shared by every app instance through the database.
 * key = "<bucket>:<subject>", windowStart = the start of the current window; expiresAt lets old
 * windows be swept whatever their length.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    primaryKey({ name: "rate_limit_counters_pkey", columns: [table.key, table.windowStart] }),
    index("rate_limit_counters_expires_idx").on(table.expiresAt),
  ],
);
