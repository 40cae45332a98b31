ALTER TABLE "lounge_members" ADD COLUMN "reply_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lounge_posts" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "lounge_posts" ADD COLUMN "reply_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lounge_seats" ADD COLUMN "replies_seen_at" timestamp with time zone;