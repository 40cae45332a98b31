CREATE TABLE "cam_preferences" (
	"member_id" text PRIMARY KEY NOT NULL,
	"conceal_photos" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
