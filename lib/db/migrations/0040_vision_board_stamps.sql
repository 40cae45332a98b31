ALTER TABLE "vision_boards" ADD COLUMN "contents_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "vision_goal_habits_habit_idx" ON "vision_goal_habits" USING btree ("habit_id");--> statement-breakpoint
-- Renews the contents stamps of these boards. The rows are locked first in one order (by id): two
-- writers that renew the same boards wait for each other, never in a cycle, and each committed state
-- of a board has its own stamp.
CREATE FUNCTION "renew_board_stamps"(board_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(board_ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "vision_boards" WHERE "id" = any(board_ids) ORDER BY "id" FOR UPDATE;
  UPDATE "vision_boards" SET "contents_stamp" = gen_random_uuid() WHERE "id" = any(board_ids);
END $$;
--> statement-breakpoint
-- The board's own tables: statement triggers with the statement's rows (transition tables), as the
-- agenda's stamps (0025_calendar_agenda_stamps): one renewal per statement, also for a bulk write or a
-- cascade. A trigger with transition tables fires for one kind of write, hence one per kind.
CREATE FUNCTION "vision_board_items_renew_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "renew_board_stamps"(array(SELECT DISTINCT "board_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "renew_board_stamps"(array(SELECT "board_id" FROM new_rows UNION SELECT "board_id" FROM old_rows));
  ELSE
    PERFORM "renew_board_stamps"(array(SELECT DISTINCT "board_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Milestones and linked habits: rows of an item, whose board is renewed. An item's deletion cascades
-- to them after the item is gone; its own trigger renews that board.
CREATE FUNCTION "vision_item_rows_renew_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "renew_board_stamps"(array(SELECT DISTINCT i."board_id" FROM "vision_board_items" i
      WHERE i."id" IN (SELECT "item_id" FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "renew_board_stamps"(array(SELECT DISTINCT i."board_id" FROM "vision_board_items" i
      WHERE i."id" IN (SELECT "item_id" FROM new_rows UNION SELECT "item_id" FROM old_rows)));
  ELSE
    PERFORM "renew_board_stamps"(array(SELECT DISTINCT i."board_id" FROM "vision_board_items" i
      WHERE i."id" IN (SELECT "item_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A habit's targets and check-ins, and the habit itself changed (its start, archived, a suggestion
-- answered) or gone (a new habit is linked to no goal yet): the boards whose goals link it. Row
-- triggers: most habits move no goal, and for those a check-in costs one look-up in the links' habit
-- index, where a statement trigger's transition tables cost each check-in some 0.15 ms more
-- (bench/check-in-stamps.ts). The argument names the row's habit column.
CREATE FUNCTION "habit_rows_renew_board_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  habit text := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
  boards uuid[] := array(SELECT DISTINCT i."board_id" FROM "vision_goal_habits" g
    JOIN "vision_board_items" i ON i."id" = g."item_id" WHERE g."habit_id" = habit);
BEGIN
  IF cardinality(boards) > 0 THEN
    PERFORM "renew_board_stamps"(boards);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vision_board_items_insert_renews_stamps" AFTER INSERT ON "vision_board_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_board_items_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_board_items_update_renews_stamps" AFTER UPDATE ON "vision_board_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_board_items_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_board_items_delete_renews_stamps" AFTER DELETE ON "vision_board_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_board_items_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_milestones_insert_renews_stamps" AFTER INSERT ON "vision_milestones"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_item_rows_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_milestones_update_renews_stamps" AFTER UPDATE ON "vision_milestones"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_item_rows_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_milestones_delete_renews_stamps" AFTER DELETE ON "vision_milestones"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_item_rows_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_goal_habits_insert_renews_stamps" AFTER INSERT ON "vision_goal_habits"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_item_rows_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_goal_habits_update_renews_stamps" AFTER UPDATE ON "vision_goal_habits"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_item_rows_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "vision_goal_habits_delete_renews_stamps" AFTER DELETE ON "vision_goal_habits"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vision_item_rows_renew_stamps"();
--> statement-breakpoint
CREATE TRIGGER "habit_targets_renew_board_stamps" AFTER INSERT OR UPDATE OR DELETE ON "habit_targets"
  FOR EACH ROW EXECUTE FUNCTION "habit_rows_renew_board_stamps"('habit_id');
--> statement-breakpoint
CREATE TRIGGER "habit_entries_renew_board_stamps" AFTER INSERT OR UPDATE OR DELETE ON "habit_entries"
  FOR EACH ROW EXECUTE FUNCTION "habit_rows_renew_board_stamps"('habit_id');
--> statement-breakpoint
CREATE TRIGGER "habits_renew_board_stamps" AFTER UPDATE OR DELETE ON "habits"
  FOR EACH ROW EXECUTE FUNCTION "habit_rows_renew_board_stamps"('id');
