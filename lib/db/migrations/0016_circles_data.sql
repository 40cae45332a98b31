-- Hand-written (drizzle-kit cannot express a data step): each owner of the one-circle-per-person
-- model (circle_members by owner_id, or invitations sent) gets one circle named after them, holding
-- their own membership as owner and their members as members; their invitations name that circle.
INSERT INTO "circles" ("name", "owner_id")
SELECT coalesce(
         (SELECT nullif(trim(i."owner_name"), '') || '''s circle'
            FROM "circle_invitations" i
           WHERE i."owner_id" = o."owner_id" AND trim(i."owner_name") <> ''
           ORDER BY i."created_at" DESC
           LIMIT 1),
         'My circle'),
       o."owner_id"
  FROM (SELECT "owner_id" FROM "circle_members" UNION SELECT "owner_id" FROM "circle_invitations") o
ON CONFLICT ("owner_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "circle_memberships" ("circle_id", "member_id", "role", "joined_at")
SELECT c."id", c."owner_id", 'owner', c."created_at" FROM "circles" c
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "circle_memberships" ("circle_id", "member_id", "role", "invitation_id", "name", "contact", "joined_at")
SELECT c."id", m."member_id", 'member', m."invitation_id", m."name", m."contact", m."joined_at"
  FROM "circle_members" m
  JOIN "circles" c ON c."owner_id" = m."owner_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "circle_invitations" i SET "circle_id" = c."id"
  FROM "circles" c
 WHERE c."owner_id" = i."owner_id" AND i."circle_id" IS NULL;
