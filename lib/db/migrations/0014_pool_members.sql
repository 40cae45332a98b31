CREATE TABLE "identity_pool_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"given_name" text,
	"family_name" text,
	"phone_number" text,
	"fetched_at" timestamp (3) with time zone NOT NULL
);
