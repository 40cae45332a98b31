CREATE TABLE "lounge_cheers" (
	"post_id" uuid NOT NULL,
	"from_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lounge_cheers_post_id_from_id_pk" PRIMARY KEY("post_id","from_id")
);
--> statement-breakpoint
CREATE TABLE "lounge_child_settings" (
	"child_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"lounge_name" text NOT NULL,
	"name_key" text NOT NULL,
	"rules_version" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lounge_members_name_key_unique" UNIQUE("name_key")
);
--> statement-breakpoint
CREATE TABLE "lounge_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"reply_to" uuid,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"hold_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"priority" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"theme" text NOT NULL,
	"age_band" text NOT NULL,
	"opens_at_minute" smallint NOT NULL,
	"closes_at_minute" smallint NOT NULL,
	"table_size" smallint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lounge_rooms_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "lounge_seats" (
	"room_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"table_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lounge_seats_room_id_member_id_pk" PRIMARY KEY("room_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "lounge_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"slow_until" timestamp with time zone,
	"slow_seconds" smallint,
	"slow_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_teen_confirmations" (
	"member_id" text PRIMARY KEY NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lounge_cheers" ADD CONSTRAINT "lounge_cheers_post_id_lounge_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."lounge_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lounge_posts" ADD CONSTRAINT "lounge_posts_room_id_lounge_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."lounge_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lounge_posts" ADD CONSTRAINT "lounge_posts_table_id_lounge_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."lounge_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lounge_reports" ADD CONSTRAINT "lounge_reports_post_id_lounge_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."lounge_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lounge_seats" ADD CONSTRAINT "lounge_seats_room_id_lounge_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."lounge_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lounge_seats" ADD CONSTRAINT "lounge_seats_table_id_lounge_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."lounge_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lounge_tables" ADD CONSTRAINT "lounge_tables_room_id_lounge_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."lounge_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lounge_cheers_from_idx" ON "lounge_cheers" USING btree ("from_id");--> statement-breakpoint
CREATE INDEX "lounge_posts_table_created_idx" ON "lounge_posts" USING btree ("table_id","created_at");--> statement-breakpoint
CREATE INDEX "lounge_posts_author_created_idx" ON "lounge_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "lounge_posts_held_idx" ON "lounge_posts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lounge_reports_post_reporter_idx" ON "lounge_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "lounge_reports_queue_idx" ON "lounge_reports" USING btree ("priority","created_at");--> statement-breakpoint
CREATE INDEX "lounge_reports_reporter_idx" ON "lounge_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "lounge_seats_table_idx" ON "lounge_seats" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "lounge_seats_member_idx" ON "lounge_seats" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lounge_tables_room_number_idx" ON "lounge_tables" USING btree ("room_id","number");--> statement-breakpoint
-- The first rooms (lib/lounge/README.md): a handful, each for one age band, open 07:00 to 19:30 for
-- the youngest, to 22:00 for teens, 06:00 to 23:00 for adults, in each member's own time zone.
INSERT INTO "lounge_rooms" ("slug", "name", "theme", "age_band", "opens_at_minute", "closes_at_minute", "table_size", "position") VALUES
  ('kind-corner', 'Kind Corner', 'Small things that went well today', 'under13', 420, 1170, 8, 1),
  ('making-things', 'Making Things', 'Drawing, building and crafts', 'under13', 420, 1170, 8, 2),
  ('study-break', 'Study Break', 'Revision, routines and rest', 'teen', 420, 1320, 8, 3),
  ('hobbies', 'Hobbies', 'What you are learning for fun', 'teen', 420, 1320, 8, 4),
  ('morning-routines', 'Morning Routines', 'Starting the day on purpose', 'adult', 360, 1380, 10, 5),
  ('keeping-going', 'Keeping Going', 'Habits on the hard days', 'adult', 360, 1380, 10, 6),
  ('family-life', 'Family Life', 'Routines that work for a household', 'adult', 360, 1380, 10, 7);
