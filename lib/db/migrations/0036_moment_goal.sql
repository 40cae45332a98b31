ALTER TABLE "moments" ADD COLUMN "goal_id" uuid;--> statement-breakpoint
ALTER TABLE "moments" ADD CONSTRAINT "moments_goal_id_vision_board_items_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."vision_board_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moments_goal_idx" ON "moments" USING btree ("goal_id");