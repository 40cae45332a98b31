import type { Metadata } from "next";
import { getMember } from "@/lib/auth/member";
import type { HabitView } from "@/lib/habits/store";
import { habitsPage } from "@/lib/habits/page";
import { Panel } from "@/components/ui/panel";
import { CheckInRow } from "@/components/habits/check-in-row";
import { HabitForm } from "@/components/habits/habit-form";
import { AnswerSuggestionForm } from "@/components/habits/owner-forms";
import { answerSuggestionAction, saveHabitAction, suggestHabitAction } from "./actions";
import { tapCheckInAction } from "./check-in-actions";

export const metadata: Metadata = { title: "My Habits" };

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** What a suggested habit asks, in words: "Every day", "20 minutes a day, on Monday and Friday". */
function suggestionWords(habit: HabitView) {
  const days = (habit.weekdays ?? []).map((day) => WEEKDAY_NAMES[day - 1]);
  const when =
    habit.schedule === "weekdays"
      ? `on ${days.length > 1 ? `${days.slice(0, -1).join(", ")} and ${days.at(-1)}` : days[0]}`
      : habit.schedule === "times_per_week"
        ? `${habit.timesPerWeek} ${habit.timesPerWeek === 1 ? "day" : "days"} a week`
        : "every day";
  const amount =
    habit.kind === "minutes"
      ? `${habit.target} minutes`
      : habit.kind === "count"
        ? `${habit.target} ${habit.unit ?? ""}`.trim()
        : null;
  const sentence = amount ? `${amount} a day, ${when}` : when;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
export default async function HabitsPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { today, rows, suggestions, children } = await habitsPage(member.memberId);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">My Habits</h1>
      <p className="mt-2 text-base text-muted">Compared only with your own past.</p>

      {suggestions.length > 0 ? (
        <Panel aria-labelledby="suggested-heading" className="mt-6">
          <h2 id="suggested-heading" className="text-xl font-semibold text-ink">
            Suggested for you
          </h2>
          <p className="mt-2 text-base text-muted">If you accept, it starts today. If not, it goes away.</p>
          <ul className="mt-2 grid gap-6">
            {suggestions.map(({ habit, title, suggestedBy }) => (
              <li key={habit.id} className="border-t border-slate-200 pt-4">
                <h3 className="text-lg font-semibold text-ink">{title}</h3>
                <p className="text-base text-ink">{suggestionWords(habit)}</p>
                <p className="text-sm text-muted">Suggested by {suggestedBy}.</p>
                <AnswerSuggestionForm habitId={habit.id} title={title} action={answerSuggestionAction} />
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel aria-labelledby="today-heading" compact className="mt-6">
        <h2 id="today-heading" className="text-xl font-semibold text-ink">
          Today
        </h2>
        {rows.length === 0 ? (
          <p className="mt-2 text-base text-muted">No habits yet: add one below.</p>
        ) : (
          <p className="mt-1 text-sm text-muted">
            Tap a day to mark it done, tap again to undo. A habit&rsquo;s name opens its page: notes, another amount,
            rest days, its history.
          </p>
        )}
        <ul className="mt-2 divide-y divide-slate-200">
          {rows.map(({ habit, title, days }) => (
            <li key={habit.id}>
              <CheckInRow
                habit={{ ...habit, title }}
                days={days}
                today={today}
                action={tapCheckInAction}
                href={`/habits/${habit.id}`}
              />
              {habit.canCheckIn ? null : <p className="pb-3 text-sm text-muted">Shared with you to see.</p>}
            </li>
          ))}
        </ul>
      </Panel>

      <Panel aria-labelledby="new-heading" className="mt-6">
        <h2 id="new-heading" className="text-xl font-semibold text-ink">
          New habit
        </h2>
        <HabitForm action={saveHabitAction} />
      </Panel>

      {children.length > 0 ? (
        <Panel aria-labelledby="suggest-heading" className="mt-6">
          <h2 id="suggest-heading" className="text-xl font-semibold text-ink">
            Suggest a habit to a child
          </h2>
          <p className="mt-2 text-base text-muted">
            It waits on their My Habits page for their answer. Once accepted it is theirs: you see it only if they share
            it with you.
          </p>
          <HabitForm suggestTo={children} action={suggestHabitAction} />
        </Panel>
      ) : null}
    </div>
  );
}
