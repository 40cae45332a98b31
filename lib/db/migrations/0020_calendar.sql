CREATE TABLE "calendar_acknowledgements" (
	"event_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"recurrence_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_acknowledgements_event_id_member_id_recurrence_id_pk" PRIMARY KEY("event_id","member_id","recurrence_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"created_by" text NOT NULL,
	"uid" text,
	"all_day" boolean NOT NULL,
	"start_at" bigint,
	"end_at" bigint,
	"timezone" text,
	"start_date" text,
	"end_date" text,
	"rrule" text,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text NOT NULL,
	"private_title" text,
	"notes" text,
	"location" text,
	"visibility" text NOT NULL,
	"circle_id" uuid,
	"people" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requires_acknowledgement" boolean DEFAULT false NOT NULL,
	"range_start" bigint NOT NULL,
	"range_end" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"member_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"neutral_titles" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_acknowledgements" ADD CONSTRAINT "calendar_acknowledgements_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_acknowledgements_member_idx" ON "calendar_acknowledgements" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "calendar_events_owner_range_idx" ON "calendar_events" USING btree ("owner_id","range_start");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_owner_uid_key" ON "calendar_events" USING btree ("owner_id","uid");