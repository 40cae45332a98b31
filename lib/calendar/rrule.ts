import { Temporal } from "temporal-polyfill";
import { invalidField } from "./errors";
import {
  WEEKDAYS,
  type LocalDate,
  type UnixSeconds,
  type Weekday,
  instantOf,
  localDateOf,
  parseLocalDate,
} from "../time";

/**
 * RRULE text <-> a checked, normalised rule. The product offers what a family calendar needs:
 * DAILY, WEEKLY, MONTHLY and YEARLY, with INTERVAL, COUNT or UNTIL, BYDAY (weekdays, or "2nd Tuesday"),
 * BYMONTHDAY, BYMONTH and BYSETPOS (as Outlook writes "2nd Tuesday"). Sub-daily frequencies and the
 * parts that only make sense with them (BYHOUR, BYMINUTE, BYSECOND), BYWEEKNO, BYYEARDAY and RSCALE are
 * refused: an event happens once on each day it repeats, and every accepted rule can be said in words.
 * Expansion itself is the recurrence library's (see expand.ts); this module decides what reaches it.
 */

export const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Caps that keep one rule cheap to expand: COUNT bounds the walk from the first occurrence. */
export const MAX_COUNT = 1000;
export const MAX_INTERVAL = 999;

export interface WeekdayNum {
  weekday: Weekday;
  /** 2 for "2nd Tuesday", -1 for "last"; null for every such weekday. Only MONTHLY and YEARLY. */
  nth: number | null;
}

export type RuleUntil = { instant: UnixSeconds } | { date: LocalDate };

export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  count: number | null;
  /** Inclusive. An instant for a timed event, a date for an all-day one (RFC 5545: same type as DTSTART). */
  until: RuleUntil | null;
  byDay: WeekdayNum[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  /** Kept only where it changes the result (WEEKLY with INTERVAL > 1); Monday otherwise. */
  wkst: Weekday | null;
}

/** Where a series starts: the event's own start fields (TimedEvent and AllDayEvent have them). */
export type SeriesStart =
  { allDay: false; start: UnixSeconds; timezone: string } | { allDay: true; startDate: LocalDate };

const fail = (problem: string) => invalidField("rrule", problem);

const refused: Record<string, string> = {
  SECONDLY: "is not offered: events repeat daily, weekly, monthly or yearly",
  MINUTELY: "is not offered: events repeat daily, weekly, monthly or yearly",
  HOURLY: "is not offered: events repeat daily, weekly, monthly or yearly",
};
const unsupportedParts: Record<string, string> = {
  BYHOUR: "an event happens once on each day it repeats, at its start time",
  BYMINUTE: "an event happens once on each day it repeats, at its start time",
  BYSECOND: "an event happens once on each day it repeats, at its start time",
  BYWEEKNO: "repeat by weekday, date or month instead",
  BYYEARDAY: "repeat by date and month instead",
  RSCALE: "only the Gregorian calendar is supported",
  SKIP: "only the Gregorian calendar is supported",
};

function integer(name: string, value: string, min: number, max: number, what = "a whole number"): number {
  if (!/^[+-]?\d{1,6}$/.test(value)) throw fail(`${name}=${value} is not ${what} from ${min} to ${max}`);
  const number = Number(value);
  if (number < min || number > max) throw fail(`${name}=${value} is not ${what} from ${min} to ${max}`);
  return number;
}

function list(name: string, value: string, max: number): string[] {
  const items = value.split(",");
  if (items.some((item) => item === "")) throw fail(`${name}=${value} has an empty item`);
  if (items.length > max) throw fail(`${name} lists more than ${max} values`);
  return items;
}

function nonZero(name: string, value: string, limit: number): number {
  const number = integer(name, value, -limit, limit);
  if (number === 0) throw fail(`${name}=${value}: 0 is not allowed (count from 1, or from -1 for the last)`);
  return number;
}

function parseWeekday(name: string, value: string): Weekday {
  const day = value.toUpperCase() as Weekday;
  if (!WEEKDAYS.includes(day)) throw fail(`${name}=${value} is not a weekday (MO, TU, WE, TH, FR, SA or SU)`);
  return day;
}

function parseUntil(value: string, start: SeriesStart): RuleUntil {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value);
  if (!match) throw fail(`UNTIL=${value} is not a date (YYYYMMDD) or a UTC date-time (YYYYMMDDTHHMMSSZ)`);
  const [, y, mo, d, h, mi, s, z] = match;
  const date = parseLocalDate(`${y}-${mo}-${d}`);
  if (!date) throw fail(`UNTIL=${value} is not a date`);
  if (h === undefined) {
    if (start.allDay) return { date: date.toString() };
    // A date on a timed series (common in exports, not RFC): through the end of that day where the series is.
    const endOfDay = Temporal.PlainDateTime.from({
      year: date.year,
      month: date.month,
      day: date.day,
      hour: 23,
      minute: 59,
      second: 59,
    });
    return { instant: instantOf(endOfDay, start.timezone) };
  }
  let time: Temporal.PlainDateTime;
  try {
    time = Temporal.PlainDateTime.from(
      { year: date.year, month: date.month, day: date.day, hour: Number(h), minute: Number(mi), second: Number(s) },
      { overflow: "reject" },
    );
  } catch {
    throw fail(`UNTIL=${value} is not a time of day`);
  }
  if (start.allDay) {
    // RFC 5545 wants a DATE here; a date-time (some apps write one) keeps its day.
    return { date: z ? localDateOf(instantOf(time, "UTC"), "UTC") : date.toString() };
  }
  return { instant: instantOf(time, z ? "UTC" : start.timezone) };
}

function startDateOf(start: SeriesStart): LocalDate {
  return start.allDay ? start.startDate : localDateOf(start.start, start.timezone);
}

/**
 * Parses and checks an RRULE value (with or without the "RRULE:" prefix) for a series starting at
 * `start`. Throws a CalendarError on the field "rrule" whose message says what is wrong.
 */
export function parseRrule(text: string, start: SeriesStart): RecurrenceRule {
  const value = text.trim().replace(/^RRULE:/i, "");
  if (value === "") throw fail("is empty");
  if (value.length > 500) throw fail("is longer than 500 characters");
  const parts = new Map<string, string>();
  for (const part of value.split(";")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    if (equals <= 0) throw fail(`"${part}" is not NAME=VALUE`);
    const name = part.slice(0, equals).toUpperCase();
    if (parts.has(name)) throw fail(`${name} appears twice`);
    parts.set(name, part.slice(equals + 1));
  }

  const freqText = parts.get("FREQ")?.toUpperCase();
  if (!freqText) throw fail("FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)");
  if (refused[freqText]) throw fail(`FREQ=${freqText} ${refused[freqText]}`);
  if (!(FREQUENCIES as readonly string[]).includes(freqText))
    throw fail(`FREQ=${freqText} is not a frequency (DAILY, WEEKLY, MONTHLY or YEARLY)`);
  const freq = freqText as Frequency;

  const rule: RecurrenceRule = {
    freq,
    interval: 1,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    wkst: null,
  };
  for (const [name, raw] of parts) {
    if (name === "FREQ") continue;
    if (name.startsWith("X-")) continue; // private extensions: ignored, as RFC 5545 allows
    if (unsupportedParts[name]) throw fail(`${name} is not supported: ${unsupportedParts[name]}`);
    switch (name) {
      case "INTERVAL":
        rule.interval = integer(name, raw, 1, MAX_INTERVAL);
        break;
      case "COUNT":
        rule.count = integer(name, raw, 1, MAX_COUNT);
        break;
      case "UNTIL":
        rule.until = parseUntil(raw, start);
        break;
      case "BYDAY":
        rule.byDay = list(name, raw, 60).map((item) => {
          const match = /^([+-]?\d{1,2})?([A-Za-z]{2})$/.exec(item);
          if (!match) throw fail(`BYDAY=${item} is not a weekday (like TU, or 2TU for the second Tuesday)`);
          const weekday = parseWeekday("BYDAY", match[2]!);
          if (match[1] === undefined) return { weekday, nth: null };
          if (freq !== "MONTHLY" && freq !== "YEARLY")
            throw fail(`BYDAY=${item}: a numbered weekday needs FREQ=MONTHLY or YEARLY`);
          return { weekday, nth: nonZero("BYDAY", match[1], freq === "MONTHLY" ? 5 : 53) };
        });
        break;
      case "BYMONTHDAY":
        if (freq === "WEEKLY") throw fail("BYMONTHDAY cannot be used with FREQ=WEEKLY");
        rule.byMonthDay = list(name, raw, 31).map((item) => nonZero(name, item, 31));
        break;
      case "BYMONTH":
        rule.byMonth = list(name, raw, 12).map((item) => integer(name, item, 1, 12));
        break;
      case "BYSETPOS":
        rule.bySetPos = list(name, raw, 31).map((item) => nonZero(name, item, 366));
        break;
      case "WKST":
        rule.wkst = parseWeekday(name, raw);
        break;
      default:
        throw fail(`${name} is not a recurrence rule part`);
    }
  }
  if (rule.count !== null && rule.until !== null)
    throw fail("COUNT and UNTIL cannot both be set (choose one way to end)");
  if (
    rule.bySetPos.length > 0 &&
    rule.byDay.length === 0 &&
    rule.byMonthDay.length === 0 &&
    rule.byMonth.length === 0
  ) {
    throw fail("BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to pick from");
  }
  if (rule.until) {
    const before = start.allDay
      ? "date" in rule.until && rule.until.date < start.startDate
      : "instant" in rule.until && rule.until.instant < start.start;
    if (before) throw fail(`UNTIL is before the event's start (${startDateOf(start)})`);
  }
  return normalise(rule);
}

const uniqueSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** One spelling per rule, so equal rules compare equal and read the same in words. */
function normalise(rule: RecurrenceRule): RecurrenceRule {
  let { byDay, bySetPos } = rule;
  // Outlook and Apple write "the 2nd Tuesday" as BYDAY=TU;BYSETPOS=2: the same as BYDAY=2TU.
  if (
    (rule.freq === "MONTHLY" || (rule.freq === "YEARLY" && rule.byMonth.length === 1)) &&
    byDay.length === 1 &&
    byDay[0]!.nth === null &&
    bySetPos.length === 1 &&
    rule.byMonthDay.length === 0 &&
    Math.abs(bySetPos[0]!) <= 5
  ) {
    byDay = [{ weekday: byDay[0]!.weekday, nth: bySetPos[0]! }];
    bySetPos = [];
  }
  const seen = new Set<string>();
  byDay = byDay
    .filter((day) => {
      const key = `${day.nth ?? ""}${day.weekday}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday) || (a.nth ?? 0) - (b.nth ?? 0));
  const wkstMatters = rule.freq === "WEEKLY" && rule.interval > 1 && byDay.length > 1;
  return {
    ...rule,
    byDay,
    bySetPos: uniqueSorted(bySetPos),
    byMonthDay: uniqueSorted(rule.byMonthDay),
    byMonth: uniqueSorted(rule.byMonth),
    wkst: wkstMatters && rule.wkst && rule.wkst !== "MO" ? rule.wkst : null,
  };
}

function compactUtc(instant: UnixSeconds): string {
  return new Date(instant * 1000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function formatWeekdayNum(day: WeekdayNum): string {
  return `${day.nth ?? ""}${day.weekday}`;
}

/** The RRULE value (no "RRULE:" prefix), parts in a fixed order. */
export function formatRrule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until)
    parts.push(`UNTIL=${"date" in rule.until ? rule.until.date.replace(/-/g, "") : compactUtc(rule.until.instant)}`);
  if (rule.byMonth.length) parts.push(`BYMONTH=${rule.byMonth.join(",")}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(",")}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map(formatWeekdayNum).join(",")}`);
  if (rule.bySetPos.length) parts.push(`BYSETPOS=${rule.bySetPos.join(",")}`);
  if (rule.wkst) parts.push(`WKST=${rule.wkst}`);
  return parts.join(";");
}

/** Parse and print again: the stored spelling of a rule. */
export function normaliseRrule(text: string, start: SeriesStart): string {
  return formatRrule(parseRrule(text, start));
}

/**
 * The UNTIL that ends a series just before an occurrence (a "this and following" split): the end of
 * the day before it, where the series is. A rule gives at most one occurrence a day (no BYHOUR), so
 * this cuts exactly there, and it reads as a date in words and in the form ("until Mar 16, 2026").
 */
export function untilBefore(start: SeriesStart, occurrence: UnixSeconds | LocalDate): RuleUntil {
  if (start.allDay) return { date: parseLocalDate(String(occurrence))!.subtract({ days: 1 }).toString() };
  const dayBefore = Temporal.PlainDate.from(localDateOf(Number(occurrence), start.timezone)).subtract({ days: 1 });
  return { instant: instantOf(dayBefore.toPlainDateTime({ hour: 23, minute: 59, second: 59 }), start.timezone) };
}
