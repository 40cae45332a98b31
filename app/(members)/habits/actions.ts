"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done, formError } from "@/lib/forms";
import { memberAction } from "@/lib/account/member-action";
import {
  answerSuggestion,
  archiveHabit,
  checkInHabit,
  createHabit,
  suggestHabit,
  undoHabitCheckIn,
  updateHabit,
} from "@/lib/habits/store";
import { shareItem } from "@/lib/circles/sharing";
import { itemKinds } from "@/lib/features";

const fields = z.record(z.string(), z.unknown());
const text = (value: unknown) => (typeof value === "string" ? value : "");
const numberOrNull = (value: unknown) => (text(value).trim() === "" ? null : Number(text(value)));
const HABIT_FIELDS = [
  "title",
  "privateTitle",
  "kind",
  "target",
  "unit",
  "schedule",
  "weekdays",
  "timesPerWeek",
  "restDaysPerWeek",
  "reminderTime",
  "date",
  "value",
  "note",
  "memberId",
  "circleId",
  "permission",
  "childId",
];
const options = { fields: Object.fromEntries(HABIT_FIELDS.map((name) => [name, name])), revalidate: false };

/** The form's fields as the contract's HabitInput: weekdays are boxes `weekday-1` … `weekday-7`. */
function habitInputOf(form: Record<string, unknown>) {
  const schedule = text(form.schedule);
  return {
    title: text(form.title),
    privateTitle: text(form.privateTitle) || null,
    kind: text(form.kind),
    target: text(form.kind) === "CHECK" ? null : numberOrNull(form.target),
    unit: text(form.unit) || null,
    schedule,
    weekdays: schedule === "WEEKDAYS" ? [1, 2, 3, 4, 5, 6, 7].filter((day) => form[`weekday-${day}`] === "on") : null,
    timesPerWeek: schedule === "TIMES_PER_WEEK" ? numberOrNull(form.timesPerWeek) : null,
    restDaysPerWeek: numberOrNull(form.restDaysPerWeek) ?? 0,
    reminderTime: text(form.reminderTime) || null,
  };
}

export const saveHabitAction = memberAction(
  fields,
  async (member, form) => {
    const habitId = text(form.habitId);
    if (habitId) await updateHabit(member.memberId, habitId, habitInputOf(form), { email: member.email });
    else await createHabit(member.memberId, habitInputOf(form), { email: member.email });
    revalidatePath("/habits");
    return done(habitId ? "Habit saved." : "Habit added to Today.");
  },
  options,
);

/** Done (with a value for counts and minutes), rest, or undo, for one day (today unless back-filling). */
export const checkInAction = memberAction(
  fields,
  async (member, form) => {
    const habitId = text(form.habitId);
    const date = text(form.date);
    const intent = text(form.intent);
    if (intent === "undo") {
      await undoHabitCheckIn(member.memberId, habitId, date);
      revalidatePath("/habits");
      return done("Entry removed.");
    }
    await checkInHabit(member.memberId, habitId, {
      date,
      rest: intent === "rest",
      value: intent === "rest" ? null : numberOrNull(form.value),
      note: text(form.note) || null,
    });
    revalidatePath("/habits");
    return done(intent === "rest" ? "Marked as a rest day." : "Checked in.");
  },
  options,
);

export const archiveHabitAction = memberAction(
  fields,
  async (member, form) => {
    await archiveHabit(member.memberId, text(form.habitId));
    revalidatePath("/habits");
    return done("Habit archived.");
  },
  options,
);

/** Shares a habit with one person or a circle: the choice is "member:<id>" or "circle:<id>". */
export const shareHabitAction = memberAction(
  fields,
  async (member, form) => {
    const [kind, id] = text(form.with).split(/:(.*)/s);
    await shareItem(
      member.memberId,
      {
        itemType: "habit",
        itemId: text(form.habitId),
        memberId: kind === "member" ? id : null,
        circleId: kind === "circle" ? id : null,
        permission: text(form.permission),
      },
      { kinds: itemKinds },
    );
    revalidatePath("/habits");
    revalidatePath("/circle");
    return done("Shared.");
  },
  options,
);

/**
 * A guardian suggests a habit to a child of their circle (the child, the habit's fields). Somebody who
 * does not look after that child gets "Member not found", exactly as for an unknown one.
 */
export const suggestHabitAction = memberAction(
  fields,
  async (member, form) => {
    await suggestHabit(member.memberId, text(form.childId), habitInputOf(form));
    revalidatePath("/habits");
    return done("Suggested: it waits for their answer.");
  },
  options,
);

/** The child's answer to a suggestion: "accept" (it starts today) or "decline" (it is removed). */
export const answerSuggestionAction = memberAction(
  fields,
  async (member, form) => {
    const intent = text(form.intent);
    if (intent !== "accept" && intent !== "decline") return formError("Choose Accept or No thanks.");
    await answerSuggestion(member.memberId, text(form.habitId), intent === "accept");
    revalidatePath("/habits");
    return done(intent === "accept" ? "Added to Today." : "Suggestion removed.");
  },
  options,
);
