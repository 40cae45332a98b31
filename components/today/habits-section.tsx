import Link from "next/link";
import { CheckInRow, type CheckInHabit } from "@/components/habits/check-in-row";
import { Panel } from "@/components/ui/panel";
import { checkInDays } from "@/lib/habits/check-in-days";
import { listTitle } from "@/lib/display";
import type { FormAction, FormState } from "@/lib/forms";
import type { HabitView } from "@/lib/habits/store";
import { CHECK_IN_DAYS } from "@/lib/today/page";

/** What a row shows of a habit, and no more: every prop of a client component is sent to the browser. */
const checkInHabitOf = (habit: HabitView): CheckInHabit => ({
  id: habit.id,
  title: listTitle(habit),
  kind: habit.kind,
  unit: habit.unit,
  target: habit.target,
  canCheckIn: habit.canCheckIn,
  score: habit.score,
  currentStreak: habit.currentStreak,
  bestStreak: habit.bestStreak,
});

/** Today's habits, one row each with its last days to tap; suggestions waiting are pointed to, not answered here. */
export function TodayHabits({
  habits,
  notDueToday,
  suggestions,
  today,
  checkIn,
}: {
  habits: HabitView[];
  notDueToday: number;
  suggestions: number;
  today: string;
  checkIn: FormAction<FormState>;
}) {
  return (
    <Panel aria-labelledby="today-habits" compact className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-habits" className="text-xl font-semibold text-ink">
          Habits
        </h2>
        <Link href="/habits" className="text-sm font-semibold text-brand-700 underline">
          All habits
        </Link>
      </div>
      {suggestions > 0 ? (
        <p className="mt-2 text-base text-ink">
          {suggestions === 1
            ? "A grown-up suggested a habit for you: "
            : `Grown-ups suggested ${suggestions} habits for you: `}
          <Link href="/habits" className="font-semibold underline">
            say yes or no on My Habits
          </Link>
          .
        </p>
      ) : null}
      {habits.length === 0 ? (
        <p className="mt-2 text-base text-muted">
          {notDueToday > 0 ? "Nothing due today." : "No habits yet."}{" "}
          <Link href="/habits#new-heading" className="underline">
            Add a habit
          </Link>
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {habits.map((habit) => (
            <li key={habit.id}>
              <CheckInRow
                habit={checkInHabitOf(habit)}
                days={checkInDays(habit.recentDays, today, CHECK_IN_DAYS)}
                today={today}
                action={checkIn}
                href={habit.access === "owner" ? `/habits/${habit.id}` : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {habits.length > 0 && notDueToday > 0 ? (
        <p className="mt-2 text-sm text-muted">
          {notDueToday === 1 ? "1 more habit is not due today." : `${notDueToday} more habits are not due today.`}
        </p>
      ) : null}
    </Panel>
  );
}
