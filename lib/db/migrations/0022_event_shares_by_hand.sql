ALTER TABLE "shares" ADD COLUMN "from_visibility" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: the event shares that an event's visibility choice wrote are marked as such, so the
-- next edit rewrites them and leaves hand-made shares (shareItem) alone.
UPDATE "shares" AS s SET "from_visibility" = true
FROM "calendar_events" AS e
WHERE s."item_type" = 'event' AND s."item_id" = e."id"::text AND (
  (s."circle_id" IS NOT NULL AND s."circle_id" = e."circle_id" AND e."visibility" IN ('circle', 'busy'))
  OR (s."member_id" IS NOT NULL AND e."visibility" <> 'private' AND e."people" @> jsonb_build_array(s."member_id"))
);
