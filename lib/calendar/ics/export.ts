import type { CalendarEvent, EventDetails } from "../event";
import { type UnixSeconds, instantOf, localDateTimeOf } from "../../time";
import { contentLine, escapeText } from "./content-lines";
import { vtimezoneLines } from "./timezones";
import { hasCodeWord, listTitle } from "../../display";

/**
 * Events -> an iCalendar file (RFC 5545) for the private feed and the one-off download. The caller
 * passes only the events the viewer may see, with the details as the viewer may see them. Recurring
 * events stay one VEVENT with their RRULE (not expanded), timed ones with a TZID and its VTIMEZONE so a
 * subscribing app keeps the local time across summer time; all-day events are VALUE=DATE. Changed
 * occurrences are VEVENTs with RECURRENCE-ID. "Neutral titles": every event is "Busy", with no notes
 * or location.
 */

export const NEUTRAL_TITLE = "Busy";
const PRODUCT_ID = "-//Happr//Calendar//EN";

export interface FeedEvent {
  /** Globally unique and stable (e.g. "<event id>@<site host>"): subscribing apps key on it. */
  uid: string;
  event: CalendarEvent;
  /** When the event last changed (LAST-MODIFIED). */
  updatedAt?: UnixSeconds | null;
}

export interface FeedOptions {
  /** X-WR-CALNAME: the calendar's name in the subscribing app. */
  name: string;
  neutralTitles: boolean;
  /** DTSTAMP: when this file was made. */
  now: UnixSeconds;
}

function utcStamp(instant: UnixSeconds): string {
  return new Date(instant * 1000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function localStamp(instant: UnixSeconds, zone: string): string {
  return localDateTimeOf(instant, zone).toString({ smallestUnit: "second" }).replace(/[-:]/g, "");
}

const dateValue = (date: string) => date.replace(/-/g, "");

/** Local times with TZID, or UTC for a UTC series. */
function timedLine(name: string, instants: UnixSeconds[], zone: string): string {
  if (zone === "UTC") return contentLine(name, instants.map(utcStamp).join(","));
  return contentLine(name, instants.map((instant) => localStamp(instant, zone)).join(","), { TZID: zone });
}

/**
 * A local time that reads back as another instant: one in the second pass of a repeated hour (01:30 EST,
 * an hour after 01:30 EDT on the night clocks go back). RFC 5545 reads a repeated local time as its
 * first pass, so such a time is written in UTC.
 */
function inSecondPass(instant: UnixSeconds, zone: string): boolean {
  return zone !== "UTC" && instantOf(localDateTimeOf(instant, zone), zone) !== instant;
}

/**
 * Beside a DTSTART written in UTC for being in a repeated hour's second pass: the zone its series
 * follows, which a UTC start would otherwise lose. Happr's import reads it; other apps ignore an
 * X- parameter (RFC 5545 3.2) and read the right instant.
 */
export const START_ZONE_PARAM = "X-HAPPR-TZID";

/** DTSTART of a timed event or moved occurrence. */
function timedStartLine(instant: UnixSeconds, zone: string): string {
  if (inSecondPass(instant, zone)) return contentLine("DTSTART", utcStamp(instant), { [START_ZONE_PARAM]: zone });
  return timedLine("DTSTART", [instant], zone);
}

/**
 * EXDATE or RECURRENCE-ID of a timed series: local times with TZID, and those in a repeated hour's second
 * pass on a line of their own in UTC (one line holds one TZID), so each names the occurrence it removes
 * or moves and not the first pass's instant, which no occurrence has.
 */
function occurrenceLines(name: string, instants: UnixSeconds[], zone: string): string[] {
  const secondPass = instants.filter((instant) => inSecondPass(instant, zone));
  const local = instants.filter((instant) => !inSecondPass(instant, zone));
  return [
    ...(local.length ? [timedLine(name, local, zone)] : []),
    ...(secondPass.length ? [contentLine(name, secondPass.map(utcStamp).join(","))] : []),
  ];
}

/** DTEND of a timed event: in UTC in a repeated hour's second pass (else it could read as before the start). */
function timedEndLine(instant: UnixSeconds, zone: string): string {
  if (inSecondPass(instant, zone)) return contentLine("DTEND", utcStamp(instant));
  return timedLine("DTEND", [instant], zone);
}

function dateLine(name: string, dates: string[]): string {
  return contentLine(name, dates.map(dateValue).join(","), { VALUE: "DATE" });
}

function uidLine(uid: string): string {
  if (!uid || uid.length > 500 || /[\u0000-\u001f\u007f]/.test(uid))
    throw new RangeError("A feed event needs a UID of one line, at most 500 characters");
  return contentLine("UID", escapeText(uid));
}

/**
 * SUMMARY is the list title (lib/display.ts): a file leaves Happr for other apps and
 * devices, so an event with a code word is written with the code word alone, without its notes or
 * place, which could say what the code word hides.
 */
function detailLines(details: EventDetails, neutral: boolean): string[] {
  if (neutral) return [contentLine("SUMMARY", NEUTRAL_TITLE)];
  const lines = [contentLine("SUMMARY", escapeText(listTitle(details)))];
  if (hasCodeWord(details)) return lines;
  if (details.notes) lines.push(contentLine("DESCRIPTION", escapeText(details.notes)));
  if (details.location) lines.push(contentLine("LOCATION", escapeText(details.location)));
  return lines;
}

function eventLines(item: FeedEvent, options: FeedOptions): string[] {
  const { event } = item;
  const common = [uidLine(item.uid), `DTSTAMP:${utcStamp(options.now)}`];
  if (item.updatedAt != null) common.push(`LAST-MODIFIED:${utcStamp(item.updatedAt)}`);
  const master = ["BEGIN:VEVENT", ...common];
  if (event.allDay) {
    master.push(dateLine("DTSTART", [event.startDate]), dateLine("DTEND", [event.endDate]));
    if (event.rrule) master.push(contentLine("RRULE", event.rrule));
    if (event.exdates.length) master.push(dateLine("EXDATE", event.exdates));
  } else {
    master.push(timedStartLine(event.start, event.timezone), timedEndLine(event.end, event.timezone));
    if (event.rrule) master.push(contentLine("RRULE", event.rrule));
    master.push(...occurrenceLines("EXDATE", event.exdates, event.timezone));
  }
  master.push(...detailLines(event.details, options.neutralTitles), "END:VEVENT");

  const changed = event.allDay
    ? event.overrides.map((override) => [
        "BEGIN:VEVENT",
        ...common,
        dateLine("RECURRENCE-ID", [override.recurrenceId]),
        dateLine("DTSTART", [override.startDate]),
        dateLine("DTEND", [override.endDate]),
        ...detailLines({ ...event.details, ...override.details }, options.neutralTitles),
        "END:VEVENT",
      ])
    : event.overrides.map((override) => [
        "BEGIN:VEVENT",
        ...common,
        ...occurrenceLines("RECURRENCE-ID", [override.recurrenceId], event.timezone),
        timedStartLine(override.start, event.timezone),
        timedEndLine(override.end, event.timezone),
        ...detailLines({ ...event.details, ...override.details }, options.neutralTitles),
        "END:VEVENT",
      ]);
  return [...master, ...changed.flat()];
}

/** The years a zone's VTIMEZONE must cover for these events (from the year before the first). */
function zoneYears(events: FeedEvent[], now: UnixSeconds): Map<string, { from: number; to: number }> {
  const years = new Map<string, { from: number; to: number }>();
  const nowYear = new Date(now * 1000).getUTCFullYear();
  for (const { event } of events) {
    if (event.allDay || event.timezone === "UTC") continue;
    const instants = [event.start, event.end, ...event.overrides.flatMap((override) => [override.start, override.end])];
    const first = new Date(Math.min(...instants) * 1000).getUTCFullYear() - 1;
    const last = Math.max(new Date(Math.max(...instants) * 1000).getUTCFullYear(), nowYear + 1);
    const known = years.get(event.timezone);
    years.set(event.timezone, { from: Math.min(first, known?.from ?? first), to: Math.max(last, known?.to ?? last) });
  }
  return years;
}

/** The whole file, CRLF line endings, lines folded at 75 octets. */
export function writeICalendar(events: FeedEvent[], options: FeedOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    contentLine("X-WR-CALNAME", escapeText(options.name)),
  ];
  for (const [zone, { from, to }] of zoneYears(events, options.now)) {
    // A very old first event (an imported series from decades ago) does not need every year since.
    lines.push(...vtimezoneLines(zone, Math.max(from, to - 60), to));
  }
  for (const item of events) lines.push(...eventLines(item, options));
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}
