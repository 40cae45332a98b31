import "server-only";
import { myHabitChoices } from "@/lib/habits/store";

/**
 * The member's own habits a moment may belong to, as Cam's selects offer them (lib/cam takes no habits' store):
 * their titles alone, not their scored history.
 */
export async function habitChoices(memberId: string): Promise<{ id: string; title: string }[]> {
  return myHabitChoices(memberId);
}
