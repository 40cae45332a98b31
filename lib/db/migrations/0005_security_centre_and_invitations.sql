CREATE TABLE "circle_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"owner_name" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"invitation_id" uuid,
	"name" text,
	"contact" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_devices" ADD COLUMN "name" text DEFAULT 'Unknown device' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_devices" ADD COLUMN "remembered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_invitation_id_circle_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."circle_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_invitations_token_key" ON "circle_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "circle_invitations_owner_idx" ON "circle_invitations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circle_members_owner_idx" ON "circle_members" USING btree ("owner_id");