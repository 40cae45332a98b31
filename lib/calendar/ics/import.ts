import { createHash } from "node:crypto";
import { Temporal } from "temporal-polyfill";
import { answerMessage } from "../../errors";
import { invalidField, isCalendarError } from "../errors";
import { isSeriesOccurrence, seriesKeysBetween } from "../expand";
import { LIMITS, checkCalendarEvent, checkTimeZone, newEvent, parseEventInput } from "../model";
import { type AllDayOverride, type CalendarEvent, type EventDetails, type TimedOverride } from "../event";
import {
  type LocalDate,
  type UnixSeconds,
  addDays,
  canonicalTimeZone,
  daysBetween,
  instantOf,
  localDateOf,
  parseLocalDate,
  startOfDay,
} from "../../time";
import { type ContentLine, parseContentLine, splitList, unescapeText, unfold } from "./content-lines";
import { START_ZONE_PARAM } from "./export";
import { type Observance, type TimezoneDefinition, parseUtcOffset, readObservanceRule, resolveTzid } from "./timezones";

/**
 * An .ics file -> events keyed by UID, and a report of what was skipped and why, naming the file's
 * line. Importing the same file again gives the same UIDs, so the caller updates rather than
 * duplicates. A file that is not iCalendar, is over MAX_ICS_BYTES or is broken in its structure is
 * refused whole with a CalendarError on "file" naming the line; a bad event is skipped on its own.
 *
 * Written here rather than taken from ical.js or node-ical: the report must name lines, which their
 * parsers do not keep (ical.js reports a parse error without a line, node-ical needs Node 22), and
 * the whole format we read is small: content lines, a handful of properties, VTIMEZONE.
 */

export const MAX_ICS_BYTES = 1_048_576;
export const MAX_IMPORT_EVENTS = 2000;
const MAX_UID_LENGTH = 500;
const MAX_DEPTH = 8;
/**
 * Recurrence periods the searches for unusual rules may look through in one file (model.ts,
 * ParseOptions): about ten daily searches or thousands of yearly ones (birthdays on the 31st).
 */
const SEARCH_BUDGET = 30_000;
export const UNTITLED = "(No title)";
/** Time-zone definitions in one file: one per zone its events use (a family's file has a handful). */
export const MAX_TIMEZONES = 50;
/** Observances and their extra onsets (RDATE values) in one definition: a full history has about 200. */
export const MAX_OBSERVANCES = 400;

export interface ImportedEvent {
  /** The key for "update rather than duplicate": the file's UID (or one derived, see notes). */
  uid: string;
  event: CalendarEvent;
  /** The line of its BEGIN:VEVENT. */
  line: number;
  /** CLASS:PRIVATE or CONFIDENTIAL in the file: the caller may import it as private. */
  private: boolean;
  /** What was changed or left out on the way in, each naming its line. */
  notes: string[];
}

export interface SkippedItem {
  line: number;
  uid: string | null;
  title: string | null;
  reason: string;
}

export interface ImportReport {
  calendarName: string | null;
  events: ImportedEvent[];
  skipped: SkippedItem[];
}

export interface ImportOptions {
  /** The member's zone: times without a zone in the file (floating) are read there. */
  timezone: string;
  /** The file's name, for a refusal of the whole file. */
  fileName?: string;
  /**
   * How long reading may take (ms): past it the file is refused whole, naming it. The import passes
   * one (store/import.ts, through the worker, which also stops a read that overruns it).
   */
  budgetMs?: number;
}

interface Component {
  name: string;
  line: number;
  properties: ContentLine[];
  children: Component[];
  /** The first line inside it that was not a content line. */
  malformedLine: number | null;
}

const refuse = (problem: string) => invalidField("file", problem);

function decode(input: string | Uint8Array): string {
  const size = typeof input === "string" ? new TextEncoder().encode(input).length : input.byteLength;
  if (size > MAX_ICS_BYTES) throw refuse(`the file is ${(size / 1_048_576).toFixed(1)} MB; the limit is 1 MB`);
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      throw refuse("is not UTF-8 text, so it is not an iCalendar file");
    }
  }
  text = text.replace(/^\uFEFF/, "");
  const nul = text.indexOf("\u0000");
  if (nul >= 0)
    throw refuse(
      `line ${text.slice(0, nul).split(/\r\n|\n|\r/).length} holds binary data: this is not an iCalendar file`,
    );
  return text;
}

function readStructure(text: string): Component[] {
  const lines = unfold(text);
  const first = lines[0];
  if (!first) throw refuse("is empty: an iCalendar file starts with BEGIN:VCALENDAR");
  if (first.text.trim().toUpperCase() !== "BEGIN:VCALENDAR") {
    throw refuse(
      `line ${first.line} is "${first.text.slice(0, 40)}", not BEGIN:VCALENDAR: this is not an iCalendar file`,
    );
  }
  const roots: Component[] = [];
  const stack: Component[] = [];
  for (const physical of lines) {
    const line = parseContentLine(physical);
    const top = stack[stack.length - 1];
    if (!line) {
      const event = [...stack].reverse().find((component) => component.name === "VEVENT");
      if (event) {
        event.malformedLine ??= physical.line;
        continue;
      }
      throw refuse(`line ${physical.line} is not an iCalendar line (NAME:value)`);
    }
    if (line.name === "BEGIN") {
      const name = line.value.trim().toUpperCase();
      if (!top && name !== "VCALENDAR") throw refuse(`line ${line.line}: BEGIN:${name} outside BEGIN:VCALENDAR`);
      if (stack.length >= MAX_DEPTH) throw refuse(`line ${line.line}: components nested too deep`);
      stack.push({ name, line: line.line, properties: [], children: [], malformedLine: null });
    } else if (line.name === "END") {
      const name = line.value.trim().toUpperCase();
      if (!top) throw refuse(`line ${line.line}: END:${name} without a BEGIN`);
      if (top.name !== name)
        throw refuse(`line ${line.line}: END:${name} does not close BEGIN:${top.name} from line ${top.line}`);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(top);
      else roots.push(top);
    } else {
      if (!top) throw refuse(`line ${line.line}: ${line.name} outside BEGIN:VCALENDAR`);
      top.properties.push(line);
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw refuse(`ends inside ${open.name} (opened on line ${open.line}): it may be cut short`);
  return roots;
}

const property = (component: Component, name: string) => component.properties.find((item) => item.name === name);
const properties = (component: Component, name: string) => component.properties.filter((item) => item.name === name);

// ---------------------------------------------------------------------------------------------------
// Values

type IcsTime =
  | { kind: "date"; date: LocalDate }
  | { kind: "utc"; instant: UnixSeconds }
  | { kind: "local"; local: Temporal.PlainDateTime; tzid: string | null };

/** A skip reason: thrown while reading one event, caught by the event's loop. */
class Skip extends Error {}

function parseTime(value: string, line: ContentLine, what: string): IcsTime {
  const text = value.trim();
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(text);
  const valueType = line.params.VALUE?.[0]?.toUpperCase();
  if (!match) throw new Skip(`line ${line.line}: ${what} ${text.slice(0, 40)} is not a date or a date-time`);
  const date = parseLocalDate(`${match[1]}-${match[2]}-${match[3]}`);
  if (!date) throw new Skip(`line ${line.line}: ${what} ${text} is not a date`);
  if (match[4] === undefined) {
    if (valueType && valueType !== "DATE")
      throw new Skip(`line ${line.line}: ${what} ${text} is a date but says VALUE=${valueType}`);
    return { kind: "date", date: date.toString() };
  }
  let local: Temporal.PlainDateTime;
  try {
    local = Temporal.PlainDateTime.from(
      {
        year: date.year,
        month: date.month,
        day: date.day,
        hour: Number(match[4]),
        minute: Number(match[5]),
        second: Math.min(59, Number(match[6])),
      },
      { overflow: "reject" },
    );
  } catch {
    throw new Skip(`line ${line.line}: ${what} ${text} is not a time of day`);
  }
  if (match[7]) return { kind: "utc", instant: instantOf(local, "UTC") };
  return { kind: "local", local, tzid: line.params.TZID?.[0] ?? null };
}

interface Context {
  timezone: string;
  definitions: ReadonlyMap<string, TimezoneDefinition>;
  /** What is left of the file's SEARCH_BUDGET. */
  searchBudget: { remaining: number };
  /** Each TZID resolved once per file (at its first use): a file may name one thousands of times. */
  zones: Map<string, string | null>;
  /** Throws once the file's time is up. */
  checkBudget: () => void;
}

function zoneOf(tzid: string, local: Temporal.PlainDateTime, context: Context, line: number): string {
  const name = tzid.trim();
  let zone = context.zones.get(name);
  if (zone === undefined) {
    context.checkBudget();
    zone = resolveTzid(name, context.definitions, instantOf(local, "UTC"), context.checkBudget);
    context.zones.set(name, zone);
  }
  if (!zone) {
    const definition = context.definitions.get(name);
    throw new Skip(
      `line ${line}: time zone "${tzid}" ${
        definition?.problem
          ? `(line ${definition.line}) ${definition.problem}`
          : definition
            ? "matches no known time zone"
            : "is not defined in the file and is not a known time zone"
      }`,
    );
  }
  return zone;
}

function instantOfTime(
  time: Exclude<IcsTime, { kind: "date" }>,
  context: Context,
  line: number,
): { instant: UnixSeconds; zone: string | null } {
  if (time.kind === "utc") return { instant: time.instant, zone: null };
  const zone = time.tzid ? zoneOf(time.tzid, time.local, context, line) : context.timezone;
  return { instant: instantOf(time.local, zone), zone };
}

/** The zone export.ts names beside a DTSTART it wrote in UTC; none when it is not a known zone. */
function startZoneOf(line: ContentLine): string | null {
  const name = line.params[START_ZONE_PARAM]?.[0];
  return name ? canonicalTimeZone(name) : null;
}

/** RFC 5545 3.3.6: "P1D", "PT1H30M", "-P1W". */
function parseDuration(value: string, line: number): { days: number; seconds: number } {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!match || value.trim() === "P" || value.trim().endsWith("T"))
    throw new Skip(`line ${line}: DURATION ${value.slice(0, 40)} is not a duration`);
  const sign = match[1] === "-" ? -1 : 1;
  const days = (Number(match[2] ?? 0) * 7 + Number(match[3] ?? 0)) * sign;
  const seconds = (Number(match[4] ?? 0) * 3600 + Number(match[5] ?? 0) * 60 + Number(match[6] ?? 0)) * sign;
  return { days, seconds };
}

function text(component: Component, name: string): string | null {
  const line = property(component, name);
  return line ? unescapeText(line.value) : null;
}

/** Details as the model takes them: cut to the limits (with a note), control characters dropped. */
function readDetails(component: Component, notes: string[]): EventDetails {
  const cut = (name: string, value: string | null, limit: number, oneLine: boolean): string | null => {
    if (value === null) return null;
    let clean = value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
    if (oneLine) clean = clean.replace(/[\n\t]+/g, " ");
    clean = clean.trim();
    if (clean.length > limit) {
      notes.push(`line ${property(component, name)!.line}: ${name} was cut to ${limit} characters`);
      clean = clean.slice(0, limit).trim();
    }
    return clean || null;
  };
  return {
    title: cut("SUMMARY", text(component, "SUMMARY"), LIMITS.title, true) ?? UNTITLED,
    privateTitle: null,
    notes: cut("DESCRIPTION", text(component, "DESCRIPTION"), LIMITS.notes, false),
    location: cut("LOCATION", text(component, "LOCATION"), LIMITS.location, true),
  };
}

// ---------------------------------------------------------------------------------------------------
// Events

type Timing =
  | { allDay: true; startDate: LocalDate; endDate: LocalDate }
  | { allDay: false; start: UnixSeconds; end: UnixSeconds; timezone: string };

function readTiming(component: Component, context: Context): Timing {
  const startLine = property(component, "DTSTART");
  if (!startLine) throw new Skip(`line ${component.line}: the event has no DTSTART`);
  const start = parseTime(startLine.value, startLine, "DTSTART");
  const endLine = property(component, "DTEND");
  const durationLine = property(component, "DURATION");
  const end = endLine ? parseTime(endLine.value, endLine, "DTEND") : null;
  const duration = !endLine && durationLine ? parseDuration(durationLine.value, durationLine.line) : null;

  if (start.kind === "date") {
    if (end && end.kind !== "date") throw new Skip(`line ${endLine!.line}: DTEND is a date-time but DTSTART is a date`);
    let endDate = end?.kind === "date" ? end.date : addDays(start.date, duration ? Math.max(1, duration.days) : 1);
    if (endDate < start.date) throw new Skip(`line ${endLine!.line}: DTEND is before DTSTART`);
    // Some apps write a one-day event with DTEND equal to DTSTART.
    if (endDate === start.date) endDate = addDays(start.date, 1);
    return { allDay: true, startDate: start.date, endDate };
  }
  if (end && end.kind === "date") throw new Skip(`line ${endLine!.line}: DTEND is a date but DTSTART is a date-time`);
  const { instant: startInstant, zone } = instantOfTime(start, context, startLine.line);
  // The recurrence follows the start's zone; a time given in UTC stays in UTC (as RFC 5545 reads it),
  // unless Happr's export named the zone beside it (a start in a repeated hour's second pass).
  const timezone = zone ?? startZoneOf(startLine) ?? "UTC";
  let endInstant = startInstant;
  if (end) endInstant = instantOfTime(end, context, endLine!.line).instant;
  else if (duration) {
    const local = Temporal.Instant.fromEpochMilliseconds(startInstant * 1000).toZonedDateTimeISO(timezone);
    endInstant = Math.floor(local.add({ days: duration.days }).epochMilliseconds / 1000) + duration.seconds;
  }
  if (endInstant < startInstant)
    throw new Skip(`line ${(endLine ?? durationLine)!.line}: the event ends before it starts`);
  return { allDay: false, start: startInstant, end: endInstant, timezone };
}

/** EXDATE or RECURRENCE-ID values -> occurrence keys of `series` (a date on a timed series: that day's occurrence). */
function keysOf(
  line: ContentLine,
  series: CalendarEvent,
  context: Context,
  what: string,
  keys: Array<UnixSeconds | LocalDate> = [],
): Array<UnixSeconds | LocalDate> {
  for (const value of splitList(line.value)) {
    if (!value.trim()) continue;
    context.checkBudget();
    if (keys.length >= LIMITS.exdates) throw new Skip(`line ${line.line}: more than ${LIMITS.exdates} removed dates`);
    const time = parseTime(value, line, what);
    if (series.allDay) {
      if (time.kind === "date") keys.push(time.date);
      else if (time.kind === "utc") keys.push(localDateOf(time.instant, "UTC"));
      else keys.push(time.local.toPlainDate().toString());
    } else if (time.kind === "date") {
      const from = startOfDay(time.date, series.timezone);
      keys.push(...seriesKeysBetween(series, from, startOfDay(addDays(time.date, 1), series.timezone) - 1));
    } else keys.push(instantOfTime(time, context, line.line).instant);
  }
  return keys;
}

function uidOf(component: Component): string | null {
  const uid = text(component, "UID")?.trim();
  return uid ? uid : null;
}

function titleOf(component: Component): string | null {
  const title = text(component, "SUMMARY");
  return title ? title.replace(/\s+/g, " ").trim().slice(0, 80) : null;
}

function reasonOf(error: unknown, line: number): string {
  if (error instanceof Skip) return error.message;
  // The report is read without the fields beside it: each reason names its field as the API does.
  if (isCalendarError(error)) return `line ${line}: ${answerMessage(error)}`;
  throw error;
}

interface Master {
  imported: ImportedEvent;
  component: Component;
}

function readMaster(component: Component, uid: string, context: Context, notes: string[]): CalendarEvent {
  if (component.malformedLine !== null)
    throw new Skip(`line ${component.malformedLine} is not an iCalendar line (NAME:value)`);
  if (text(component, "STATUS")?.trim().toUpperCase() === "CANCELLED")
    throw new Skip(`line ${component.line}: the event is cancelled`);
  const rrules = properties(component, "RRULE");
  if (rrules.length > 1) throw new Skip(`line ${rrules[1]!.line}: more than one RRULE`);
  const details = readDetails(component, notes);
  const timing = readTiming(component, context);
  let fields;
  try {
    fields = parseEventInput(
      { ...details, ...timing, rrule: rrules[0]?.value ?? null },
      { searchBudget: context.searchBudget },
    );
  } catch (error) {
    const field = isCalendarError(error) ? error.field : "";
    const line =
      field === "rrule"
        ? rrules[0]!.line
        : (property(component, field === "end" || field === "endDate" ? "DTEND" : "DTSTART")?.line ?? component.line);
    throw new Skip(reasonOf(error, line));
  }
  const event = newEvent(fields);
  for (const rdate of properties(component, "RDATE"))
    notes.push(`line ${rdate.line}: extra dates (RDATE) are not supported and were left out`);
  if (event.rrule) {
    // Kept as written: a date the series does not have removes nothing (checking each would cost a search).
    const exdates: Array<UnixSeconds | LocalDate> = [];
    for (const line of properties(component, "EXDATE")) keysOf(line, event, context, "EXDATE", exdates);
    event.exdates = exdates as never;
  }
  if (uid.startsWith("derived:"))
    notes.push(
      `line ${component.line}: the event has no UID; it is matched on its start and title when imported again`,
    );
  return event;
}

function applyOverride(master: Master, component: Component, context: Context): void {
  const line = property(component, "RECURRENCE-ID")!;
  if (line.params.RANGE?.[0]?.toUpperCase() === "THISANDFUTURE") {
    throw new Skip(
      `line ${line.line}: a change to this and following occurrences (RANGE=THISANDFUTURE) is not supported`,
    );
  }
  if (component.malformedLine !== null)
    throw new Skip(`line ${component.malformedLine} is not an iCalendar line (NAME:value)`);
  const series = master.imported.event;
  if (series.overrides.length >= LIMITS.overrides)
    throw new Skip(
      `line ${line.line}: more than ${LIMITS.overrides} changed occurrences of the event on line ${master.component.line}`,
    );
  const keys = keysOf(line, series, context, "RECURRENCE-ID");
  const key = keys[0];
  if (keys.length !== 1 || key === undefined || !isSeriesOccurrence(series, key)) {
    throw new Skip(
      `line ${line.line}: RECURRENCE-ID names no occurrence of the event on line ${master.component.line}`,
    );
  }
  const known =
    (series.overrides as Array<{ recurrenceId: unknown }>).some((item) => item.recurrenceId === key) ||
    (series.exdates as unknown[]).includes(key);
  if (known) throw new Skip(`line ${line.line}: a second change to the same occurrence`);
  if (text(component, "STATUS")?.trim().toUpperCase() === "CANCELLED") {
    (series.exdates as Array<UnixSeconds | LocalDate>).push(key);
    return;
  }
  const details = readDetails(component, master.imported.notes);
  const timing = property(component, "DTSTART") ? readTiming(component, context) : null;
  if (series.allDay) {
    if (timing && !timing.allDay)
      throw new Skip(`line ${component.line}: one occurrence of an all-day event cannot be timed`);
    const length = daysBetween(series.startDate, series.endDate);
    const override: AllDayOverride = {
      recurrenceId: String(key),
      startDate: timing?.allDay ? timing.startDate : String(key),
      endDate: timing?.allDay ? timing.endDate : addDays(String(key), length),
      details,
    };
    series.overrides.push(override);
  } else {
    if (timing?.allDay) throw new Skip(`line ${component.line}: one occurrence of a timed event cannot be all-day`);
    const override: TimedOverride = {
      recurrenceId: Number(key),
      start: timing && !timing.allDay ? timing.start : Number(key),
      end: timing && !timing.allDay ? timing.end : Number(key) + series.end - series.start,
      details,
    };
    series.overrides.push(override);
  }
}

/** A VTIMEZONE observance's local DTSTART or RDATE: any year (Outlook starts its rules in 1601). */
function observanceTime(value: string): Temporal.PlainDateTime | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(value.trim());
  if (!match) return null;
  try {
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return Temporal.PlainDateTime.from({ year, month, day, hour, minute, second }, { overflow: "reject" });
  } catch {
    return null;
  }
}

function readDefinition(component: Component): TimezoneDefinition | null {
  const tzid = text(component, "TZID")?.trim();
  if (!tzid) return null;
  const observances: Observance[] = [];
  let onsets = 0;
  let problem: string | undefined;
  for (const child of component.children) {
    if (child.name !== "STANDARD" && child.name !== "DAYLIGHT") continue;
    const start = observanceTime(property(child, "DTSTART")?.value ?? "");
    const from = parseUtcOffset(property(child, "TZOFFSETFROM")?.value ?? "");
    const to = parseUtcOffset(property(child, "TZOFFSETTO")?.value ?? "");
    if (!start || from === null || to === null) continue;
    const rdateValues = properties(child, "RDATE").flatMap((line) => splitList(line.value));
    onsets += 1 + rdateValues.length;
    if (onsets > MAX_OBSERVANCES) {
      problem = `has more than ${MAX_OBSERVANCES} observances`;
      break;
    }
    const rdates = rdateValues.flatMap((value) => observanceTime(value) ?? []);
    const rruleLine = property(child, "RRULE");
    // Checked like an event's rule: only what a time zone's rule can be is read (timezones.ts).
    const rule = rruleLine ? readObservanceRule(rruleLine.value) : null;
    if (typeof rule === "string") {
      problem = `has an observance rule on line ${rruleLine!.line} that ${rule}`;
      break;
    }
    observances.push({
      kind: child.name,
      start,
      offsetFrom: from,
      offsetTo: to,
      rrule: rruleLine?.value ?? null,
      rdates,
    });
  }
  if (problem) return { tzid, line: component.line, observances: [], problem };
  return observances.length > 0 ? { tzid, line: component.line, observances } : null;
}

const OTHER_COMPONENTS: Record<string, string> = {
  VTODO: "a to-do (VTODO), not an event",
  VJOURNAL: "a journal entry (VJOURNAL), not an event",
  VFREEBUSY: "free/busy time (VFREEBUSY), not an event",
  VAVAILABILITY: "availability (VAVAILABILITY), not an event",
};

/** A UID for an event without one, stable across exports of the same event. */
function derivedUid(component: Component): string {
  const key = ["DTSTART", "DTEND", "SUMMARY", "RRULE"]
    .map((name) => property(component, name)?.value ?? "")
    .join("\u0000");
  return `derived:${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
}

/**
 * Reads an .ics file (text or bytes, at most MAX_ICS_BYTES). Throws a CalendarError on "file" when
 * the file is refused whole; otherwise every VEVENT is either in `events` or in `skipped` with its
 * reason and line.
 */
export function parseICalendar(input: string | Uint8Array, options: ImportOptions): ImportReport {
  const timezone = checkTimeZone(options.timezone, "timezone");
  const started = performance.now();
  const budgetMs = options.budgetMs ?? Number.POSITIVE_INFINITY;
  const named = options.fileName ? `"${options.fileName.slice(0, 100)}"` : "the file";
  const checkBudget = () => {
    if (performance.now() - started > budgetMs)
      throw refuse(`${named} asks for more work than an import may do (over ${(budgetMs / 1000).toFixed(1)} s)`);
  };
  const roots = readStructure(decode(input));
  const report: ImportReport = { calendarName: null, events: [], skipped: [] };
  const masters = new Map<string, Master>();
  const searchBudget = { remaining: SEARCH_BUDGET };
  const overrides: Array<{ uid: string; component: Component }> = [];
  const skippedUids = new Set<string>();
  const skip = (component: Component, uid: string | null, reason: string) => {
    report.skipped.push({ line: component.line, uid, title: titleOf(component), reason });
    if (uid !== null) skippedUids.add(uid);
  };
  const zones = new Map<string, string | null>();

  for (const calendar of roots) {
    report.calendarName ??= text(calendar, "X-WR-CALNAME")?.trim() || null;
    const definitions = new Map<string, TimezoneDefinition>();
    for (const child of calendar.children) {
      if (child.name !== "VTIMEZONE") continue;
      if (definitions.size >= MAX_TIMEZONES)
        throw refuse(`line ${child.line}: more than ${MAX_TIMEZONES} time zones (VTIMEZONE) in one file`);
      const definition = readDefinition(child);
      if (definition) definitions.set(definition.tzid, definition);
    }
    // A TZID means what this calendar's definitions say (a file may hold several calendars).
    zones.clear();
    const context: Context = { timezone, definitions, searchBudget, zones, checkBudget };
    for (const child of calendar.children) {
      if (child.name === "VTIMEZONE") continue;
      checkBudget();
      if (child.name !== "VEVENT") {
        skip(
          child,
          uidOf(child),
          `line ${child.line}: ${OTHER_COMPONENTS[child.name] ?? `${child.name} is not an event`}`,
        );
        continue;
      }
      const uid = uidOf(child) ?? derivedUid(child);
      if (uid.length > MAX_UID_LENGTH) {
        skip(child, null, `line ${property(child, "UID")!.line}: the UID is longer than ${MAX_UID_LENGTH} characters`);
        continue;
      }
      if (property(child, "RECURRENCE-ID")) {
        overrides.push({ uid, component: child });
        continue;
      }
      const earlier = masters.get(uid);
      if (earlier) {
        skip(
          child,
          uid,
          `line ${child.line}: a second event with the UID of the one on line ${earlier.component.line}`,
        );
        continue;
      }
      if (masters.size >= MAX_IMPORT_EVENTS) {
        skip(child, uid, `line ${child.line}: an import takes at most ${MAX_IMPORT_EVENTS} events`);
        continue;
      }
      const notes: string[] = [];
      try {
        const event = readMaster(child, uid, context, notes);
        const isPrivate = ["PRIVATE", "CONFIDENTIAL"].includes(text(child, "CLASS")?.trim().toUpperCase() ?? "");
        masters.set(uid, { imported: { uid, event, line: child.line, private: isPrivate, notes }, component: child });
      } catch (error) {
        skip(child, uid, reasonOf(error, child.line));
      }
    }
    // Changed occurrences, once their series are known (they may come before them in the file).
    for (const { uid, component } of overrides.splice(0)) {
      const master = masters.get(uid);
      checkBudget();
      try {
        if (master) {
          if (!master.imported.event.rrule)
            throw new Skip(
              `line ${component.line}: changes an occurrence of an event that does not repeat (line ${master.component.line})`,
            );
          applyOverride(master, component, context);
          continue;
        }
        if (skippedUids.has(uid)) throw new Skip(`line ${component.line}: its recurring event was skipped`);
        // Counted with every other event: the cap holds whatever kind of event fills the file.
        if (masters.size >= MAX_IMPORT_EVENTS)
          throw new Skip(`line ${component.line}: an import takes at most ${MAX_IMPORT_EVENTS} events`);
        // An occurrence whose series is not in the file (an invitation to one date): an event of its own.
        const notes = [
          `line ${component.line}: one occurrence of a recurring event that is not in the file; imported on its own`,
        ];
        const standalone = readMaster(
          { ...component, properties: component.properties.filter((line) => line.name !== "RRULE") },
          uid,
          context,
          notes,
        );
        const key = `${uid}#${property(component, "RECURRENCE-ID")!.value.trim()}`;
        masters.set(key, {
          imported: { uid: key, event: standalone, line: component.line, private: false, notes },
          component,
        });
      } catch (error) {
        skip(component, uid, reasonOf(error, component.line));
      }
    }
  }

  for (const { imported, component } of masters.values()) {
    checkBudget();
    try {
      report.events.push({ ...imported, event: checkCalendarEvent(imported.event) });
    } catch (error) {
      skip(component, imported.uid, reasonOf(error, component.line));
    }
  }
  report.events.sort((a, b) => a.line - b.line);
  report.skipped.sort((a, b) => a.line - b.line);
  return report;
}
