ALTER TABLE "circle_members" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "circle_members" CASCADE;--> statement-breakpoint
ALTER TABLE "circle_invitations" ALTER COLUMN "circle_id" SET NOT NULL;