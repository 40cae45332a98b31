CREATE TABLE "member_settings" (
	"member_id" text PRIMARY KEY NOT NULL,
	"discreet_mode" boolean DEFAULT false NOT NULL,
	"quiet_hours" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
