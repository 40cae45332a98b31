import { z } from "zod";
import { parseLocalDate, type LocalDate } from "../time";
import { parseOrFail } from "../errors";
import { HabitError } from "./errors";

/**
 * A habit as the member describes it (the contract's HabitInput, lower-case enums). The kind is the
 * habit's for good; everything that decides whether a day was kept (target, schedule, rest budget)
 * is a `HabitTarget` versioned by the day it takes effect, so a change never rewrites past days.
 */
export const HABIT_KINDS = ["check", "count", "minutes"] as const;
export const HABIT_SCHEDULES = ["daily", "weekdays", "times_per_week"] as const;
export type HabitKind = (typeof HABIT_KINDS)[number];
export type HabitSchedule = (typeof HABIT_SCHEDULES)[number];

export const TITLE_MAX = 80;
export const UNIT_MAX = 24;
export const NOTE_MAX = 500;
/** A day's value: a count or minutes; a day has 1440 minutes, and nobody counts past 100 000. */
export const VALUE_MAX = 100_000;

/** What decides a day, from `effectiveFrom` (a local date) until the next version. */
export type HabitTarget = {
  effectiveFrom: LocalDate;
  /** For count and minutes: the day's target (> 0); a check habit's is 1. */
  target: number;
  schedule: HabitSchedule;
  /** weekdays: ISO weekdays 1 (Monday) to 7, sorted, distinct. */
  weekdays: number[] | null;
  /** times_per_week: days a week, 1 to 7. */
  timesPerWeek: number | null;
  /** Rest days a week that neither break nor lengthen the streak (0 to 7). */
  restDaysPerWeek: number;
};

export type HabitInput = {
  title: string;
  privateTitle: string | null;
  kind: HabitKind;
  unit: string | null;
  reminderTime: string | null;
  target: Omit<HabitTarget, "effectiveFrom">;
};

const text = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  text(field, max)
    .nullish()
    .transform((value) => (value ? value : null));

const rawInput = z.object({
  title: text("title", TITLE_MAX).min(1, "title is required"),
  privateTitle: optionalText("privateTitle", TITLE_MAX),
  kind: z.enum(HABIT_KINDS, { message: "kind must be CHECK, COUNT or MINUTES" }),
  target: z
    .number({ message: "target must be a number" })
    .positive("target must be more than 0")
    .max(VALUE_MAX, `target must be at most ${VALUE_MAX}`)
    .nullish(),
  unit: optionalText("unit", UNIT_MAX),
  schedule: z.enum(HABIT_SCHEDULES, { message: "schedule must be DAILY, WEEKDAYS or TIMES_PER_WEEK" }),
  weekdays: z
    .array(
      z
        .number({ message: "weekdays must be ISO weekdays from 1 (Monday) to 7 (Sunday)" })
        .int("weekdays must be ISO weekdays from 1 (Monday) to 7 (Sunday)")
        .min(1, "weekdays must be ISO weekdays from 1 (Monday) to 7 (Sunday)")
        .max(7, "weekdays must be ISO weekdays from 1 (Monday) to 7 (Sunday)"),
      { message: "weekdays must be a list of weekdays" },
    )
    .max(7, "weekdays must be ISO weekdays from 1 (Monday) to 7 (Sunday)")
    .nullish(),
  timesPerWeek: z
    .number({ message: "timesPerWeek must be a whole number from 1 to 7" })
    .int("timesPerWeek must be a whole number from 1 to 7")
    .min(1, "timesPerWeek must be a whole number from 1 to 7")
    .max(7, "timesPerWeek must be a whole number from 1 to 7")
    .nullish(),
  restDaysPerWeek: z
    .number({ message: "restDaysPerWeek must be a whole number from 0 to 7" })
    .int("restDaysPerWeek must be a whole number from 0 to 7")
    .min(0, "restDaysPerWeek must be a whole number from 0 to 7")
    .max(7, "restDaysPerWeek must be a whole number from 0 to 7")
    .nullish(),
  reminderTime: z
    .string({ message: "reminderTime must be a time as HH:MM" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "reminderTime must be a time as HH:MM (00:00 to 23:59)")
    .nullish()
    .transform((value) => value ?? null),
});

/** Parses `value` with `schema` or throws a 400 naming the field (the first problem's). */
export function parseHabitField<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  return parseOrFail(
    schema,
    value,
    (message, named) => new HabitError(400, message, named ? { field: named } : {}),
    field,
  );
}

const bad = (field: string, message: string) => new HabitError(400, message, { field, namesField: true });

/** The contract's HabitInput (enums in either case) checked: a 400 naming the field, or the habit. */
export function parseHabitInput(value: unknown): HabitInput {
  const lowered =
    value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value).map(([key, field]) =>
            (key === "kind" || key === "schedule") && typeof field === "string"
              ? [key, field.toLowerCase()]
              : [key, field],
          ),
        )
      : value;
  const input = parseHabitField(rawInput, lowered);
  if (input.kind === "check" && input.target != null && input.target !== 1)
    throw bad("target", "a yes-or-no habit has no target");
  if (input.kind !== "check" && input.target == null) throw bad("target", "a counted or timed habit needs a target");
  if (input.schedule === "weekdays" && (!input.weekdays || input.weekdays.length === 0))
    throw bad("weekdays", "choose at least one weekday");
  if (input.schedule !== "weekdays" && input.weekdays && input.weekdays.length > 0)
    throw bad("weekdays", "only a WEEKDAYS schedule has weekdays");
  if (input.schedule === "times_per_week" && input.timesPerWeek == null)
    throw bad("timesPerWeek", "say how many days a week");
  if (input.schedule !== "times_per_week" && input.timesPerWeek != null)
    throw bad("timesPerWeek", "only a TIMES_PER_WEEK schedule has a number of days");
  return {
    title: input.title,
    privateTitle: input.privateTitle,
    kind: input.kind,
    unit: input.kind === "check" ? null : input.unit,
    reminderTime: input.reminderTime,
    target: {
      target: input.kind === "check" ? 1 : input.target!,
      schedule: input.schedule,
      weekdays: input.schedule === "weekdays" ? [...new Set(input.weekdays!)].sort((a, b) => a - b) : null,
      timesPerWeek: input.schedule === "times_per_week" ? input.timesPerWeek! : null,
      restDaysPerWeek: input.restDaysPerWeek ?? 0,
    },
  };
}

/**
 * A day of the member's calendar for a check-in: a real date ("YYYY-MM-DD") not after `today` (the
 * member's today in their zone). Otherwise a 400 naming `field`.
 */
export function parseHabitDay(value: unknown, today: LocalDate, field = "date"): LocalDate {
  if (typeof value !== "string" || !parseLocalDate(value)) throw bad(field, "must be a real date as YYYY-MM-DD");
  if (value > today) throw bad(field, "cannot be in the future");
  return value;
}

/** A range's end date: a real date (future allowed, a history view may run past today). */
export function parseRangeDate(value: unknown, field: string): LocalDate {
  if (typeof value !== "string" || !parseLocalDate(value)) throw bad(field, "must be a real date as YYYY-MM-DD");
  return value;
}

const checkInSchema = z.object({
  value: z
    .number({ message: "value must be a number" })
    .min(0, "value must not be negative")
    .max(VALUE_MAX, `value must be at most ${VALUE_MAX}`)
    .nullish(),
  rest: z.boolean({ message: "rest must be true or false" }).nullish(),
  note: optionalText("note", NOTE_MAX),
});

export type CheckIn = { value: number | null; rest: boolean; note: string | null };

/** A check-in's value, rest flag and note: a rest day has no value; a check habit's value is 1. */
export function parseCheckIn(kind: HabitKind, value: unknown): CheckIn {
  const input = parseHabitField(checkInSchema, value);
  const rest = input.rest ?? false;
  if (rest && input.value != null && input.value > 0) throw bad("value", "a rest day has no value");
  if (rest) return { value: null, rest, note: input.note };
  if (kind === "check") return { value: 1, rest, note: input.note };
  if (input.value == null) throw bad("value", "a counted or timed habit needs a value");
  return { value: input.value, rest, note: input.note };
}
