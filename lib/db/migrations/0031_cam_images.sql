CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"declared_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"pieces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"object_prefix" text NOT NULL,
	"holder_kind" text,
	"holder_id" text,
	"width" integer,
	"height" integer,
	"placeholder" text,
	"captured_on" date,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_cam_settings" (
	"child_id" text PRIMARY KEY NOT NULL,
	"may_share" boolean DEFAULT false NOT NULL,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moment_albums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moment_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moment_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"reaction" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"image_id" uuid NOT NULL,
	"note" text,
	"alt" text,
	"day" date NOT NULL,
	"day_set_by_member" boolean DEFAULT false NOT NULL,
	"habit_id" text,
	"album_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moment_reactions" ADD CONSTRAINT "moment_reactions_moment_id_moments_id_fk" FOREIGN KEY ("moment_id") REFERENCES "public"."moments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moments" ADD CONSTRAINT "moments_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moments" ADD CONSTRAINT "moments_album_id_moment_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."moment_albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "images_holder_idx" ON "images" USING btree ("holder_kind","holder_id");--> statement-breakpoint
CREATE INDEX "moment_albums_owner_idx" ON "moment_albums" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moment_reactions_author_idx" ON "moment_reactions" USING btree ("moment_id","author_id");--> statement-breakpoint
CREATE INDEX "moment_reactions_by_author_idx" ON "moment_reactions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "moments_owner_created_idx" ON "moments" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "moments_image_idx" ON "moments" USING btree ("image_id");