"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done, formError } from "@/lib/forms";
import { formField, memberAction, numberField } from "@/lib/account/member-action";
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

/** The weekday boxes of the habit form: `weekday-1` (Monday) … `weekday-7` (Sunday), "on" when ticked. */
const weekdayBoxes = {
  "weekday-1": formField,
  "weekday-2": formField,
  "weekday-3": formField,
  "weekday-4": formField,
  "weekday-5": formField,
  "weekday-6": formField,
  "weekday-7": formField,
};

/** The habit form's fields, in the form's names; the habit's own rules are checked in lib/habits. */
const habitFields = {
  title: formField,
  privateTitle: formField,
  kind: formField,
  target: numberField("target"),
  unit: formField,
  schedule: formField,
  ...weekdayBoxes,
  timesPerWeek: numberField("timesPerWeek"),
  restDaysPerWeek: numberField("restDaysPerWeek"),
  reminderTime: formField,
};
type HabitForm = z.output<z.ZodObject<typeof habitFields>>;

const habitId = { habitId: formField };
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
function habitInputOf(form: HabitForm) {
  const { schedule } = form;
  return {
    title: form.title,
    privateTitle: form.privateTitle || null,
    kind: form.kind,
    target: form.kind === "CHECK" ? null : form.target,
    unit: form.unit || null,
    schedule,
    weekdays:
      schedule === "WEEKDAYS"
        ? [1, 2, 3, 4, 5, 6, 7].filter((day) => form[`weekday-${day}` as keyof typeof weekdayBoxes] === "on")
        : null,
    timesPerWeek: schedule === "TIMES_PER_WEEK" ? form.timesPerWeek : null,
    restDaysPerWeek: form.restDaysPerWeek ?? 0,
    reminderTime: form.reminderTime || null,
  };
}

export const saveHabitAction = memberAction(
  z.object({ ...habitId, ...habitFields }),
  async (member, form) => {
    const { habitId } = form;
    if (habitId) await updateHabit(member.memberId, habitId, habitInputOf(form), { email: member.email });
    else await createHabit(member.memberId, habitInputOf(form), { email: member.email });
    revalidatePath("/habits");
    return done(habitId ? "Habit saved." : "Habit added to Today.");
  },
  options,
);

/** Done (with a value for counts and minutes), rest, or undo, for one day (today unless back-filling). */
export const checkInAction = memberAction(
  z.object({
    ...habitId,
    date: formField,
    // The button pressed; Enter in the value field presses none, which is "done".
    intent: formField.transform((value) => (value === "undo" || value === "rest" ? value : "done")),
    value: numberField("value"),
    note: formField,
  }),
  async (member, { habitId, date, intent, value, note }) => {
    if (intent === "undo") {
      await undoHabitCheckIn(member.memberId, habitId, date);
      revalidatePath("/habits");
      return done("Entry removed.");
    }
    await checkInHabit(member.memberId, habitId, {
      date,
      rest: intent === "rest",
      value: intent === "rest" ? null : value,
      note: note || null,
    });
    revalidatePath("/habits");
    return done(intent === "rest" ? "Marked as a rest day." : "Checked in.");
  },
  options,
);

export const archiveHabitAction = memberAction(
  z.object(habitId),
  async (member, form) => {
    await archiveHabit(member.memberId, form.habitId);
    revalidatePath("/habits");
    return done("Habit archived.");
  },
  options,
);

/** Shares a habit with one person or a circle: the choice is "member:<id>" or "circle:<id>". */
export const shareHabitAction = memberAction(
  z.object({ ...habitId, with: formField, permission: formField }),
  async (member, form) => {
    const [kind, id] = form.with.split(/:(.*)/s);
    await shareItem(
      member.memberId,
      {
        itemType: "habit",
        itemId: form.habitId,
        memberId: kind === "member" ? id : null,
        circleId: kind === "circle" ? id : null,
        permission: form.permission,
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
  z.object({ childId: formField, ...habitFields }),
  async (member, form) => {
    await suggestHabit(member.memberId, form.childId, habitInputOf(form));
    revalidatePath("/habits");
    return done("Suggested: it waits for their answer.");
  },
  options,
);

/** The child's answer to a suggestion: "accept" (it starts today) or "decline" (it is removed). */
export const answerSuggestionAction = memberAction(
  z.object({ ...habitId, intent: formField }),
  async (member, { habitId, intent }) => {
    // About the whole form: the answer is which of its two buttons was pressed.
    if (intent !== "accept" && intent !== "decline") return formError("Choose Accept or No thanks.");
    await answerSuggestion(member.memberId, habitId, intent === "accept");
    revalidatePath("/habits");
    return done(intent === "accept" ? "Added to Today." : "Suggestion removed.");
  },
  options,
);
