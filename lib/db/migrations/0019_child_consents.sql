CREATE TABLE "child_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" text NOT NULL,
	"circle_id" uuid NOT NULL,
	"guardian_id" text NOT NULL,
	"birth_month" text NOT NULL,
	"wording_version" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "child_consents_child_key" ON "child_consents" USING btree ("child_id");