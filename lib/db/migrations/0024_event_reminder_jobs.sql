-- Backfill: events written before attendees' reminders existed get their reminder job (lib/calendar/store/reminders.ts).
-- It is due at once with `since` = now, so its first run sends nothing and schedules the event's next reminder
-- (or ends, for an event that has none left). Events that are over are left out.
INSERT INTO "jobs" ("kind", "key", "member_id", "run_at", "payload")
SELECT 'event-reminder', e."id"::text, e."owner_id", now(), jsonb_build_object('since', floor(extract(epoch FROM now()))::bigint)
FROM "calendar_events" AS e
WHERE e."range_end" IS NULL OR e."range_end" > extract(epoch FROM now())
ON CONFLICT ("kind", "key") DO NOTHING;
