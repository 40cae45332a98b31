CREATE TABLE "calendar_agenda_stamps" (
	"scope" text PRIMARY KEY NOT NULL,
	"stamp" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
-- Renews the stamps of these members and circles. One statement, in one order (by scope): two writers
-- lock the rows they share in the same order, so they wait for each other, never in a cycle. A writer
-- that renews a stamp another open transaction renewed waits for it to end, so each committed state of
-- a scope has its own stamp.
CREATE FUNCTION "renew_agenda_stamps"(members text[], circle_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "calendar_agenda_stamps" ("scope")
  SELECT "scope" FROM (
    SELECT 'member:' || m AS "scope" FROM unnest(members) AS m WHERE m IS NOT NULL
    UNION
    SELECT 'circle:' || c FROM unnest(circle_ids) AS c WHERE c IS NOT NULL
  ) AS s
  ORDER BY "scope"
  ON CONFLICT ("scope") DO UPDATE SET "stamp" = gen_random_uuid();
$$;
--> statement-breakpoint
-- An owner's event or event share reaches the owner and people in the owner's circles: their stamps.
CREATE FUNCTION "renew_agenda_stamps_of_owners"(owners text[]) RETURNS void LANGUAGE sql AS $$
  SELECT "renew_agenda_stamps"(owners, array(SELECT "circle_id" FROM "circle_memberships" WHERE "member_id" = any(owners)));
$$;
--> statement-breakpoint
-- Statement triggers with the statement's rows (transition tables): one renewal per statement, also
-- for a bulk write. A trigger with transition tables fires for one kind of write, hence three per table.
CREATE FUNCTION "calendar_events_renew_agenda_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "renew_agenda_stamps_of_owners"(array(SELECT DISTINCT "owner_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "renew_agenda_stamps_of_owners"(array(SELECT "owner_id" FROM new_rows UNION SELECT "owner_id" FROM old_rows));
  ELSE
    PERFORM "renew_agenda_stamps_of_owners"(array(SELECT DISTINCT "owner_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calendar_events_insert_renews_agendas" AFTER INSERT ON "calendar_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_events_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "calendar_events_update_renews_agendas" AFTER UPDATE ON "calendar_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_events_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "calendar_events_delete_renews_agendas" AFTER DELETE ON "calendar_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_events_renew_agenda_stamps"();
--> statement-breakpoint
-- Only shares of events: other items' shares do not change an agenda.
CREATE FUNCTION "event_shares_renew_agenda_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "renew_agenda_stamps_of_owners"(array(SELECT DISTINCT "owner_id" FROM new_rows WHERE "item_type" = 'event'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "renew_agenda_stamps_of_owners"(array(SELECT "owner_id" FROM new_rows WHERE "item_type" = 'event'
      UNION SELECT "owner_id" FROM old_rows WHERE "item_type" = 'event'));
  ELSE
    PERFORM "renew_agenda_stamps_of_owners"(array(SELECT DISTINCT "owner_id" FROM old_rows WHERE "item_type" = 'event'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shares_insert_renews_agendas" AFTER INSERT ON "shares"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_shares_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "shares_update_renews_agendas" AFTER UPDATE ON "shares"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_shares_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "shares_delete_renews_agendas" AFTER DELETE ON "shares"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_shares_renew_agenda_stamps"();
--> statement-breakpoint
-- A membership (joining, leaving, a new role) changes what reaches the member and the circle's people.
CREATE FUNCTION "circle_memberships_renew_agenda_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "renew_agenda_stamps"(array(SELECT "member_id" FROM new_rows), array(SELECT "circle_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "renew_agenda_stamps"(array(SELECT "member_id" FROM new_rows UNION SELECT "member_id" FROM old_rows),
      array(SELECT "circle_id" FROM new_rows UNION SELECT "circle_id" FROM old_rows));
  ELSE
    PERFORM "renew_agenda_stamps"(array(SELECT "member_id" FROM old_rows), array(SELECT "circle_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "circle_memberships_insert_renews_agendas" AFTER INSERT ON "circle_memberships"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "circle_memberships_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "circle_memberships_update_renews_agendas" AFTER UPDATE ON "circle_memberships"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "circle_memberships_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "circle_memberships_delete_renews_agendas" AFTER DELETE ON "circle_memberships"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "circle_memberships_renew_agenda_stamps"();
--> statement-breakpoint
-- A "got it" shows only in the acknowledging member's own agenda.
CREATE FUNCTION "calendar_acknowledgements_renew_agenda_stamps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "renew_agenda_stamps"(array(SELECT "member_id" FROM new_rows), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "renew_agenda_stamps"(array(SELECT "member_id" FROM new_rows UNION SELECT "member_id" FROM old_rows), '{}');
  ELSE
    PERFORM "renew_agenda_stamps"(array(SELECT "member_id" FROM old_rows), '{}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calendar_acknowledgements_insert_renews_agendas" AFTER INSERT ON "calendar_acknowledgements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_acknowledgements_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "calendar_acknowledgements_update_renews_agendas" AFTER UPDATE ON "calendar_acknowledgements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_acknowledgements_renew_agenda_stamps"();
--> statement-breakpoint
CREATE TRIGGER "calendar_acknowledgements_delete_renews_agendas" AFTER DELETE ON "calendar_acknowledgements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "calendar_acknowledgements_renew_agenda_stamps"();
