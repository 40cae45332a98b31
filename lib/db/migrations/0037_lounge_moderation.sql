CREATE TABLE "lounge_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"log_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lounge_appeals_log_id_unique" UNIQUE("log_id")
);
--> statement-breakpoint
CREATE TABLE "lounge_moderation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" text NOT NULL,
	"post_id" uuid,
	"refers_to" uuid,
	"reason" text NOT NULL,
	"days" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_moderator_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"moderator_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"log_id" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lounge_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lounge_appeals_open_idx" ON "lounge_appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lounge_appeals_member_idx" ON "lounge_appeals" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "lounge_moderation_log_created_idx" ON "lounge_moderation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lounge_moderation_log_subject_idx" ON "lounge_moderation_log" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "lounge_moderator_notes_member_idx" ON "lounge_moderator_notes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "lounge_suspensions_member_idx" ON "lounge_suspensions" USING btree ("member_id","until");