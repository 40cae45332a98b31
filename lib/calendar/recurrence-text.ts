import { dateTimeFormat } from "../format/intl";
import { invalidField } from "./errors";
import {
  type Frequency,
  type RecurrenceRule,
  type SeriesStart,
  type WeekdayNum,
  formatRrule,
  parseRrule,
} from "./rrule";
import { WEEKDAYS, type LocalDate, type Weekday, addDays, isoWeekday, localDateOf, parseLocalDate } from "../time";

/**
 * Recurrence in plain words ("Every week on Tuesday and Thursday, 10 times", "Every month on the 2nd
 * Tuesday"), and the choices an event form offers mapped to RRULEs and back. Server-side (it reads
 * rules through rrule.ts, which uses Temporal): pages pass the labels and rules to their forms.
 * Dates read "Mon D, YYYY" (en-US), as everywhere in the app.
 */

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WORKING_DAYS = ["MO", "TU", "WE", "TH", "FR"];
const UNITS: Record<Frequency, string> = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" };

const listFormat = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });
const dateFormat = dateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** 1st, 2nd, 3rd, 4th, 11th, 21st... */
export function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${{ 1: "st", 2: "nd", 3: "rd" }[value % 10] ?? "th"}`;
}

/** "2nd", "last", "second-to-last", "3rd-to-last". */
function position(value: number): string {
  if (value > 0) return ordinal(value);
  if (value === -1) return "last";
  if (value === -2) return "second-to-last";
  return `${ordinal(-value)}-to-last`;
}

function monthDayWords(day: number): string {
  return day === -1 ? "the last day" : day < 0 ? `the ${position(day)} day` : `the ${ordinal(day)}`;
}

function weekdayNumWords(day: WeekdayNum): string {
  return day.nth === null
    ? `every ${WEEKDAY_NAMES[day.weekday]}`
    : `the ${position(day.nth)} ${WEEKDAY_NAMES[day.weekday]}`;
}

function weekdaysWords(days: WeekdayNum[]): string {
  const codes = days.map((day) => day.weekday);
  if (codes.length === 5 && WORKING_DAYS.every((code) => codes.includes(code as Weekday)))
    return "weekdays (Monday to Friday)";
  return listFormat.format(codes.map((code) => WEEKDAY_NAMES[code]));
}

function formatLocalDate(date: LocalDate): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

function startDateOf(start: SeriesStart): LocalDate {
  return start.allDay ? start.startDate : localDateOf(start.start, start.timezone);
}

function every(rule: RecurrenceRule): string {
  const unit = UNITS[rule.freq];
  return rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`;
}

function monthsWords(months: number[]): string {
  return listFormat.format(months.map((month) => MONTH_NAMES[month - 1]!));
}

/** The day part of a monthly or yearly rule, with what DTSTART implies filled in. */
function dayWords(rule: RecurrenceRule, date: LocalDate): string {
  if (rule.bySetPos.length > 0) {
    const set =
      rule.byDay.length > 0
        ? weekdaysWords(rule.byDay).replace(/ \(Monday to Friday\)$/, "")
        : listFormat.format(rule.byMonthDay.map((day) => monthDayWords(day)));
    const positions = listFormat.format(rule.bySetPos.map(position));
    return set === "weekdays" ? `on the ${positions} weekday` : `on the ${positions} of ${set}`;
  }
  if (rule.byDay.length > 0) {
    if (rule.byDay.every((day) => day.nth === null))
      return `on every ${weekdaysWords(rule.byDay).replace(/^weekdays/, "weekday")}`;
    return `on ${listFormat.format(rule.byDay.map(weekdayNumWords))}`;
  }
  const days = rule.byMonthDay.length > 0 ? rule.byMonthDay : [Number(date.slice(8, 10))];
  return `on ${listFormat.format(days.map(monthDayWords))}`;
}

function endWords(rule: RecurrenceRule, start: SeriesStart): string {
  if (rule.count !== null) return rule.count === 1 ? ", once" : `, ${rule.count} times`;
  if (rule.until) {
    const date =
      "date" in rule.until ? rule.until.date : localDateOf(rule.until.instant, start.allDay ? "UTC" : start.timezone);
    return `, until ${formatLocalDate(date)}`;
  }
  return "";
}

/**
 * The rule in plain words for a series starting at `start`: "Every week on Tuesday and Thursday,
 * 10 times", "Every month on the 2nd Tuesday", "Every year on March 17, until Dec 31, 2030". Throws
 * the rule's CalendarError when it is not a valid rule.
 */
export function describeRecurrence(rrule: string, start: SeriesStart): string {
  const rule = parseRrule(rrule, start);
  const date = startDateOf(start);
  const month = Number(date.slice(5, 7));
  let words: string;
  switch (rule.freq) {
    case "DAILY": {
      const filters = [
        rule.byDay.length > 0 ? `on ${weekdaysWords(rule.byDay)}` : "",
        rule.byMonthDay.length > 0 ? `on ${listFormat.format(rule.byMonthDay.map(monthDayWords))}` : "",
        rule.byMonth.length > 0 ? `in ${monthsWords(rule.byMonth)}` : "",
      ].filter(Boolean);
      words =
        rule.interval === 1 &&
        rule.byDay.length === 5 &&
        weekdaysWords(rule.byDay).startsWith("weekdays") &&
        filters.length === 1
          ? "Every weekday (Monday to Friday)"
          : [every(rule), ...filters].join(filters.length ? ", only " : "");
      break;
    }
    case "WEEKLY": {
      const days = rule.byDay.length > 0 ? rule.byDay : [{ weekday: WEEKDAYS[isoWeekday(date) - 1]!, nth: null }];
      words =
        rule.interval === 1 && weekdaysWords(days).startsWith("weekdays")
          ? "Every weekday (Monday to Friday)"
          : `${every(rule)} on ${weekdaysWords(days)}`;
      if (rule.byMonth.length > 0) words += `, in ${monthsWords(rule.byMonth)}`;
      break;
    }
    case "MONTHLY":
      words = `${every(rule)} ${dayWords(rule, date)}`;
      if (rule.byMonth.length > 0) words += `, in ${monthsWords(rule.byMonth)}`;
      break;
    case "YEARLY": {
      const months = rule.byMonth.length > 0 ? rule.byMonth : [month];
      const plainDate =
        rule.byDay.length === 0 && rule.bySetPos.length === 0 && rule.byMonthDay.length <= 1 && months.length === 1;
      if (plainDate) {
        const day = rule.byMonthDay[0] ?? Number(date.slice(8, 10));
        words =
          day > 0
            ? `${every(rule)} on ${MONTH_NAMES[months[0]! - 1]} ${day}`
            : `${every(rule)} on ${monthDayWords(day)} of ${MONTH_NAMES[months[0]! - 1]}`;
      } else if (rule.byDay.length > 0 || rule.byMonthDay.length > 0 || rule.bySetPos.length > 0) {
        words = `${every(rule)} ${dayWords(rule, date)} of ${monthsWords(months)}`;
      } else {
        words = `${every(rule)} on the ${ordinal(Number(date.slice(8, 10)))} of ${monthsWords(months)}`;
      }
      break;
    }
  }
  return words + endWords(rule, start);
}

// ---------------------------------------------------------------------------------------------------
// The form's choices

export type RepeatFrequency = "NONE" | Frequency;
/** MONTHLY: on the start's day of the month (the 17th), its weekday of the month (the 3rd Tuesday), the last such weekday, or the last day. */
export type MonthlyBy = "DAY_OF_MONTH" | "NTH_WEEKDAY" | "LAST_WEEKDAY" | "LAST_DAY";
export type RepeatEnd = { type: "NEVER" } | { type: "COUNT"; count: number } | { type: "UNTIL"; date: LocalDate };

/** What an event form asks: how often, on which days, and how it ends. */
export interface RepeatChoice {
  frequency: RepeatFrequency;
  /** Every `interval` days, weeks, months or years. */
  interval: number;
  /** WEEKLY: the days; empty means the start's weekday. */
  weekdays: Weekday[];
  /** MONTHLY: which day of the month, from the start date. */
  monthlyBy: MonthlyBy;
  end: RepeatEnd;
}

export const NO_REPEAT: RepeatChoice = {
  frequency: "NONE",
  interval: 1,
  weekdays: [],
  monthlyBy: "DAY_OF_MONTH",
  end: { type: "NEVER" },
};

function nthOfMonth(date: LocalDate): number {
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}

function isInLastWeek(date: LocalDate): boolean {
  return addDays(date, 7).slice(5, 7) !== date.slice(5, 7);
}

function isLastDay(date: LocalDate): boolean {
  return addDays(date, 1).slice(5, 7) !== date.slice(5, 7);
}

/** The monthly choices that make sense for a start date (LAST_* only near the month's end). */
export function monthlyChoicesFor(date: LocalDate): MonthlyBy[] {
  const choices: MonthlyBy[] = ["DAY_OF_MONTH"];
  // A 5th Tuesday is not in every month: "the last Tuesday" is offered instead.
  if (nthOfMonth(date) <= 4) choices.push("NTH_WEEKDAY");
  if (isInLastWeek(date)) choices.push("LAST_WEEKDAY");
  if (isLastDay(date)) choices.push("LAST_DAY");
  return choices;
}

/**
 * The RRULE for a form's choice (null for "does not repeat"), checked like any API input. Throws a
 * CalendarError on "rrule" for a choice that does not fit the start (e.g. an end before it).
 */
export function choiceToRrule(choice: RepeatChoice, start: SeriesStart): string | null {
  if (choice.frequency === "NONE") return null;
  const date = startDateOf(start);
  const weekday = WEEKDAYS[isoWeekday(date) - 1]!;
  const rule: RecurrenceRule = {
    freq: choice.frequency,
    interval: choice.interval,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    wkst: null,
  };
  if (choice.frequency === "WEEKLY") {
    const days = choice.weekdays.length > 0 ? choice.weekdays : [weekday];
    rule.byDay = days.map((day) => ({ weekday: day, nth: null }));
  }
  if (choice.frequency === "MONTHLY") {
    if (!monthlyChoicesFor(date).includes(choice.monthlyBy))
      throw invalidField("rrule", `"${choice.monthlyBy}" does not fit a start on ${date}`);
    if (choice.monthlyBy === "NTH_WEEKDAY") rule.byDay = [{ weekday, nth: nthOfMonth(date) }];
    if (choice.monthlyBy === "LAST_WEEKDAY") rule.byDay = [{ weekday, nth: -1 }];
    if (choice.monthlyBy === "LAST_DAY") rule.byMonthDay = [-1];
  }
  let text = formatRrule(rule);
  if (choice.end.type === "COUNT") text += `;COUNT=${choice.end.count}`;
  if (choice.end.type === "UNTIL") {
    if (!parseLocalDate(choice.end.date)) throw invalidField("rrule", `the end date ${choice.end.date} is not a date`);
    text += `;UNTIL=${choice.end.date.replace(/-/g, "")}`;
  }
  return formatRrule(parseRrule(text, start));
}

/**
 * The form's choice for a stored rule, or null when the rule says more than the form can (it came
 * from an import, say): the form then shows describeRecurrence and keeps the rule unless changed.
 */
export function rruleToChoice(rrule: string | null, start: SeriesStart): RepeatChoice | null {
  if (!rrule) return NO_REPEAT;
  const rule = parseRrule(rrule, start);
  const date = startDateOf(start);
  const end: RepeatEnd =
    rule.count !== null
      ? { type: "COUNT", count: rule.count }
      : rule.until
        ? {
            type: "UNTIL",
            date:
              "date" in rule.until
                ? rule.until.date
                : localDateOf(rule.until.instant, start.allDay ? "UTC" : start.timezone),
          }
        : { type: "NEVER" };
  const choice: RepeatChoice = {
    frequency: rule.freq,
    interval: rule.interval,
    weekdays: [],
    monthlyBy: "DAY_OF_MONTH",
    end,
  };
  if (rule.byMonth.length > 0 || rule.bySetPos.length > 0 || rule.wkst) return null;
  switch (rule.freq) {
    case "DAILY":
      if (rule.byDay.length > 0 || rule.byMonthDay.length > 0) return null;
      break;
    case "WEEKLY":
      choice.weekdays = rule.byDay.map((day) => day.weekday);
      break;
    case "MONTHLY": {
      const monthlyBy = monthlyByOf(rule, date);
      if (!monthlyBy) return null;
      choice.monthlyBy = monthlyBy;
      break;
    }
    case "YEARLY":
      if (rule.byDay.length > 0 || rule.byMonthDay.length > 0) return null;
      break;
  }
  // The choice must give the same rule back (a WEEKLY rule's implied day said); anything else is beyond the form.
  const implied =
    rule.freq === "WEEKLY" && rule.byDay.length === 0
      ? { ...rule, byDay: [{ weekday: WEEKDAYS[isoWeekday(date) - 1]!, nth: null }] }
      : rule;
  if (rule.freq === "WEEKLY" && rule.byDay.length === 0) choice.weekdays = [implied.byDay[0]!.weekday];
  return choiceToRrule(choice, start) === formatRrule(implied) ? choice : null;
}

function monthlyByOf(rule: RecurrenceRule, date: LocalDate): MonthlyBy | null {
  const weekday = WEEKDAYS[isoWeekday(date) - 1]!;
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 0) return "DAY_OF_MONTH";
  if (rule.byMonthDay.length === 1 && rule.byDay.length === 0) {
    if (rule.byMonthDay[0] === Number(date.slice(8, 10))) return "DAY_OF_MONTH";
    if (rule.byMonthDay[0] === -1 && isLastDay(date)) return "LAST_DAY";
    return null;
  }
  if (rule.byDay.length === 1 && rule.byMonthDay.length === 0 && rule.byDay[0]!.weekday === weekday) {
    if (rule.byDay[0]!.nth === nthOfMonth(date)) return "NTH_WEEKDAY";
    if (rule.byDay[0]!.nth === -1 && isInLastWeek(date)) return "LAST_WEEKDAY";
  }
  return null;
}

export interface RepeatPreset {
  label: string;
  /** null: does not repeat. */
  rrule: string | null;
  choice: RepeatChoice;
}

/**
 * The quick choices for a start date, in words, for the form's select: "Does not repeat", "Every day",
 * "Every weekday (Monday to Friday)", "Every week on Tuesday", "Every 2 weeks on Tuesday", "Every month
 * on the 17th", "Every month on the 3rd Tuesday", "Every month on the last Tuesday", "Every month on the
 * last day", "Every year on March 17" (the last two only where they apply).
 */
export function repeatPresets(start: SeriesStart): RepeatPreset[] {
  const date = startDateOf(start);
  const never: RepeatEnd = { type: "NEVER" };
  const choices: RepeatChoice[] = [
    NO_REPEAT,
    { ...NO_REPEAT, frequency: "DAILY", end: never },
    { ...NO_REPEAT, frequency: "WEEKLY", weekdays: ["MO", "TU", "WE", "TH", "FR"] },
    { ...NO_REPEAT, frequency: "WEEKLY" },
    { ...NO_REPEAT, frequency: "WEEKLY", interval: 2 },
    ...monthlyChoicesFor(date).map((monthlyBy): RepeatChoice => ({ ...NO_REPEAT, frequency: "MONTHLY", monthlyBy })),
    { ...NO_REPEAT, frequency: "YEARLY" },
  ];
  return choices.map((choice) => {
    const rrule = choiceToRrule(choice, start);
    return { label: rrule ? describeRecurrence(rrule, start) : "Does not repeat", rrule, choice };
  });
}
