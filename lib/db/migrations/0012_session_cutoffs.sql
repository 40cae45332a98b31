CREATE TABLE "identity_session_cutoffs" (
	"member_id" text PRIMARY KEY NOT NULL,
	"sessions_valid_after" timestamp (3) with time zone NOT NULL
);
