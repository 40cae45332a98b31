import type { Db } from "../db/open";
import { getCirclePeople, getMyCircles } from "../circles";
import { shareTargetsFor, type ShareTarget } from "../circles/sharing/targets";
import { listTitle } from "../display";
import type { LocalDate } from "../time";
import { HEAT_MAP_DAYS } from "./checkpoints";
import { CHECK_IN_DAYS, checkInDays } from "./check-in-days";
import { childrenToSuggestTo, getMyHabits, todayOf, type HabitView } from "./store";

/**
 * My Habits' pages' data, in one place: what /habits shows (today's rows, the suggestions waiting for
 * the member's answer, the children they may suggest to) and one habit's page. Each habit comes with
 * the title lists show (its code word when it has one) and the days its row offers.
 */

export type HabitRow = { habit: HabitView; title: string; days: ReturnType<typeof checkInDays> };

const rowOf = (habit: HabitView, today: LocalDate): HabitRow => ({
  habit,
  title: listTitle(habit),
  days: checkInDays(habit.recentDays, today, CHECK_IN_DAYS),
});

/** /habits: the member's habits to check in today, the suggestions for them, and whom they may suggest to. */
export async function habitsPage(memberId: string, options: { db?: Db } = {}) {
  const [habits, circles, today, children] = await Promise.all([
    getMyHabits(memberId, { db: options.db, historyDays: CHECK_IN_DAYS }),
    getMyCircles(memberId, options),
    todayOf(memberId, options),
    childrenToSuggestTo(memberId, options),
  ]);
  const people = (
    await Promise.all(circles.map((circle) => getCirclePeople(memberId, circle.circleId, options)))
  ).flat();
  const nameOf = (id: string | null) =>
    people.find((person) => person.memberId === id && person.name)?.name ?? "A grown-up in your circle";
  return {
    today,
    rows: habits.filter((habit) => !habit.pending).map((habit) => rowOf(habit, today)),
    // Only the child whose habit it is sees a suggestion (lib/habits keeps it from everyone else).
    suggestions: habits
      .filter((habit) => habit.pending)
      .map((habit) => ({ habit, title: listTitle(habit), suggestedBy: nameOf(habit.suggestedBy) })),
    children,
  };
}

/**
 * One habit's page (its history over HEAT_MAP_DAYS), or null when the member has no such habit: one
 * they may not see, and a suggestion still waiting for their answer, are not theirs to open. Its
 * owner also gets whom they may share it with.
 */
export async function habitPage(
  memberId: string,
  habitId: string,
  options: { db?: Db } = {},
): Promise<(HabitRow & { today: LocalDate; owner: boolean; shareTargets: ShareTarget[] }) | null> {
  const [habits, today] = await Promise.all([
    getMyHabits(memberId, { db: options.db, historyDays: HEAT_MAP_DAYS }),
    todayOf(memberId, options),
  ]);
  const habit = habits.find((candidate) => candidate.id === habitId && !candidate.pending);
  if (!habit) return null;
  const owner = habit.access === "owner";
  return { ...rowOf(habit, today), today, owner, shareTargets: owner ? await shareTargetsFor(memberId) : [] };
}
