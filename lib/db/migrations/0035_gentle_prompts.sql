CREATE TABLE "vision_preferences" (
	"member_id" text PRIMARY KEY NOT NULL,
	"look_back" text,
	"looked_back_at" timestamp with time zone,
	"look_back_progress" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vision_preferences_look_back" CHECK ("vision_preferences"."look_back" ~ '^(off|first-[1-7]|day-([1-9]|1[0-9]|2[0-8]))$')
);
--> statement-breakpoint
ALTER TABLE "cam_preferences" ADD COLUMN "prompt_weekday" smallint;--> statement-breakpoint
ALTER TABLE "cam_preferences" ADD CONSTRAINT "cam_preferences_prompt_weekday" CHECK ("cam_preferences"."prompt_weekday" between 1 and 7);--> statement-breakpoint
-- The Vision Board's monthly look back is on by default and scheduled when a member adds a goal
-- (lib/vision-board/look-back.ts, "vision-look-back", keyed by the member's id); members with goals
-- from before it have no job. One each, due now: its first run only places it on the member's next
-- chosen day (it sends only within three days after one). Running this again adds nothing.
INSERT INTO "jobs" ("kind", "key", "member_id", "run_at")
SELECT DISTINCT 'vision-look-back', "owner_id", "owner_id", now()
FROM "vision_board_items"
WHERE "kind" = 'goal'
ON CONFLICT ("kind", "key") DO NOTHING;
