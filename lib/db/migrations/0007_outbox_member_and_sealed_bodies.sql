ALTER TABLE "outbox" ADD COLUMN "member_id" text;--> statement-breakpoint
CREATE INDEX "outbox_member_idx" ON "outbox" USING btree ("member_id");--> statement-breakpoint
-- Data, not schema (drizzle cannot express it): messages delivered before this release keep no code,
-- link or address either.
UPDATE "outbox" SET "body" = '', "subject" = NULL, "recipient" = '', "reply_to" = NULL WHERE "sent_at" IS NOT NULL;
