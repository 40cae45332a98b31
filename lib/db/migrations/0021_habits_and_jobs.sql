CREATE TABLE "habit_entries" (
	"habit_id" uuid NOT NULL,
	"day" date NOT NULL,
	"member_id" text NOT NULL,
	"value" double precision,
	"rest" boolean DEFAULT false NOT NULL,
	"note" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "habit_entries_value_or_rest" CHECK (("habit_entries"."rest" and "habit_entries"."value" is null) or (not "habit_entries"."rest" and "habit_entries"."value" >= 0))
);
--> statement-breakpoint
CREATE TABLE "habit_targets" (
	"habit_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"target" double precision NOT NULL,
	"schedule" text NOT NULL,
	"weekdays" jsonb,
	"times_per_week" integer,
	"rest_days_per_week" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "habit_targets_habit_id_effective_from_pk" PRIMARY KEY("habit_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "habits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"private_title" text,
	"kind" text NOT NULL,
	"unit" text,
	"reminder_time" text,
	"started_on" date NOT NULL,
	"suggested_by" text,
	"suggestion" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"member_id" text,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "habit_entries" ADD CONSTRAINT "habit_entries_habit_id_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_targets" ADD CONSTRAINT "habit_targets_habit_id_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "habit_entries_habit_day_member_key" ON "habit_entries" USING btree ("habit_id","day","member_id");--> statement-breakpoint
CREATE INDEX "habit_entries_member_idx" ON "habit_entries" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "habits_owner_idx" ON "habits" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_run_at_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "jobs_member_idx" ON "jobs" USING btree ("member_id");