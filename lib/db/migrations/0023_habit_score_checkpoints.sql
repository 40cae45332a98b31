CREATE TABLE "habit_score_checkpoints" (
	"habit_id" uuid NOT NULL,
	"through_day" date NOT NULL,
	"score" double precision NOT NULL,
	"current_streak" integer NOT NULL,
	"best_streak" integer NOT NULL,
	CONSTRAINT "habit_score_checkpoints_habit_id_through_day_pk" PRIMARY KEY("habit_id","through_day")
);
--> statement-breakpoint
ALTER TABLE "habits" ADD COLUMN "history_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "habit_score_checkpoints" ADD CONSTRAINT "habit_score_checkpoints_habit_id_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habits"("id") ON DELETE cascade ON UPDATE no action;