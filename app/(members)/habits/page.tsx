import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { HEAT_MAP_DAYS } from "@/lib/habits/checkpoints";
import { getMyHabits, todayOf, type HabitView } from "@/lib/habits/store";
import { getCirclePeople, getMyCircles } from "@/lib/circles";
import { Panel } from "@/components/ui/panel";
import { CheckInForm } from "@/components/habits/check-in";
import { HabitForm } from "@/components/habits/habit-form";
import { HabitHeatMap } from "@/components/habits/heat-map";
import { ArchiveHabitForm, ShareHabitForm } from "@/components/habits/owner-forms";
import { archiveHabitAction, checkInAction, saveHabitAction, shareHabitAction } from "./actions";

export const metadata: Metadata = { title: "My Habits", robots: { index: false } };

const STATE_WORDS = { DONE: "Done today", REST: "Rest day today", DUE: "Due today", NOT_DUE: "Not due today" };
const listTitle = (habit: HabitView) => habit.privateTitle ?? habit.title;
const streakWords = (habit: HabitView) =>
  `Streak: ${habit.currentStreak} ${habit.currentStreak === 1 ? "day" : "days"} (your best: ${habit.bestStreak}). Score: ${Math.round(habit.score * 100)}%.`;

export default async function HabitsPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const [habits, circles, today] = await Promise.all([
    getMyHabits(member.memberId, { historyDays: HEAT_MAP_DAYS }),
    getMyCircles(member.memberId),
    todayOf(member.memberId),
  ]);
  const people = (await Promise.all(circles.map((circle) => getCirclePeople(member.memberId, circle.circleId)))).flat();
  const shareTargets = [
    ...circles.map((circle) => ({ value: `circle:${circle.circleId}`, label: `Everyone in ${circle.name}` })),
    ...[...new Map(people.filter((p) => p.memberId !== member.memberId).map((p) => [p.memberId, p])).values()].map(
      (person) => ({ value: `member:${person.memberId}`, label: person.name ?? person.label ?? "A circle member" }),
    ),
  ];
  const live = habits.filter((habit) => !habit.pending);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">My Habits</h1>
      <p className="mt-2 text-base text-muted">
        Compared only with your own past.{" "}
        <Link href="/my-account" className="underline">
          Back to My Account
        </Link>
      </p>

      <Panel aria-labelledby="today-heading" className="mt-6">
        <h2 id="today-heading" className="text-xl font-semibold text-ink">
          Today
        </h2>
        {live.length === 0 ? <p className="mt-2 text-base text-muted">No habits yet: add one below.</p> : null}
        <ul className="mt-2 grid gap-6">
          {live.map((habit) => (
            <li key={habit.id} className="border-t border-slate-200 pt-4">
              <h3 className="text-lg font-semibold text-ink">{listTitle(habit)}</h3>
              <p className="text-base text-ink">{STATE_WORDS[habit.todayState]}</p>
              <p className="text-sm text-muted">{streakWords(habit)}</p>
              {habit.canCheckIn ? (
                <CheckInForm
                  habitId={habit.id}
                  title={listTitle(habit)}
                  kind={habit.kind}
                  unit={habit.unit}
                  date={today}
                  hasEntry={habit.todayState === "DONE" || habit.todayState === "REST"}
                  action={checkInAction}
                />
              ) : (
                <p className="text-sm text-muted">Shared with you to see.</p>
              )}
            </li>
          ))}
        </ul>
      </Panel>

      {live.length > 0 ? (
        <Panel aria-labelledby="history-heading" className="mt-6">
          <h2 id="history-heading" className="text-xl font-semibold text-ink">
            History
          </h2>
          <ul className="mt-2 grid gap-6">
            {live.map((habit) => (
              <li key={habit.id} className="border-t border-slate-200 pt-4">
                <h3 className="text-lg font-semibold text-ink">{listTitle(habit)}</h3>
                <HabitHeatMap title={listTitle(habit)} days={habit.recentDays} />
                <p className="mt-2 flex flex-wrap gap-4 text-sm">
                  <a href={`/habits/${habit.id}/csv`} className="underline">
                    Download {listTitle(habit)} as CSV
                  </a>
                  {habit.access === "owner" ? (
                    <Link href={`/habits/${habit.id}`} className="underline">
                      Edit {listTitle(habit)}
                    </Link>
                  ) : null}
                </p>
                {habit.access === "owner" && shareTargets.length > 0 ? (
                  <ShareHabitForm
                    habitId={habit.id}
                    title={listTitle(habit)}
                    targets={shareTargets}
                    action={shareHabitAction}
                  />
                ) : null}
                {habit.access === "owner" ? (
                  <ArchiveHabitForm habitId={habit.id} title={listTitle(habit)} action={archiveHabitAction} />
                ) : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel aria-labelledby="new-heading" className="mt-6">
        <h2 id="new-heading" className="text-xl font-semibold text-ink">
          New habit
        </h2>
        <HabitForm action={saveHabitAction} />
      </Panel>
    </div>
  );
}
