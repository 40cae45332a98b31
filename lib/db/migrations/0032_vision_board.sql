CREATE TABLE "vision_board_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"size" text DEFAULT 'medium' NOT NULL,
	"title" text,
	"private_title" text,
	"text" text,
	"colour" text,
	"image_id" uuid,
	"area" text,
	"why" text,
	"target_date" date,
	"target_count" double precision,
	"target_unit" text,
	"count_done" double precision,
	"status" text,
	"status_note" text,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vision_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" text,
	"circle_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vision_boards_owner_or_circle" CHECK (("vision_boards"."kind" = 'family' and "vision_boards"."circle_id" is not null and "vision_boards"."owner_id" is null)
        or ("vision_boards"."kind" <> 'family' and "vision_boards"."owner_id" is not null and "vision_boards"."circle_id" is null))
);
--> statement-breakpoint
CREATE TABLE "vision_child_rights" (
	"circle_id" uuid NOT NULL,
	"child_id" text NOT NULL,
	"right" text NOT NULL,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vision_child_rights_circle_id_child_id_pk" PRIMARY KEY("circle_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "vision_goal_cheers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"from_member_id" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vision_goal_habits" (
	"item_id" uuid NOT NULL,
	"habit_id" text NOT NULL,
	CONSTRAINT "vision_goal_habits_item_id_habit_id_pk" PRIMARY KEY("item_id","habit_id")
);
--> statement-breakpoint
CREATE TABLE "vision_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"title" text NOT NULL,
	"date" date,
	"event_id" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vision_board_items" ADD CONSTRAINT "vision_board_items_board_id_vision_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."vision_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_boards" ADD CONSTRAINT "vision_boards_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_child_rights" ADD CONSTRAINT "vision_child_rights_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_goal_cheers" ADD CONSTRAINT "vision_goal_cheers_item_id_vision_board_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."vision_board_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_goal_habits" ADD CONSTRAINT "vision_goal_habits_item_id_vision_board_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."vision_board_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_milestones" ADD CONSTRAINT "vision_milestones_item_id_vision_board_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."vision_board_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vision_board_items_board_idx" ON "vision_board_items" USING btree ("board_id","position");--> statement-breakpoint
CREATE INDEX "vision_board_items_owner_idx" ON "vision_board_items" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vision_boards_owner_idx" ON "vision_boards" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vision_boards_mine_key" ON "vision_boards" USING btree ("owner_id") WHERE "vision_boards"."kind" = 'mine';--> statement-breakpoint
CREATE UNIQUE INDEX "vision_boards_circle_key" ON "vision_boards" USING btree ("circle_id");--> statement-breakpoint
CREATE INDEX "vision_goal_cheers_item_idx" ON "vision_goal_cheers" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "vision_goal_cheers_from_idx" ON "vision_goal_cheers" USING btree ("from_member_id");--> statement-breakpoint
CREATE INDEX "vision_milestones_item_idx" ON "vision_milestones" USING btree ("item_id");