"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { redirect } from "next/navigation";
import { done, type FormState } from "@/lib/forms";
import { memberAction } from "@/lib/account/member-action";
import { archiveHabit, checkInHabit, undoHabitCheckIn } from "@/lib/habits/store";

/**
 * One tap on a day of a habit's row (components/habits/check-in-row.tsx), on /habits and Today: "done"
 * (with the stepper's value for counts and minutes) or "undo". What a day accepts (not in the future,
 * a value for counted habits, who may check in) is the habits service's rule (lib/habits/store.ts).
 */
const tapSchema = z.object({
  habitId: z.string().trim().min(1, "habitId is required").max(100, "habitId is too long"),
  date: z.iso.date({ message: "date must be a day (YYYY-MM-DD)" }),
  intent: z.enum(["done", "undo"], { message: "intent must be done or undo" }),
  value: z
    .string()
    .trim()
    .max(12, "value is too long")
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .refine((value) => value === null || Number.isFinite(value), { message: "value must be a number" }),
});

export const tapCheckInAction = memberAction(
  tapSchema,
  async (member, { habitId, date, intent, value }) => {
    if (intent === "undo") await undoHabitCheckIn(member.memberId, habitId, date);
    else await checkInHabit(member.memberId, habitId, { date, value });
    revalidatePath("/habits", "layout");
    revalidatePath("/today");
    return done(intent === "undo" ? "Entry removed." : "Checked in.");
  },
  { fields: { date: "date", value: "value" }, revalidate: false },
);

const archiveOnPage = memberAction(
  z.object({ habitId: z.string().trim().min(1, "habitId is required").max(100, "habitId is too long") }),
  async (member, { habitId }) => {
    await archiveHabit(member.memberId, habitId);
    revalidatePath("/habits", "layout");
    revalidatePath("/today");
    return done("Habit archived.");
  },
  { revalidate: false },
);

/** Archiving from the habit's own page: the page is gone afterwards, so the member goes back to My Habits. */
export async function archiveHabitFromPageAction(previous: FormState, formData: FormData): Promise<FormState> {
  const state = await archiveOnPage(previous, formData);
  if (state.status === "ok") redirect("/habits");
  return state;
}
