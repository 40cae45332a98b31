import { Temporal } from "temporal-polyfill";
import { formText } from "../../forms";
import { invalidField } from "../errors";
import {
  choiceToRrule,
  describeRecurrence,
  NO_REPEAT,
  repeatPresets,
  rruleToChoice,
  type MonthlyBy,
  type RepeatChoice,
  type RepeatEnd,
  type RepeatFrequency,
} from "../recurrence-text";
import type { SeriesStart } from "../rrule";
import { addDays, instantOf, parseLocalDate, WEEKDAYS, type Weekday } from "../../time";

/**
 * The /calendar event form <-> the contract's EventInput. The form asks in local dates and times (in
 * the member's zone), the last day of an all-day event (the API's end date is the day after), and
 * the repeat in plain words: a preset (`repeatPresets`) plus how it ends, turned into an RRULE by
 * `choiceToRrule`. Problems are CalendarErrors naming the form's fields.
 */

/** A preset's value in the select: its choice without the end, so it follows whatever start is sent. */
export function presetKey(choice: RepeatChoice): string {
  return [choice.frequency, choice.interval, choice.weekdays.join("+"), choice.monthlyBy].join(".");
}

const FREQUENCIES: RepeatFrequency[] = ["NONE", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"];
const MONTHLY: MonthlyBy[] = ["DAY_OF_MONTH", "NTH_WEEKDAY", "LAST_WEEKDAY", "LAST_DAY"];

function choiceOfKey(key: string, end: RepeatEnd): RepeatChoice {
  const [frequency, interval, weekdays, monthlyBy] = key.split(".");
  const days = weekdays ? weekdays.split("+") : [];
  if (
    !FREQUENCIES.includes(frequency as RepeatFrequency) ||
    !/^[1-9]\d{0,2}$/.test(interval ?? "") ||
    !days.every((day) => (WEEKDAYS as readonly string[]).includes(day)) ||
    !MONTHLY.includes(monthlyBy as MonthlyBy)
  )
    throw invalidField("repeat", "choose how the event repeats");
  return {
    frequency: frequency as RepeatFrequency,
    interval: Number(interval),
    weekdays: days as Weekday[],
    monthlyBy: monthlyBy as MonthlyBy,
    end,
  };
}

export type RepeatOption = { value: string; label: string };

/** The repeat select for a start, with the stored rule kept as its own option when the presets cannot say it. */
export function repeatOptions(
  start: SeriesStart,
  current: string | null,
): { options: RepeatOption[]; selected: string; end: RepeatEnd } {
  const options = repeatPresets(start).map((preset) => ({ value: presetKey(preset.choice), label: preset.label }));
  if (!current) return { options, selected: presetKey(NO_REPEAT), end: { type: "NEVER" } };
  const choice = rruleToChoice(current, start);
  if (choice && options.some((option) => option.value === presetKey({ ...choice, end: { type: "NEVER" } })))
    return { options, selected: presetKey(choice), end: choice.end };
  const label = `As it is: ${describeRecurrence(current, start)}`;
  return { options: [{ value: "KEEP", label }, ...options], selected: "KEEP", end: { type: "NEVER" } };
}

const text = (form: Record<string, unknown>, name: string) => formText(form, name).trim();

function date(form: Record<string, unknown>, name: string, label: string): string {
  const value = text(form, name);
  if (!parseLocalDate(value)) throw invalidField(name, `choose the ${label} (a date)`);
  return value;
}

function time(form: Record<string, unknown>, name: string, label: string): string {
  const value = text(form, name);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw invalidField(name, `give the ${label} as HH:MM`);
  return value;
}

/** The form's fields -> an EventInput for createEvent / updateEvent (visibility in lower case). */
export function eventInputFromForm(form: Record<string, unknown>, timezone: string) {
  const allDay = form.allDay === "on";
  const startDate = date(form, "startDate", "start date");
  const endDate = text(form, "endDate") ? date(form, "endDate", "end date") : startDate;
  if (endDate < startDate) throw invalidField("endDate", "must not be before the start date");
  let schedule: { startDate: string; endDate: string } | { start: number; end: number; timezone: string };
  let series: SeriesStart;
  if (allDay) {
    schedule = { startDate, endDate: addDays(endDate, 1) };
    series = { allDay: true, startDate };
  } else {
    const at = (day: string, clock: string) => instantOf(Temporal.PlainDateTime.from(`${day}T${clock}`), timezone);
    const start = at(startDate, time(form, "startTime", "start time"));
    const end = at(endDate, time(form, "endTime", "end time"));
    if (end <= start) throw invalidField("endTime", "must be after the start");
    schedule = { start, end, timezone };
    series = { allDay: false, start, timezone };
  }
  const repeat = text(form, "repeat") || presetKey(NO_REPEAT);
  let rrule: string | null;
  if (repeat === "KEEP") rrule = text(form, "currentRrule") || null;
  else {
    const endType = text(form, "repeatEnd") || "NEVER";
    const end: RepeatEnd =
      endType === "COUNT"
        ? { type: "COUNT", count: Number(text(form, "repeatCount")) }
        : endType === "UNTIL"
          ? { type: "UNTIL", date: date(form, "repeatUntil", "last date of the repeat") }
          : { type: "NEVER" };
    if (end.type === "COUNT" && !(Number.isInteger(end.count) && end.count >= 1 && end.count <= 1000))
      throw invalidField("repeatCount", "give a number of times from 1 to 1000");
    rrule = choiceToRrule(choiceOfKey(repeat, end), series);
  }
  const people = Object.keys(form)
    .filter((name) => name.startsWith("person:") && form[name] === "on")
    .map((name) => name.slice("person:".length));
  return {
    title: text(form, "title"),
    privateTitle: text(form, "privateTitle") || null,
    notes: text(form, "notes") || null,
    location: text(form, "location") || null,
    ...schedule,
    rrule,
    visibility: text(form, "visibility") || "private",
    people,
    circleId: text(form, "circleId") || null,
    requiresAcknowledgement: form.requiresAcknowledgement === "on",
  };
}

/** Where each error of the API's input shows on the form. */
export const FORM_FIELDS: Record<string, string> = {
  title: "title",
  privateTitle: "privateTitle",
  notes: "notes",
  location: "location",
  start: "startTime",
  end: "endTime",
  startTime: "startTime",
  endTime: "endTime",
  timezone: "startTime",
  startDate: "startDate",
  endDate: "endDate",
  rrule: "repeat",
  repeat: "repeat",
  repeatCount: "repeatCount",
  repeatUntil: "repeatUntil",
  visibility: "visibility",
  people: "people",
  circleId: "circleId",
  calendarOf: "calendarOf",
  occurrenceStart: "scope",
  requiresAcknowledgement: "requiresAcknowledgement",
};
