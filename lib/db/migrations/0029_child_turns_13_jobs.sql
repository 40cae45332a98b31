-- The job that hands a child's account over when the child turns 13 (lib/circles/growing-up.ts,
-- "child-turns-13", keyed by the child's id) is scheduled when the account is made; accounts made
-- before that job existed have none, so their `child` membership would never become `member` and
-- their carers would never be told. Schedule it for every child's account without one, at the same
-- instant turns13At gives (the first day of the month after the birth month, 13 years on, UTC). A
-- child already 13 gets a job due now: the next tick does the hand-over. Running it again adds nothing.
INSERT INTO "jobs" ("kind", "key", "member_id", "run_at")
SELECT 'child-turns-13', "child_id", "child_id",
  (to_date("birth_month", 'YYYY-MM') + interval '13 years 1 month')::timestamp AT TIME ZONE 'UTC'
FROM "child_consents"
ON CONFLICT ("kind", "key") DO NOTHING;
