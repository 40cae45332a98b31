ALTER TABLE "member_settings" ADD COLUMN "today_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "today_since_at" timestamp with time zone;