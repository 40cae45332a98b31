import { RRuleTemporal } from "rrule-temporal";
import { Temporal } from "temporal-polyfill";
import { invalidField, notFoundField } from "./errors";
import type { CalendarEvent, EventDetails, TimedEvent, TimedOverride } from "./event";
import { type RecurrenceRule, formatRrule, parseRrule } from "./rrule";
import {
  SECONDS_PER_DAY,
  WEEKDAYS,
  type LocalDate,
  type UnixSeconds,
  addDays,
  dateOfUtcMidnight,
  daysBetween,
  localDateOf,
  startOfDay,
  utcMidnight,
  zonedDateTime,
} from "../time";

/**
 * Occurrences of events between two instants.
 *
 * The recurrence library is rrule-temporal: RFC 5545 recurrence on Temporal.ZonedDateTime, so a rule
 * is expanded in the event's own zone and an 18:15 Europe/London event stays 18:15 local across the
 * change to summer time, whatever the server's zone. We chose it over `rrule` (rrule.js), whose
 * "tzid" support returns dates shifted by the host's offset and breaks across DST changes (its tracker:
 * jkbrzt/rrule#295, #355, #390, #550, #611, most still open; the maintainers point to Temporal), and
 * over ical.js, which is a whole iCalendar object model with its own time-zone classes fed from
 * VTIMEZONE data rather than the IANA database. rrule-temporal follows RFC 5545 closely (generated
 * local times inside a DST gap are omitted, not counted; COUNT counts before EXDATE), fixes reports in
 * days (ggaabe/rrule-temporal#128, #136, #141), runs on Node 20 with its bundled Temporal polyfill and
 * needs no install script.
 *
 * All-day events are dates, not instants. Their rules are expanded as floating dates (in UTC, where
 * every day has 24 hours), so "every 17th" is the 17th for everybody. For a viewer they are placed in
 * the viewer's zone: an occurrence on D..E (E exclusive) runs from midnight of D to midnight of E where
 * the viewer is. So a member in Pacific/Auckland and one in America/Los_Angeles both see it on D; the
 * instants differ, the date does not. An agenda range [from, to) includes it when those instants
 * overlap the range.
 */

/** The longest agenda one request may expand. */
export const MAX_AGENDA_DAYS = 400;
/** The most occurrences one request returns (oldest first); beyond it the answer says truncated. */
export const MAX_OCCURRENCES = 5000;

export interface AgendaRange {
  /** Inclusive instant. */
  from: UnixSeconds;
  /** Exclusive instant. */
  to: UnixSeconds;
  /** The viewer's IANA zone: it places all-day occurrences. */
  timezone: string;
}

export interface Occurrence {
  /** The occurrence's original start: what THIS and FOLLOWING edits and acknowledgements name. */
  recurrenceId: UnixSeconds | LocalDate;
  /** Instants; for an all-day occurrence, midnights in the viewer's zone. */
  start: UnixSeconds;
  end: UnixSeconds;
  allDay: boolean;
  /** All-day only: the dates (end exclusive). */
  startDate: LocalDate | null;
  endDate: LocalDate | null;
  /** The series' details with this occurrence's own changes applied. */
  details: EventDetails;
  /** True when this occurrence was changed on its own (an override). */
  changed: boolean;
}

export interface Expansion<T> {
  occurrences: T[];
  /** True when the cap cut the list: the caller asks again from the last start. */
  truncated: boolean;
}

/** Checks an agenda range; the messages name "from" or "to". */
export function checkAgendaRange(from: UnixSeconds, to: UnixSeconds): void {
  if (!Number.isSafeInteger(from)) throw invalidField("from", "must be a Unix time in seconds");
  if (!Number.isSafeInteger(to)) throw invalidField("to", "must be a Unix time in seconds");
  if (to <= from) throw invalidField("to", "must be after from");
  if (to - from > MAX_AGENDA_DAYS * SECONDS_PER_DAY)
    throw invalidField("to", `the range can be at most ${MAX_AGENDA_DAYS} days`);
}

// ---------------------------------------------------------------------------------------------------
// Compiling a series for the library

interface CompiledSeries {
  key: string;
  /** The zone the rule runs in: the event's, or UTC for all-day (floating) series. */
  zone: string;
  rule: RecurrenceRule;
  /** The rule with what it leaves to DTSTART said explicitly, without COUNT or UNTIL. */
  explicit: RecurrenceRule;
  /** The local start of the series and its instant (UTC midnight for all-day). */
  anchor: Temporal.PlainDateTime;
  anchorEpoch: UnixSeconds;
  /** The local start date as a day number (days since 1970-01-01). */
  anchorDay: number;
  /** The rule as the library gets it: implied parts made explicit, COUNT turned into UNTIL. */
  text: string;
  /** The last possible start (from COUNT or UNTIL); null for a series without end. */
  lastEpoch: UnixSeconds | null;
}

/** A small LRU: compiled rules are pure functions of their key, so keeping them is only a speed-up. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
}

const compiledCache = new Lru<CompiledSeries>(2000);
const libraryCache = new Lru<RRuleTemporal>(2000);

/**
 * RFC 5545 takes what a rule leaves unsaid from DTSTART (the weekday of a WEEKLY rule, the day of a
 * MONTHLY one, the time of day). Saying it explicitly lets expansion start from a later period
 * (below) without changing a single occurrence.
 */
function explicitRule(rule: RecurrenceRule, anchor: Temporal.PlainDateTime): RecurrenceRule {
  const explicit: RecurrenceRule = { ...rule, count: null, until: null };
  const noDay = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
  if (rule.freq === "WEEKLY" && rule.byDay.length === 0)
    explicit.byDay = [{ weekday: WEEKDAYS[anchor.dayOfWeek - 1]!, nth: null }];
  if (rule.freq === "MONTHLY" && noDay) explicit.byMonthDay = [anchor.day];
  if (rule.freq === "YEARLY" && noDay) {
    if (rule.byMonth.length === 0) explicit.byMonth = [anchor.month];
    explicit.byMonthDay = [anchor.day];
  }
  return explicit;
}

function libraryText(
  rule: RecurrenceRule,
  anchor: Temporal.PlainDateTime,
  allDay: boolean,
  untilEpoch: UnixSeconds | null,
  count: number | null,
): string {
  const text = formatRrule({
    ...rule,
    until: untilEpoch === null ? null : { instant: untilEpoch },
    count,
    wkst: rule.wkst,
  });
  return allDay ? text : `${text};BYHOUR=${anchor.hour};BYMINUTE=${anchor.minute};BYSECOND=${anchor.second}`;
}

interface PreparedRule {
  zone: string;
  anchorEpoch: UnixSeconds;
  anchor: Temporal.PlainDateTime;
  rule: RecurrenceRule;
  explicit: RecurrenceRule;
}

function prepare(event: CalendarEvent): PreparedRule {
  const zone = event.allDay ? "UTC" : event.timezone;
  const anchorEpoch = event.allDay ? utcMidnight(event.startDate) : event.start;
  const rule = parseRrule(event.rrule!, event);
  const anchor = zonedDateTime(anchorEpoch, zone).toPlainDateTime();
  return { zone, anchorEpoch, anchor, rule, explicit: explicitRule(rule, anchor) };
}

function compile(event: CalendarEvent): CompiledSeries {
  const zone = event.allDay ? "UTC" : event.timezone;
  const anchorEpoch = event.allDay ? utcMidnight(event.startDate) : event.start;
  const key = `${event.allDay ? "date" : "time"}|${zone}|${anchorEpoch}|${event.rrule}`;
  const cached = compiledCache.get(key);
  if (cached) return cached;

  const { rule, anchor, explicit } = prepare(event);
  let lastEpoch: UnixSeconds | null = null;
  if (rule.until) lastEpoch = "date" in rule.until ? utcMidnight(rule.until.date) : rule.until.instant;
  if (rule.count !== null) {
    // COUNT counts from the first occurrence (DTSTART counts as one): walk it once (at most MAX_COUNT)
    // and remember where it ends, so later expansions can start near their range.
    const counted = new RRuleTemporal({
      rruleString: libraryText(explicit, anchor, event.allDay, null, rule.count),
      dtstart: zonedDateTime(anchorEpoch, zone),
      includeDtstart: true,
      cache: false,
    }).all();
    lastEpoch = Math.floor(counted[counted.length - 1]!.epochMilliseconds / 1000);
  }
  const compiled: CompiledSeries = {
    key,
    zone,
    rule,
    explicit,
    anchor,
    anchorEpoch,
    anchorDay: epochDayOf(utcMidnight(anchor.toPlainDate().toString())),
    text: libraryText(explicit, anchor, event.allDay, lastEpoch, null),
    lastEpoch,
  };
  compiledCache.set(key, compiled);
  return compiled;
}

const epochDayOf = (epoch: UnixSeconds) => Math.floor(epoch / SECONDS_PER_DAY);
/** ISO weekday (1 Monday ... 7 Sunday) of a day counted from 1970-01-01, a Thursday. */
const weekdayOfEpochDay = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

/**
 * A later DTSTART for the same series: the start of a period (day, week per WKST, month, year) a whole
 * number of INTERVALs after the real start and at least one period before `windowStart`. Every
 * occurrence from there on is the same as from the real start, and the library does not walk years of
 * history to reach this month. Returned as a day number (days since 1970-01-01); null when the window
 * is near enough the real start. Plain integer arithmetic: this runs for every series on every request.
 */
function rebasedDay(series: CompiledSeries, windowStart: UnixSeconds): number | null {
  const { rule, anchor } = series;
  const interval = rule.interval;
  const startDay = series.anchorDay;
  // A day early in UTC is never later than the local date anywhere (offsets stay within 14 hours),
  // and a period of margin is kept below: no time-zone work is needed here.
  const windowDay = epochDayOf(windowStart) - 1;
  const window = new Date(windowDay * 86_400_000);
  let periods: number;
  let rebase: (k: number) => number;
  switch (rule.freq) {
    case "DAILY":
      periods = windowDay - startDay;
      rebase = (k) => startDay + k * interval;
      break;
    case "WEEKLY": {
      const wkst = rule.wkst ? WEEKDAYS.indexOf(rule.wkst) + 1 : 1;
      const weekStart = (day: number) => day - ((weekdayOfEpochDay(day) - wkst + 7) % 7);
      const first = weekStart(startDay);
      periods = Math.floor((weekStart(windowDay) - first) / 7);
      rebase = (k) => first + 7 * k * interval;
      break;
    }
    case "MONTHLY":
      periods = (window.getUTCFullYear() - anchor.year) * 12 + (window.getUTCMonth() + 1 - anchor.month);
      rebase = (k) => Date.UTC(anchor.year, anchor.month - 1 + k * interval, 1) / 86_400_000;
      break;
    case "YEARLY":
      periods = window.getUTCFullYear() - anchor.year;
      rebase = (k) => Date.UTC(anchor.year + k * interval, 0, 1) / 86_400_000;
      break;
  }
  // Rounded down to a few weeks' worth of periods, so nearby windows (the next month, a check of one
  // date) share the library's instance instead of building one each.
  const quantum =
    rule.freq === "DAILY"
      ? Math.max(1, Math.floor(28 / interval))
      : rule.freq === "WEEKLY"
        ? Math.max(1, Math.floor(4 / interval))
        : 1;
  const k = Math.floor((Math.floor(periods / interval) - 1) / quantum) * quantum;
  return k < 1 ? null : rebase(k);
}

const startsCache = new Lru<readonly UnixSeconds[]>(5000);

/** Original starts of the series (its first start included) in [after, before], both inclusive, ascending. */
function seriesStarts(series: CompiledSeries, after: UnixSeconds, before: UnixSeconds): readonly UnixSeconds[] {
  if (before < series.anchorEpoch || (series.lastEpoch !== null && after > series.lastEpoch)) return [];
  const resultKey = `${series.key}|${after}|${before}`;
  const known = startsCache.get(resultKey);
  if (known) return known;
  const rebased = rebasedDay(series, after);
  const cacheKey = `${series.key}|${rebased ?? "anchor"}`;
  let library = libraryCache.get(cacheKey);
  if (!library) {
    const { anchor } = series;
    const dtstart =
      rebased === null
        ? zonedDateTime(series.anchorEpoch, series.zone)
        : Temporal.PlainDate.from(dateOfUtcMidnight(rebased * SECONDS_PER_DAY))
            .toPlainDateTime({ hour: anchor.hour, minute: anchor.minute, second: anchor.second })
            .toZonedDateTime(series.zone);
    library = new RRuleTemporal({
      rruleString: series.text,
      dtstart,
      // The real first start is an occurrence even when the rule would not generate it (RFC 5545).
      includeDtstart: rebased === null,
      cache: false,
    });
    libraryCache.set(cacheKey, library);
  }
  const starts = Object.freeze(
    library
      .between(new Date(after * 1000), new Date(before * 1000), true)
      .map((value) => Math.floor(value.epochMilliseconds / 1000)),
  );
  startsCache.set(resultKey, starts);
  return starts;
}

// ---------------------------------------------------------------------------------------------------
// Occurrences

function overlaps(start: UnixSeconds, end: UnixSeconds, from: UnixSeconds, to: UnixSeconds): boolean {
  // A zero-length event belongs to the range its start is in.
  return start < to && (end > from || start >= from);
}

const byStart = (a: Occurrence, b: Occurrence) =>
  a.start - b.start || a.end - b.end || String(a.recurrenceId).localeCompare(String(b.recurrenceId));

/**
 * Every occurrence of one event that overlaps [from, to), oldest first, with removed occurrences left
 * out and changed ones in their new place. `range.timezone` places all-day occurrences.
 */
export function expandEvent(event: CalendarEvent, range: AgendaRange, limit = MAX_OCCURRENCES): Expansion<Occurrence> {
  checkAgendaRange(range.from, range.to);
  const occurrences = event.allDay ? expandAllDay(event, range, viewerDays(range)) : expandTimed(event, range);
  occurrences.sort(byStart);
  return { occurrences: occurrences.slice(0, limit), truncated: occurrences.length > limit };
}

function expandTimed(event: TimedEvent, { from, to }: AgendaRange): Occurrence[] {
  const duration = event.end - event.start;
  const occurrence = (start: UnixSeconds): Occurrence => ({
    recurrenceId: start,
    start,
    end: start + duration,
    allDay: false,
    startDate: null,
    endDate: null,
    details: event.details,
    changed: false,
  });
  if (!event.rrule) return overlaps(event.start, event.end, from, to) ? [occurrence(event.start)] : [];

  const skipped = new Set<UnixSeconds>(event.exdates);
  for (const override of event.overrides) skipped.add(override.recurrenceId);
  const result: Occurrence[] = [];
  for (const start of seriesStarts(compile(event), from - duration, to - 1)) {
    if (!skipped.has(start) && overlaps(start, start + duration, from, to)) result.push(occurrence(start));
  }
  for (const override of event.overrides) {
    if (overlaps(override.start, override.end, from, to)) result.push(timedOverrideOccurrence(event, override));
  }
  return result;
}

function timedOverrideOccurrence(event: TimedEvent, override: TimedOverride): Occurrence {
  return {
    recurrenceId: override.recurrenceId,
    start: override.start,
    end: override.end,
    allDay: false,
    startDate: null,
    endDate: null,
    details: { ...event.details, ...override.details },
    changed: true,
  };
}

function allDayOccurrence(
  recurrenceId: LocalDate,
  startDate: LocalDate,
  endDate: LocalDate,
  details: EventDetails,
  changed: boolean,
  timezone: string,
): Occurrence {
  return {
    recurrenceId,
    start: startOfDay(startDate, timezone),
    end: startOfDay(endDate, timezone),
    allDay: true,
    startDate,
    endDate,
    details,
    changed,
  };
}

/** The viewer's dates an agenda range touches: computed once per request. */
interface ViewerDays {
  timezone: string;
  firstDate: LocalDate;
  lastDate: LocalDate;
}

function viewerDays(range: AgendaRange): ViewerDays {
  return {
    timezone: range.timezone,
    firstDate: localDateOf(range.from, range.timezone),
    lastDate: localDateOf(range.to - 1, range.timezone),
  };
}

function expandAllDay(
  event: Extract<CalendarEvent, { allDay: true }>,
  range: AgendaRange,
  viewer: ViewerDays,
): Occurrence[] {
  const { from, to, timezone } = range;
  const days = daysBetween(event.startDate, event.endDate);
  const inRange = (occurrence: Occurrence) => overlaps(occurrence.start, occurrence.end, from, to);
  if (!event.rrule) {
    if (event.endDate <= viewer.firstDate || event.startDate > viewer.lastDate) return [];
    const only = allDayOccurrence(event.startDate, event.startDate, event.endDate, event.details, false, timezone);
    return inRange(only) ? [only] : [];
  }
  // The viewer's dates the range touches, widened by the event's length: the exact test is on instants.
  const skipped = new Set<LocalDate>(event.exdates);
  for (const override of event.overrides) skipped.add(override.recurrenceId);
  const result: Occurrence[] = [];
  const firstEpoch = utcMidnight(viewer.firstDate) - days * SECONDS_PER_DAY;
  for (const epoch of seriesStarts(compile(event), firstEpoch, utcMidnight(viewer.lastDate))) {
    const date = dateOfUtcMidnight(epoch);
    if (skipped.has(date)) continue;
    const occurrence = allDayOccurrence(
      date,
      date,
      dateOfUtcMidnight(epoch + days * SECONDS_PER_DAY),
      event.details,
      false,
      timezone,
    );
    if (inRange(occurrence)) result.push(occurrence);
  }
  for (const override of event.overrides) {
    const occurrence = allDayOccurrence(
      override.recurrenceId,
      override.startDate,
      override.endDate,
      { ...event.details, ...override.details },
      true,
      timezone,
    );
    if (inRange(occurrence)) result.push(occurrence);
  }
  return result;
}

export interface AgendaItem {
  eventId: string;
  event: CalendarEvent;
}

export type AgendaOccurrence = Occurrence & { eventId: string };

/**
 * The agenda: every occurrence of the given events overlapping [from, to), oldest first, at most
 * MAX_OCCURRENCES (then `truncated`). Throws a CalendarError naming "from"/"to" for a bad range
 * (to <= from, or longer than MAX_AGENDA_DAYS).
 */
export function expandAgenda(
  items: readonly AgendaItem[],
  range: AgendaRange,
  limit = MAX_OCCURRENCES,
): Expansion<AgendaOccurrence> {
  checkAgendaRange(range.from, range.to);
  return collectAgenda(items, range, (item, bounded) => agendaExpander(bounded)(item), limit);
}

/**
 * The agenda bounded while it is made, not after: events are expanded one by one, and once more than
 * `limit` occurrences are known the rest are expanded only up to the `limit`th start (an occurrence
 * starting later cannot be in the answer), so a range full of daily events stops early instead of
 * expanding every one over 400 days and cutting afterwards. `expand(item, range)` expands one item over
 * a range no longer than the agenda's (its `to` moves earlier as the answer fills). Memory stays
 * within about twice `limit` occurrences.
 */
export function collectAgenda<T>(
  items: readonly T[],
  range: AgendaRange,
  expand: (item: T, range: AgendaRange) => readonly AgendaOccurrence[],
  limit = MAX_OCCURRENCES,
): Expansion<AgendaOccurrence> {
  let kept: AgendaOccurrence[] = [];
  let before = range.to;
  let truncated = false;
  const compact = () => {
    kept.sort(byAgendaOrder);
    if (kept.length <= limit) return;
    truncated = true;
    kept = kept.slice(0, limit);
    before = Math.min(before, kept[limit - 1]!.start + 1);
  };
  for (const item of items) {
    // The expansion's own range must stay a range; what starts at or after `before` is left out below.
    const bounded = before < range.to ? { ...range, to: Math.max(before, range.from + 1) } : range;
    for (const occurrence of expand(item, bounded)) if (occurrence.start < before) kept.push(occurrence);
    if (kept.length > 2 * limit) compact();
  }
  compact();
  return { occurrences: kept, truncated };
}

const byAgendaOrder = (a: AgendaOccurrence, b: AgendaOccurrence) =>
  byStart(a, b) || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);

/**
 * expandAgenda in two steps, for a caller that remembers each event's expansion (lib/calendar/store):
 * this expands one event over the range (checked first, as expandAgenda checks it), a pure function of
 * the event and the range.
 */
export function agendaExpander(range: AgendaRange): (item: AgendaItem) => AgendaOccurrence[] {
  checkAgendaRange(range.from, range.to);
  const viewer = viewerDays(range);
  return ({ eventId, event }) =>
    (event.allDay ? expandAllDay(event, range, viewer) : expandTimed(event, range)).map((occurrence) => ({
      ...occurrence,
      eventId,
    }));
}

// ---------------------------------------------------------------------------------------------------
// Finding one occurrence

/** True when `key` is an occurrence the series generates (removed or changed ones included). */
export function isSeriesOccurrence(event: CalendarEvent, key: UnixSeconds | LocalDate): boolean {
  if (event.allDay) {
    if (typeof key !== "string") return false;
    if (!event.rrule) return key === event.startDate;
    const epoch = utcMidnight(key);
    return seriesStarts(compile(event), epoch, epoch).includes(epoch);
  }
  if (typeof key !== "number") return false;
  if (!event.rrule) return key === event.start;
  return seriesStarts(compile(event), key, key).includes(key);
}

/** The occurrence a series generates at `key`, before any change or removal. */
export function generatedOccurrence(event: CalendarEvent, key: UnixSeconds | LocalDate, timezone: string): Occurrence {
  if (event.allDay) {
    const date = String(key);
    return allDayOccurrence(
      date,
      date,
      addDays(date, daysBetween(event.startDate, event.endDate)),
      event.details,
      false,
      timezone,
    );
  }
  const start = Number(key);
  return {
    recurrenceId: start,
    start,
    end: start + event.end - event.start,
    allDay: false,
    startDate: null,
    endDate: null,
    details: event.details,
    changed: false,
  };
}

/**
 * The occurrence a client names by `occurrenceStart` (an Occurrence's start as the agenda gave it:
 * its current start, or its original one). For an all-day event any instant of the day in the viewer's
 * zone names that day. Throws a 404 CalendarError on "occurrenceStart" when there is none (removed
 * occurrences included).
 */
export function findOccurrence(event: CalendarEvent, occurrenceStart: UnixSeconds, timezone: string): Occurrence {
  if (!Number.isSafeInteger(occurrenceStart)) throw invalidField("occurrenceStart", "must be a Unix time in seconds");
  const missing = () => notFoundField("occurrenceStart", "this event has no occurrence starting then");
  if (event.allDay) {
    const date = localDateOf(occurrenceStart, timezone);
    const override =
      event.overrides.find((item) => item.startDate === date) ??
      event.overrides.find((item) => item.recurrenceId === date);
    if (override) {
      return allDayOccurrence(
        override.recurrenceId,
        override.startDate,
        override.endDate,
        { ...event.details, ...override.details },
        true,
        timezone,
      );
    }
    if ((event.exdates as LocalDate[]).includes(date) || !isSeriesOccurrence(event, date)) throw missing();
    return generatedOccurrence(event, date, timezone);
  }
  const override =
    event.overrides.find((item) => item.start === occurrenceStart) ??
    event.overrides.find((item) => item.recurrenceId === occurrenceStart);
  if (override) return timedOverrideOccurrence(event, override);
  if (event.exdates.includes(occurrenceStart) || !isSeriesOccurrence(event, occurrenceStart)) throw missing();
  return generatedOccurrence(event, occurrenceStart, timezone);
}

/**
 * Original starts of the series in [after, before] (inclusive; dates for all-day series), removed and
 * changed ones included: what edits need to split a series or count what is left of it.
 */
export function seriesKeysBetween(
  event: CalendarEvent,
  after: UnixSeconds | LocalDate,
  before: UnixSeconds | LocalDate,
): Array<UnixSeconds | LocalDate> {
  if (event.allDay) {
    if (!event.rrule)
      return event.startDate >= String(after) && event.startDate <= String(before) ? [event.startDate] : [];
    return seriesStarts(compile(event), utcMidnight(String(after)), utcMidnight(String(before))).map(dateOfUtcMidnight);
  }
  if (!event.rrule) return event.start >= Number(after) && event.start <= Number(before) ? [event.start] : [];
  return [...seriesStarts(compile(event), Number(after), Number(before))];
}

/** How far one step of a walk over a whole series looks, per frequency (times INTERVAL). */
const walkStepDays: Record<RecurrenceRule["freq"], number> = {
  DAILY: 400,
  WEEKLY: 1100,
  MONTHLY: 7300,
  YEARLY: 73_000,
};

/**
 * True when the series still has an occurrence whose key `excluded` does not hold. A series without
 * end always has one (exclusions are finite); a bounded one is walked in steps from its start, and the
 * walk stops at the first key found, so at most a few more keys than `excluded` holds are looked at.
 */
export function hasOccurrenceBesides(event: CalendarEvent, excluded: ReadonlySet<UnixSeconds | LocalDate>): boolean {
  if (!event.rrule) return !excluded.has(event.allDay ? event.startDate : event.start);
  const series = compile(event);
  if (series.lastEpoch === null) return true;
  const step = walkStepDays[series.rule.freq] * series.rule.interval * SECONDS_PER_DAY;
  for (let after = series.anchorEpoch; after <= series.lastEpoch; after += step + 1) {
    const starts = seriesStarts(series, after, Math.min(after + step, series.lastEpoch));
    for (const start of starts) {
      if (!excluded.has(event.allDay ? dateOfUtcMidnight(start) : start)) return true;
    }
  }
  return false;
}

const withinFour = (value: number) => value !== 0 && Math.abs(value) <= 4;
const withinMonth = (day: number) => day !== 0 && Math.abs(day) <= 28;

/**
 * True when every period of the rule (each day, week, month or year it steps through) is sure to
 * hold an occurrence, so it needs no search: the rules a form makes, and most imported ones. Known by
 * looking: every week has each weekday, every month a 28th and four of each weekday, every year each
 * month. A DAILY rule stepping whole weeks only ever lands on its start's weekday.
 */
export function isPlainRule(event: CalendarEvent): boolean {
  if (!event.rrule) return true;
  const { rule, explicit, anchor } = prepare(event);
  if (rule.bySetPos.length > 0) return false;
  const days = (list: RecurrenceRule["byDay"]) => list.every((day) => day.nth === null || withinFour(day.nth));
  switch (rule.freq) {
    case "DAILY":
      if (rule.byMonth.length > 0 || rule.byMonthDay.length > 0) return false;
      return (
        rule.byDay.length === 0 ||
        rule.interval % 7 !== 0 ||
        rule.byDay.some((day) => day.weekday === WEEKDAYS[anchor.dayOfWeek - 1])
      );
    case "WEEKLY":
      return rule.byMonth.length === 0;
    case "MONTHLY":
      return (
        rule.byMonth.length === 0 &&
        explicit.byMonthDay.every(withinMonth) &&
        days(explicit.byDay) &&
        (explicit.byDay.length === 0 || explicit.byMonthDay.length === 0)
      );
    case "YEARLY":
      return (
        explicit.byMonthDay.every(withinMonth) &&
        days(explicit.byDay) &&
        (explicit.byDay.length === 0 || explicit.byMonthDay.length === 0)
      );
  }
}

/** How many periods the search for a second date may look through: about eight years. */
const SEARCH_PERIODS: Record<RecurrenceRule["freq"], number> = { DAILY: 3000, WEEKLY: 420, MONTHLY: 100, YEARLY: 8 };

/**
 * Whether the rule, ignoring COUNT and UNTIL, gives a date in about eight years after the series'
 * start: "never" for a rule like "every February 30th", which would send every expansion on a long
 * walk. Plain rules (isPlainRule) repeat without a search. A search looks through a bounded number of
 * periods and takes them from `budget` (periods) when one is given: "over budget" when it has too few.
 */
export function ruleRepeats(event: CalendarEvent, budget?: { remaining: number }): "repeats" | "never" | "over budget" {
  if (!event.rrule || isPlainRule(event)) return "repeats";
  const { zone, anchorEpoch, anchor, rule, explicit } = prepare(event);
  const periods = Math.max(2, Math.ceil(SEARCH_PERIODS[rule.freq] / rule.interval));
  if (budget) {
    if (budget.remaining < periods) return "over budget";
    budget.remaining -= periods;
  }
  try {
    const next = new RRuleTemporal({
      rruleString: libraryText(explicit, anchor, event.allDay, null, null),
      dtstart: zonedDateTime(anchorEpoch, zone),
      maxIterations: periods,
      cache: false,
    }).next(new Date(anchorEpoch * 1000), false);
    return next ? "repeats" : "never";
  } catch {
    return "never";
  }
}
