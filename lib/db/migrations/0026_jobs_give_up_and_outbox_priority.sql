DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "set_aside_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_set_aside_idx" ON "jobs" USING btree ("set_aside_at") WHERE "jobs"."set_aside_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("priority","created_at") WHERE "outbox"."sent_at" is null;