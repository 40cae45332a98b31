CREATE TABLE "member_profiles" (
	"member_id" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"dob" date,
	"phone" text,
	"timezone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
