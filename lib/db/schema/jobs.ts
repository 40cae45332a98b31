import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Scheduled work (lib/jobs): one row per thing to do at a time, named by (kind, key) so scheduling
 * again moves the same job instead of adding one. Claimed with FOR UPDATE SKIP LOCKED, so several
 * app instances never run one job twice. Habit reminders and summaries use it, and calendar reminders.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    /** The member it is for, so it goes with their account. */
    memberId: text("member_id"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** Failed runs in a row (a success sets it back to 0); at MAX_JOB_ATTEMPTS the job is set aside. */
    attempts: integer("attempts").notNull().default(0),
    /** The last failure's error, as the log shows it (no bodies or addresses): for the operator. */
    lastError: text("last_error"),
    /** When the job was given up after its last attempt: never claimed again until someone retries it. */
    setAsideAt: timestamp("set_aside_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("jobs_kind_key").on(table.kind, table.key),
    index("jobs_run_at_idx").on(table.runAt),
    index("jobs_set_aside_idx")
      .on(table.setAsideAt)
      .where(sql`${table.setAsideAt} is not null`),
    index("jobs_member_idx").on(table.memberId),
  ],
);
