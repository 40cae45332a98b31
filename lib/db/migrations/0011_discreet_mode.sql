CREATE TABLE "member_settings" (
	"member_id" text PRIMARY KEY NOT NULL,
	"discreet_mode" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
