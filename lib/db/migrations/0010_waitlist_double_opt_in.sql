ALTER TABLE "outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "confirmed_at" timestamp with time zone;