CREATE TABLE "auth_ended_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_ended_sessions_expires_idx" ON "auth_ended_sessions" USING btree ("expires_at");