import { RRuleTemporal } from "rrule-temporal";
import { Temporal } from "temporal-polyfill";
import { canonicalTimeZone } from "../time";
import { contentLine } from "./content-lines";

/**
 * Time zones in iCalendar files. Reading: a TZID is an IANA name (Google, Apple), an IANA name behind
 * a prefix ("/mozilla.org/20050126_1/Europe/London"), a Windows name (Outlook: "GMT Standard Time"),
 * or anything else with its VTIMEZONE definition beside it; the last is matched against the IANA
 * zones by the offsets it gives over the event's year, so the recurrence follows real rules again.
 * Writing: a VTIMEZONE for each IANA zone a feed uses, with yearly rules where the zone follows one
 * (so a subscribing app that reads VTIMEZONE, as Outlook does, keeps the local time).
 */

/** Outlook's names for the zones families are most likely in (CLDR windowsZones, territory 001). */
const WINDOWS_ZONES: Record<string, string> = {
  "Dateline Standard Time": "Etc/GMT+12",
  "Hawaiian Standard Time": "Pacific/Honolulu",
  "Alaskan Standard Time": "America/Anchorage",
  "Pacific Standard Time": "America/Los_Angeles",
  "US Mountain Standard Time": "America/Phoenix",
  "Mountain Standard Time": "America/Denver",
  "Central Standard Time": "America/Chicago",
  "Canada Central Standard Time": "America/Regina",
  "Central America Standard Time": "America/Guatemala",
  "Eastern Standard Time": "America/New_York",
  "Atlantic Standard Time": "America/Halifax",
  "Newfoundland Standard Time": "America/St_Johns",
  "E. South America Standard Time": "America/Sao_Paulo",
  "Argentina Standard Time": "America/Buenos_Aires",
  "Pacific SA Standard Time": "America/Santiago",
  "SA Pacific Standard Time": "America/Bogota",
  "Central Standard Time (Mexico)": "America/Mexico_City",
  UTC: "UTC",
  "GMT Standard Time": "Europe/London",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "W. Europe Standard Time": "Europe/Berlin",
  "Romance Standard Time": "Europe/Paris",
  "Central Europe Standard Time": "Europe/Budapest",
  "Central European Standard Time": "Europe/Warsaw",
  "E. Europe Standard Time": "Europe/Chisinau",
  "FLE Standard Time": "Europe/Kyiv",
  "GTB Standard Time": "Europe/Bucharest",
  "Russian Standard Time": "Europe/Moscow",
  "Turkey Standard Time": "Europe/Istanbul",
  "Israel Standard Time": "Asia/Jerusalem",
  "South Africa Standard Time": "Africa/Johannesburg",
  "Egypt Standard Time": "Africa/Cairo",
  "W. Central Africa Standard Time": "Africa/Lagos",
  "E. Africa Standard Time": "Africa/Nairobi",
  "Arabian Standard Time": "Asia/Dubai",
  "Arab Standard Time": "Asia/Riyadh",
  "Pakistan Standard Time": "Asia/Karachi",
  "India Standard Time": "Asia/Kolkata",
  "Bangladesh Standard Time": "Asia/Dhaka",
  "SE Asia Standard Time": "Asia/Bangkok",
  "China Standard Time": "Asia/Shanghai",
  "Singapore Standard Time": "Asia/Singapore",
  "W. Australia Standard Time": "Australia/Perth",
  "Taipei Standard Time": "Asia/Taipei",
  "Tokyo Standard Time": "Asia/Tokyo",
  "Korea Standard Time": "Asia/Seoul",
  "Cen. Australia Standard Time": "Australia/Adelaide",
  "AUS Central Standard Time": "Australia/Darwin",
  "E. Australia Standard Time": "Australia/Brisbane",
  "AUS Eastern Standard Time": "Australia/Sydney",
  "Tasmania Standard Time": "Australia/Hobart",
  "New Zealand Standard Time": "Pacific/Auckland",
  "Tonga Standard Time": "Pacific/Tongatapu",
};

export interface Observance {
  kind: "STANDARD" | "DAYLIGHT";
  /** The local wall time the observance starts (its DTSTART). */
  start: Temporal.PlainDateTime;
  offsetFrom: number;
  offsetTo: number;
  rrule: string | null;
  rdates: Temporal.PlainDateTime[];
}

export interface TimezoneDefinition {
  tzid: string;
  line: number;
  observances: Observance[];
}

/** "+0100", "-0530", "+013045" -> seconds. */
export function parseUtcOffset(value: string): number | null {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === "-" ? -seconds : seconds;
}

function formatUtcOffset(seconds: number): string {
  const sign = seconds < 0 ? "-" : "+";
  const absolute = Math.abs(seconds);
  const pad = (value: number) => String(value).padStart(2, "0");
  const rest = absolute % 60 ? pad(absolute % 60) : "";
  return `${sign}${pad(Math.floor(absolute / 3600))}${pad(Math.floor((absolute % 3600) / 60))}${rest}`;
}

/** Onsets of an observance in [from, to) as instants (Unix seconds). */
function onsets(observance: Observance, from: number, to: number): number[] {
  const toInstant = (local: Temporal.PlainDateTime) =>
    Math.floor(local.toZonedDateTime("UTC").epochMilliseconds / 1000) - observance.offsetFrom;
  const result = [observance.start, ...observance.rdates].map(toInstant);
  if (observance.rrule) {
    try {
      const rule = new RRuleTemporal({
        rruleString: observance.rrule,
        dtstart: observance.start.toZonedDateTime("UTC"),
        cache: false,
        maxIterations: 3000,
      });
      // Local onsets shifted by the offset in force before them; widened by a day on each side.
      for (const date of rule.between(new Date((from - 86_400) * 1000), new Date((to + 86_400) * 1000), true)) {
        result.push(Math.floor(date.epochMilliseconds / 1000) - observance.offsetFrom);
      }
    } catch {
      // An observance rule the library cannot read: its DTSTART and RDATEs still count.
    }
  }
  return result.filter((onset) => onset < to);
}

/** The UTC offset (seconds) a definition gives at an instant. */
export function definitionOffsetAt(
  definition: TimezoneDefinition,
  instant: number,
  cache = new Map<Observance, number[]>(),
): number | null {
  let best: { onset: number; offset: number } | null = null;
  for (const observance of definition.observances) {
    let list = cache.get(observance);
    if (!list) {
      list = onsets(observance, instant - 3 * 366 * 86_400, instant + 3 * 366 * 86_400);
      cache.set(observance, list);
    }
    for (const onset of list) {
      if (onset <= instant && (!best || onset > best.onset)) best = { onset, offset: observance.offsetTo };
    }
  }
  if (best) return best.offset;
  const standard =
    definition.observances.find((observance) => observance.kind === "STANDARD") ?? definition.observances[0];
  return standard ? standard.offsetFrom : null;
}

function zoneOffsetAt(zone: string, instant: number): number {
  return Temporal.Instant.fromEpochMilliseconds(instant * 1000).toZonedDateTimeISO(zone).offsetNanoseconds / 1e9;
}

let allZones: string[] | null = null;

/** The IANA zone whose offsets equal the definition's over the year around `instant`, or null. */
function matchDefinition(definition: TimezoneDefinition, instant: number): string | null {
  const year = Temporal.Instant.fromEpochMilliseconds(instant * 1000).toZonedDateTimeISO("UTC").year;
  const samples: number[] = [];
  for (let month = 1; month <= 12; month++) {
    for (const day of [1, 8, 15, 22]) samples.push(Date.UTC(year, month - 1, day, 12) / 1000);
  }
  const cache = new Map<Observance, number[]>();
  const wanted = samples.map((sample) => definitionOffsetAt(definition, sample, cache));
  if (wanted.some((offset) => offset === null)) return null;
  const fits = (zone: string) => samples.every((sample, index) => zoneOffsetAt(zone, sample) === wanted[index]);
  // Prefer a zone the name mentions ("(UTC+01:00) Amsterdam, Berlin" -> Europe/Amsterdam).
  const words = new Set(
    definition.tzid
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length >= 3),
  );
  allZones ??= Intl.supportedValuesOf("timeZone");
  const named = allZones.filter((zone) =>
    words.has(zone.split("/").pop()!.toLowerCase().replace(/_/g, " ").split(" ")[0]!),
  );
  // Then the main zone of a Windows zone (Europe/Berlin rather than Africa/Ceuta for Central European
  // rules); only then every zone (each zone's first use costs a formatter: keep the scan short).
  const main = [...new Set(Object.values(WINDOWS_ZONES))];
  for (const candidates of [named, main, allZones]) {
    const match = candidates.find(fits);
    if (match) return match;
  }
  return null;
}

/**
 * The IANA zone for a TZID, or null when neither its name nor its definition leads to one.
 * `instant` is a time the zone is used at (the event's start): a definition is matched around it.
 */
export function resolveTzid(
  tzid: string,
  definitions: ReadonlyMap<string, TimezoneDefinition>,
  instant: number,
): string | null {
  const name = tzid.trim();
  const direct = canonicalTimeZone(name);
  if (direct) return direct;
  const windows = WINDOWS_ZONES[name];
  if (windows) return canonicalTimeZone(windows);
  // "/mozilla.org/20050126_1/Europe/London", "/freeassociation.sourceforge.net/Tzfile/America/New_York".
  const segments = name.split("/").filter(Boolean);
  for (let index = 0; index < segments.length - 1; index++) {
    const zone = canonicalTimeZone(segments.slice(index).join("/"));
    if (zone) return zone;
  }
  const definition = definitions.get(name);
  return definition ? matchDefinition(definition, instant) : null;
}

// ---------------------------------------------------------------------------------------------------
// Writing

interface Transition {
  instant: number;
  offsetFrom: number;
  offsetTo: number;
  /** Local wall time before the change. */
  local: Temporal.PlainDateTime;
}

function transitions(zone: string, fromYear: number, toYear: number): Transition[] {
  const result: Transition[] = [];
  let cursor = Temporal.PlainDate.from({ year: fromYear, month: 1, day: 1 }).toZonedDateTime(zone);
  const end = Temporal.PlainDate.from({ year: toYear + 1, month: 1, day: 1 }).toZonedDateTime(zone);
  for (let guard = 0; guard < 4 * (toYear - fromYear + 1) + 4; guard++) {
    const next = cursor.getTimeZoneTransition("next");
    if (!next || Temporal.ZonedDateTime.compare(next, end) >= 0) break;
    const offsetTo = next.offsetNanoseconds / 1e9;
    const offsetFrom = next.subtract({ nanoseconds: 1 }).offsetNanoseconds / 1e9;
    const instant = Math.floor(next.epochMilliseconds / 1000);
    if (offsetTo !== offsetFrom) {
      result.push({
        instant,
        offsetFrom,
        offsetTo,
        local: Temporal.Instant.fromEpochMilliseconds((instant + offsetFrom) * 1000)
          .toZonedDateTimeISO("UTC")
          .toPlainDateTime(),
      });
    }
    cursor = next;
  }
  return result;
}

const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

function compact(local: Temporal.PlainDateTime): string {
  const pad = (value: number, size = 2) => String(value).padStart(size, "0");
  return `${pad(local.year, 4)}${pad(local.month)}${pad(local.day)}T${pad(local.hour)}${pad(local.minute)}${pad(local.second)}`;
}

/** "Last Sunday of March at 01:00": the yearly rule a transition follows, if it is a weekday rule. */
function yearlyRule(local: Temporal.PlainDateTime): string {
  const last = local.day + 7 > local.daysInMonth;
  const nth = last ? -1 : Math.ceil(local.day / 7);
  return `${local.month}|${nth}${WEEKDAY_CODES[local.dayOfWeek - 1]}|${local.hour}:${local.minute}:${local.second}`;
}

/**
 * VTIMEZONE lines for an IANA zone, covering fromYear..toYear: one STANDARD or DAYLIGHT per run of
 * transitions that follow the same yearly rule (open-ended when the run reaches toYear, as the rule
 * goes on), single ones as they are, and a fixed offset for zones without changes.
 */
export function vtimezoneLines(zone: string, fromYear: number, toYear: number): string[] {
  const lines = ["BEGIN:VTIMEZONE", contentLine("TZID", zone)];
  const changes = transitions(zone, fromYear, toYear);
  if (changes.length === 0) {
    const offset = formatUtcOffset(zoneOffsetAt(zone, Date.UTC(fromYear, 0, 1) / 1000));
    lines.push(
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      "END:STANDARD",
      "END:VTIMEZONE",
    );
    return lines;
  }
  const runs: Transition[][] = [];
  for (const change of changes) {
    const run = runs.find((candidate) => {
      const previous = candidate[candidate.length - 1]!;
      return (
        previous.offsetFrom === change.offsetFrom &&
        previous.offsetTo === change.offsetTo &&
        previous.local.year + 1 === change.local.year &&
        yearlyRule(previous.local) === yearlyRule(change.local)
      );
    });
    if (run) run.push(change);
    else runs.push([change]);
  }
  for (const run of runs) {
    const first = run[0]!;
    const last = run[run.length - 1]!;
    const kind = first.offsetTo > first.offsetFrom ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${compact(first.local)}`,
      `TZOFFSETFROM:${formatUtcOffset(first.offsetFrom)}`,
      `TZOFFSETTO:${formatUtcOffset(first.offsetTo)}`,
    );
    if (run.length > 1 || last.local.year === toYear) {
      const [month, byDay] = yearlyRule(first.local).split("|");
      const until =
        last.local.year >= toYear
          ? ""
          : `;UNTIL=${compact(
              Temporal.Instant.fromEpochMilliseconds(last.instant * 1000)
                .toZonedDateTimeISO("UTC")
                .toPlainDateTime(),
            )}Z`;
      lines.push(`RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${byDay}${until}`);
    }
    lines.push(`END:${kind}`);
  }
  lines.push("END:VTIMEZONE");
  return lines;
}
