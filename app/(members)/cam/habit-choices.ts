import "server-only";
import { getMyHabits } from "@/lib/habits/store";
import { listTitle } from "@/lib/display";

/** The member's own habits a moment may belong to, as Cam's selects offer them (lib/cam takes no habits' store). */
export async function habitChoices(memberId: string): Promise<{ id: string; title: string }[]> {
  const habits = await getMyHabits(memberId);
  return habits
    .filter((habit) => habit.access === "owner" && !habit.pending)
    .map((habit) => ({ id: habit.id, title: listTitle(habit) }));
}
