import { dateTimeFormat } from "./format/intl";
import { Temporal } from "temporal-polyfill";

/**
 * Dates, instants and time zones (the calendar, habits, the profile's zone). Kernel: imports nothing of
 * ours. Instants are Unix seconds (as in the API); a local
 * date is "YYYY-MM-DD". Time-zone arithmetic goes through Temporal (the polyfill: Node 20 has no
 * native Temporal), never through Date's local-time methods, so the server's own zone never matters.
 */

export type UnixSeconds = number;
/** "YYYY-MM-DD": a day on the calendar, in nobody's time zone until a viewer is given. */
export type LocalDate = string;

export const SECONDS_PER_DAY = 86_400;
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The years a calendar accepts: old enough for imported birthdays, far enough for plans. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

/** The date if "YYYY-MM-DD" names a real day (no 2026-02-30), else null. */
export function parseLocalDate(value: string): Temporal.PlainDate | null {
  const match = localDatePattern.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  try {
    return Temporal.PlainDate.from({ year, month, day }, { overflow: "reject" });
  } catch {
    return null;
  }
}

export function isLocalDate(value: string): boolean {
  return parseLocalDate(value) !== null;
}

function plainDate(value: LocalDate): Temporal.PlainDate {
  const date = parseLocalDate(value);
  if (!date) throw new RangeError(`Not a date: ${value}`);
  return date;
}

/** The date `days` later (or earlier): calendar days, counted in UTC where every day has 24 hours. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfUtcMidnight(utcMidnight(date) + days * SECONDS_PER_DAY);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  return plainDate(date).dayOfWeek;
}

export function weekdayOf(date: LocalDate): Weekday {
  return WEEKDAYS[isoWeekday(date) - 1]!;
}

const zoneNames = new Map<string, string | null>();

/**
 * The canonical IANA name of a time zone ("europe/london" -> "Europe/London", "US/Pacific" ->
 * "America/Los_Angeles"), or null when the name is not an IANA zone. Offsets ("+01:00") and
 * abbreviations ("CET" aside, which IANA itself defines) are refused: a recurrence must follow a zone's
 * rules, not a fixed offset that stops being right at the next change of summer time.
 */
export function canonicalTimeZone(name: string): string | null {
  if (zoneNames.has(name)) return zoneNames.get(name)!;
  let canonical: string | null = null;
  if (/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) {
    try {
      canonical = dateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
      Temporal.Now.instant().toZonedDateTimeISO(canonical);
    } catch {
      canonical = null;
    }
  }
  if (zoneNames.size > 2000) zoneNames.clear();
  zoneNames.set(name, canonical);
  return canonical;
}

export function zonedDateTime(instant: UnixSeconds, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant * 1000).toZonedDateTimeISO(timeZone);
}

const dayWindows = new Map<string, { date: LocalDate; from: UnixSeconds; until: UnixSeconds }>();

/**
 * The local date of an instant in a zone. Asked for "now" on nearly every members' request, so each
 * zone's last answer is kept with the day's bounds (its first instant and the next day's, from
 * Temporal, so a day of 23 or 25 hours is right): an instant within them needs no zone arithmetic.
 */
export function localDateOf(instant: UnixSeconds, timeZone: string): LocalDate {
  const known = dayWindows.get(timeZone);
  if (known && instant >= known.from && instant < known.until) return known.date;
  const date = zonedDateTime(instant, timeZone).toPlainDate().toString();
  if (dayWindows.size >= 2000) dayWindows.clear();
  dayWindows.set(timeZone, { date, from: startOfDay(date, timeZone), until: startOfDay(addDays(date, 1), timeZone) });
  return date;
}

/** "YYYY-MM-DDTHH:MM:SS" wall-clock time of an instant in a zone. */
export function localDateTimeOf(instant: UnixSeconds, timeZone: string): Temporal.PlainDateTime {
  return zonedDateTime(instant, timeZone).toPlainDateTime();
}

/**
 * The instant of a wall-clock time in a zone. A time skipped by a change to summer time is read with
 * the offset before the change (01:30 on the spring-forward night in London is 02:30 BST), a repeated
 * time as its first occurrence: RFC 5545 3.3.5, and Temporal's "compatible" disambiguation.
 */
export function instantOf(dateTime: Temporal.PlainDateTime, timeZone: string): UnixSeconds {
  return Math.floor(dateTime.toZonedDateTime(timeZone, { disambiguation: "compatible" }).epochMilliseconds / 1000);
}

const midnights = new Map<string, UnixSeconds>();

/**
 * The first instant of a local date in a zone (midnight, or the first hour after a skipped midnight).
 * Kept in a bounded map: an agenda asks for the same few dates in the same zone again and again.
 */
export function startOfDay(date: LocalDate, timeZone: string): UnixSeconds {
  const key = `${timeZone} ${date}`;
  let value = midnights.get(key);
  if (value === undefined) {
    value = Math.floor(plainDate(date).toZonedDateTime({ timeZone }).epochMilliseconds / 1000);
    if (midnights.size >= 20_000) midnights.clear();
    midnights.set(key, value);
  }
  return value;
}

/** A UTC-midnight epoch for a local date: all-day rules are expanded as floating dates in UTC. */
export function utcMidnight(date: LocalDate): UnixSeconds {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

export function dateOfUtcMidnight(instant: UnixSeconds): LocalDate {
  return new Date(instant * 1000).toISOString().slice(0, 10);
}

/**
 * The first instant after `now` when the member's clock shows `time` (HH:MM) on a day that passes
 * `dayOk` (given the day's ISO weekday, 1 Monday ... 7 Sunday, and the day itself), looking up to
 * `horizonDays` ahead: a week and a day for a daily or weekly time, two months for a monthly one.
 * Scheduled reminders, summaries and prompts (habits, Cam, the Vision Board) all go through it.
 */
export function nextLocalTime(
  now: Date,
  zone: string,
  time: string,
  dayOk: (isoWeekday: number, date: Temporal.PlainDate) => boolean = () => true,
  horizonDays = 8,
): Date {
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone);
  const clock = Temporal.PlainTime.from(time);
  for (let offset = 0; offset <= horizonDays; offset++) {
    const date = here.toPlainDate().add({ days: offset });
    if (!dayOk(date.dayOfWeek, date)) continue;
    const at = date.toZonedDateTime({ timeZone: zone, plainTime: clock });
    if (at.epochMilliseconds > now.getTime()) return new Date(at.epochMilliseconds);
  }
  throw new RangeError(`No such time in the next ${horizonDays} days`);
}
