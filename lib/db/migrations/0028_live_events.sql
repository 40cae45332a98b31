-- Live updates on PostgreSQL (lib/live/postgres/adapter.ts): each channel's recent events, so a
-- reconnecting client catches up from its last event id, and live_publish, which writes, prunes and
-- notifies in one call. Ids only (lib/live/events.ts). Harmless where another adapter is used (PGlite,
-- Redis): the tables then stay empty.
CREATE TABLE "live_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"trimmed_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_channel_id_idx" ON "live_events" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");
--> statement-breakpoint
CREATE FUNCTION "live_publish"(p_channel text, p_event jsonb, p_keep integer, p_retain interval)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
  cut bigint;
BEGIN
  -- One publisher per channel at a time, until commit: ids on a channel are committed in order, so
  -- a client resuming after id N never skips an event with a smaller id that committed later.
  PERFORM pg_advisory_xact_lock(hashtextextended('happr_live:' || p_channel, 0));
  INSERT INTO "live_events" ("channel", "event") VALUES (p_channel, p_event) RETURNING "id" INTO new_id;
  -- The channel keeps its p_keep newest events; the newest one pruned is remembered.
  SELECT "id" INTO cut FROM "live_events" WHERE "channel" = p_channel ORDER BY "id" DESC OFFSET p_keep LIMIT 1;
  IF cut IS NOT NULL THEN
    DELETE FROM "live_events" WHERE "channel" = p_channel AND "id" <= cut;
    INSERT INTO "live_channels" ("channel", "trimmed_through") VALUES (p_channel, cut)
      ON CONFLICT ("channel") DO UPDATE
      SET "trimmed_through" = GREATEST("live_channels"."trimmed_through", excluded."trimmed_through");
  END IF;
  -- Every hundredth event, whatever is older than p_retain goes, on every channel.
  IF new_id % 100 = 0 THEN
    WITH gone AS (DELETE FROM "live_events" WHERE "created_at" < now() - p_retain RETURNING "channel", "id")
    INSERT INTO "live_channels" ("channel", "trimmed_through") SELECT "channel", max("id") FROM gone GROUP BY "channel"
      ON CONFLICT ("channel") DO UPDATE
      SET "trimmed_through" = GREATEST("live_channels"."trimmed_through", excluded."trimmed_through");
  END IF;
  -- Delivered at commit, in commit order, to every instance listening (lib/live/postgres).
  PERFORM pg_notify('happr_live', json_build_object('id', new_id::text, 'channel', p_channel, 'event', p_event)::text);
  RETURN new_id;
END
$$;
