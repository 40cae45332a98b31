import { sql } from "drizzle-orm";
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Live updates on PostgreSQL (lib/live/postgres): the recent events of each channel, so a
 * reconnecting client catches up from its last event id. Ids only (lib/live/events.ts), pruned as
 * they are written: at most a few hundred per channel, none older than a day. The function
 * live_publish (the `*_live_events` migration, which adds it by hand) writes, prunes and notifies in one call.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    channel: text("channel").notNull(),
    event: jsonb("event").$type<{ kind: string; ids: Record<string, string> }>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("live_events_channel_id_idx").on(table.channel, table.id),
    index("live_events_created_at_idx").on(table.createdAt),
  ],
);

/** Per channel, the newest event id pruned: a client resuming from before it missed events. */
export const liveChannels = pgTable("live_channels", {
  channel: text("channel").primaryKey(),
  trimmedThrough: bigint("trimmed_through", { mode: "bigint" })
    .notNull()
    .default(sql`0`),
});
