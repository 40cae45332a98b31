import { LRUCache } from "lru-cache";
import { Temporal } from "temporal-polyfill";
import { canonicalTimeZone } from "../../time";
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
  /** Why the definition cannot be used (an observance rule no zone has, too many observances). */
  problem?: string;
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

/**
 * An observance rule as zones write them: yearly, in one month, on one day given as a weekday of the
 * month ("-1SU", last Sunday), a weekday on or after a day ("SU" with BYMONTHDAY=8..14) or a day of the
 * month. Read here and evaluated year by year, never walked from its DTSTART (Outlook's is 1601), so a
 * definition costs the same whatever it says.
 */
export interface ObservanceRule {
  month: number | null;
  /** 1 (Monday) .. 7 (Sunday). */
  weekday: number | null;
  /** 1..5 or -1..-5: the nth (from the end) weekday of the month. */
  nth: number | null;
  monthDays: number[];
  /** The last local onset, as a UTC instant; null: open-ended. */
  until: number | null;
  count: number | null;
}

const RULE_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/** An observance's RRULE, or a plain reason it is not one a time zone has. */
export function readObservanceRule(text: string): ObservanceRule | string {
  const rule: ObservanceRule = { month: null, weekday: null, nth: null, monthDays: [], until: null, count: null };
  const parts = new Map<string, string>();
  for (const part of text.trim().split(";")) {
    const [name, value] = part.split("=") as [string, string | undefined];
    if (!value || parts.has(name.toUpperCase())) return `is not a rule ("${text.slice(0, 60)}")`;
    parts.set(name.toUpperCase(), value.trim().toUpperCase());
  }
  if (parts.get("FREQ") !== "YEARLY")
    return "repeats more often than yearly (a time zone changes its offset at most a few times a year)";
  for (const [name, value] of parts) {
    if (name === "FREQ" || name === "WKST") continue;
    if (name === "INTERVAL") {
      if (value !== "1") return "repeats every few years";
    } else if (name === "BYMONTH") {
      if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 12) return "names more than one month";
      rule.month = Number(value);
    } else if (name === "BYDAY") {
      const match = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/.exec(value);
      if (!match) return "names more than one day";
      rule.weekday = RULE_WEEKDAYS.indexOf(match[2]!) + 1;
      rule.nth = match[1] ? Number(match[1]) : null;
    } else if (name === "BYMONTHDAY") {
      const days = value.split(",").map(Number);
      if (days.length > 7 || days.some((day) => !Number.isInteger(day) || day < 1 || day > 31))
        return "names more than a week of days";
      rule.monthDays = days;
    } else if (name === "UNTIL") {
      const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
      if (!match) return "has an UNTIL that is not a date";
      const [year, month, day, hour, minute, second] = match.slice(1).map((item) => Number(item ?? 0));
      rule.until = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) / 1000;
    } else if (name === "COUNT") {
      if (!/^\d{1,4}$/.test(value)) return "has a COUNT that is not a number";
      rule.count = Number(value);
    } else return `uses ${name}, which time zones do not`;
  }
  return rule;
}

/** The rule's local onset in `year`, or null when it gives none that year. */
function ruleOnset(rule: ObservanceRule, start: Temporal.PlainDateTime, year: number): Temporal.PlainDateTime | null {
  if (year < start.year || (rule.count !== null && year - start.year >= rule.count)) return null;
  const month = rule.month ?? start.month;
  const first = Temporal.PlainDate.from({ year, month, day: 1 });
  let day: number | null = null;
  if (rule.weekday !== null && rule.nth !== null) {
    const firstWeekday = ((rule.weekday - first.dayOfWeek + 7) % 7) + 1;
    if (rule.nth > 0) day = firstWeekday + 7 * (rule.nth - 1);
    else {
      const last = first.daysInMonth;
      const lastWeekday =
        last - ((Temporal.PlainDate.from({ year, month, day: last }).dayOfWeek - rule.weekday + 7) % 7);
      day = lastWeekday + 7 * (rule.nth + 1);
    }
  } else if (rule.weekday !== null) {
    const days = rule.monthDays.length > 0 ? rule.monthDays : Array.from({ length: 31 }, (_, index) => index + 1);
    day =
      days.find(
        (candidate) => candidate <= first.daysInMonth && first.with({ day: candidate }).dayOfWeek === rule.weekday,
      ) ?? null;
  } else {
    day = rule.monthDays[0] ?? start.day;
  }
  if (day === null || day < 1 || day > first.daysInMonth) return null;
  return Temporal.PlainDateTime.from({
    year,
    month,
    day,
    hour: start.hour,
    minute: start.minute,
    second: start.second,
  });
}

const utcSeconds = (local: Temporal.PlainDateTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) / 1000;

/** What a definition is read into once: its fixed onsets sorted, and its yearly rules. */
interface Compiled {
  fixed: Array<{ onset: number; offset: number }>;
  rules: Array<{ rule: ObservanceRule; observance: Observance }>;
}

const compiledDefinitions = new WeakMap<TimezoneDefinition, Compiled>();

function compile(definition: TimezoneDefinition): Compiled {
  let compiled = compiledDefinitions.get(definition);
  if (compiled) return compiled;
  compiled = { fixed: [], rules: [] };
  for (const observance of definition.observances) {
    for (const local of [observance.start, ...observance.rdates])
      compiled.fixed.push({ onset: utcSeconds(local) - observance.offsetFrom, offset: observance.offsetTo });
    if (observance.rrule) {
      const rule = readObservanceRule(observance.rrule);
      // An unreadable rule is refused when the file is read (import.ts); here its DTSTART still counts.
      if (typeof rule !== "string") compiled.rules.push({ rule, observance });
    }
  }
  compiled.fixed.sort((a, b) => a.onset - b.onset);
  compiledDefinitions.set(definition, compiled);
  return compiled;
}

/** The UTC offset (seconds) a definition gives at an instant: the latest onset at or before it wins. */
export function definitionOffsetAt(definition: TimezoneDefinition, instant: number): number | null {
  const { fixed, rules } = compile(definition);
  let best: { onset: number; offset: number } | null = null;
  // The last fixed onset at or before the instant (binary search).
  let low = 0;
  let high = fixed.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (fixed[middle]!.onset <= instant) {
      best = fixed[middle]!;
      low = middle + 1;
    } else high = middle - 1;
  }
  const year = new Date(instant * 1000).getUTCFullYear();
  for (const { rule, observance } of rules) {
    // This year's onset or, before it, last year's: the latest one at or before the instant.
    for (const candidateYear of [year + 1, year, year - 1]) {
      const local = ruleOnset(rule, observance.start, candidateYear);
      if (!local) continue;
      const onset = utcSeconds(local) - observance.offsetFrom;
      if (onset > instant || (rule.until !== null && onset > rule.until)) continue;
      if (!best || onset > best.onset) best = { onset, offset: observance.offsetTo };
      break;
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

/** Four days a month at noon UTC: the offsets a definition is matched on. */
function samplesOf(year: number): number[] {
  const samples: number[] = [];
  for (let month = 1; month <= 12; month++) {
    for (const day of [1, 8, 15, 22]) samples.push(Date.UTC(year, month - 1, day, 12) / 1000);
  }
  return samples;
}

/**
 * Every IANA zone by its offsets on a year's samples ("3600,3600,...": the zones, in list order),
 * made once per year per process and kept for the few years files use: matching a definition is then
 * one lookup, whatever the file asks.
 */
const zonesByOffsets = new LRUCache<number, Map<string, string[]>>({ max: 16 });

export function zonesWithOffsets(year: number, checkBudget: () => void = () => {}): Map<string, string[]> {
  let index = zonesByOffsets.get(year);
  if (index) return index;
  index = new Map();
  allZones ??= Intl.supportedValuesOf("timeZone");
  const samples = samplesOf(year);
  for (const [position, zone] of allZones.entries()) {
    // A zone's first use costs a formatter: a year's index takes about a second cold.
    if (position % 32 === 0) checkBudget();
    const key = samples.map((sample) => zoneOffsetAt(zone, sample)).join(",");
    const list = index.get(key);
    if (list) list.push(zone);
    else index.set(key, [zone]);
  }
  zonesByOffsets.set(year, index);
  return index;
}

/** The IANA zone whose offsets equal the definition's over the year around `instant`, or null. */
function matchDefinition(definition: TimezoneDefinition, instant: number, checkBudget?: () => void): string | null {
  const year = new Date(instant * 1000).getUTCFullYear();
  const wanted = samplesOf(year).map((sample) => definitionOffsetAt(definition, sample));
  if (wanted.some((offset) => offset === null)) return null;
  const fits = zonesWithOffsets(year, checkBudget).get(wanted.join(","));
  if (!fits) return null;
  // Prefer a zone the name mentions ("(UTC+01:00) Amsterdam, Berlin" -> Europe/Amsterdam).
  const words = new Set(
    definition.tzid
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length >= 3),
  );
  const named = fits.find((zone) => words.has(zone.split("/").pop()!.toLowerCase().replace(/_/g, " ").split(" ")[0]!));
  // Then the main zone of a Windows zone (Europe/Berlin rather than Africa/Ceuta for Central European
  // rules); only then the first in the list.
  const fitting = new Set(fits);
  return named ?? Object.values(WINDOWS_ZONES).find((zone) => fitting.has(zone)) ?? fits[0]!;
}

/**
 * The IANA zone for a TZID, or null when neither its name nor its definition leads to one.
 * `instant` is a time the zone is used at (the event's start): a definition is matched around it.
 * `checkBudget` is called while a year's zones are indexed (it throws when the caller's time is up).
 */
export function resolveTzid(
  tzid: string,
  definitions: ReadonlyMap<string, TimezoneDefinition>,
  instant: number,
  checkBudget?: () => void,
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
  return definition && !definition.problem ? matchDefinition(definition, instant, checkBudget) : null;
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
