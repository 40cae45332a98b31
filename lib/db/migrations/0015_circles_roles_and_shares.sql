CREATE TABLE "circle_memberships" (
	"circle_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"role" text NOT NULL,
	"label" text,
	"pronouns" text,
	"invitation_id" uuid,
	"name" text,
	"contact" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_memberships_circle_id_member_id_pk" PRIMARY KEY("circle_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"member_id" text,
	"circle_id" uuid,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_one_target" CHECK (("shares"."member_id" is null) <> ("shares"."circle_id" is null))
);
--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_memberships" ADD CONSTRAINT "circle_memberships_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "circle_memberships" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circles_owner_key" ON "circles" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_item_member_key" ON "shares" USING btree ("item_type","item_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_item_circle_key" ON "shares" USING btree ("item_type","item_id","circle_id");--> statement-breakpoint
CREATE INDEX "shares_member_idx" ON "shares" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "shares_circle_idx" ON "shares" USING btree ("circle_id");--> statement-breakpoint
CREATE INDEX "shares_owner_idx" ON "shares" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD CONSTRAINT "circle_invitations_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;