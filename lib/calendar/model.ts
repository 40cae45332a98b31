import { z } from "zod";
import { CalendarError, invalidField } from "./errors";
import { ruleRepeats } from "./expand";
import type { CalendarEvent, EventDetails, EventFields } from "./event";
import { normaliseRrule } from "./rrule";
import {
  FIRST_YEAR,
  LAST_YEAR,
  SECONDS_PER_DAY,
  type LocalDate,
  type UnixSeconds,
  canonicalTimeZone,
  daysBetween,
  parseLocalDate,
} from "../time";

/**
 * The validation of what callers send (the contract's EventInput) and of whole events; the event's
 * shape is in ./event.ts.
 */

export const LIMITS = {
  title: 200,
  privateTitle: 100,
  notes: 5000,
  location: 500,
  /** An event (a trip) lasts at most this many days. */
  durationDays: 366,
  exdates: 1000,
  overrides: 500,
} as const;

const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1) / 1000;
const LAST_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1) / 1000 - 1;
// Control characters, except the line breaks and tabs that notes may hold.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const lineBreaks = /[\r\n\t]/;

function line(max: number) {
  return z
    .string({ message: "must be text" })
    .trim()
    .max(max, `is longer than ${max} characters`)
    .refine(
      (value) => !controlCharacters.test(value) && !lineBreaks.test(value),
      "must be one line without control characters",
    );
}

const optionalLine = (max: number) =>
  line(max)
    .nullish()
    .transform((value) => (value ? value : null));

const optionalText = (max: number) =>
  z
    .string({ message: "must be text" })
    .max(max, `is longer than ${max} characters`)
    .refine((value) => !controlCharacters.test(value), "must not contain control characters")
    .nullish()
    .transform((value) => (value && value.trim() ? value.replace(/\r\n?/g, "\n").trim() : null));

const instant = z
  .number({ message: "must be a Unix time in seconds" })
  .int("must be a whole number of seconds")
  .min(FIRST_INSTANT, `must be in ${FIRST_YEAR} or later`)
  .max(LAST_INSTANT, `must be in ${LAST_YEAR} or earlier`);

const localDate = z
  .string({ message: "must be a date (YYYY-MM-DD)" })
  .refine((value) => parseLocalDate(value) !== null, {
    error: (issue) => {
      const value = String(issue.input);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return "must be a date (YYYY-MM-DD)";
      const year = Number(value.slice(0, 4));
      if (year < FIRST_YEAR || year > LAST_YEAR) return `must be between ${FIRST_YEAR} and ${LAST_YEAR}`;
      return `${value} is not a date`;
    },
  });

export const eventDetailsSchema = z.object({
  title: line(LIMITS.title).min(1, "is required"),
  privateTitle: optionalLine(LIMITS.privateTitle),
  notes: optionalText(LIMITS.notes),
  location: optionalLine(LIMITS.location),
});

/**
 * The scheduling and detail fields of the contract's EventInput. The visibility fields (visibility,
 * people, circleId, requiresAcknowledgement) belong to the sharing rule: extend this schema there.
 */
export const eventInputSchema = z.object({
  title: z.unknown(),
  privateTitle: z.unknown().optional(),
  notes: z.unknown().optional(),
  location: z.unknown().optional(),
  start: instant.nullish(),
  end: instant.nullish(),
  timezone: z
    .string({ message: "must be an IANA time zone name" })
    .trim()
    .max(64, "is not a known time zone")
    .nullish(),
  startDate: localDate.nullish(),
  endDate: localDate.nullish(),
  rrule: z.string({ message: "must be an RRULE (like FREQ=WEEKLY;BYDAY=TU)" }).nullish(),
});
export type EventInputFields = z.input<typeof eventInputSchema>;

/** The first issue of a failed parse as a CalendarError naming its field. */
function firstIssue(error: z.ZodError, prefix = ""): CalendarError {
  const issue = error.issues[0];
  const field = prefix + (issue?.path.map(String).join(".") || "input");
  return invalidField(field, issue?.message ?? "is not valid");
}

export function parseDetails(input: unknown, prefix = ""): EventDetails {
  const parsed = eventDetailsSchema.safeParse(input);
  if (!parsed.success) throw firstIssue(parsed.error, prefix);
  return parsed.data;
}

export function checkTimeZone(name: string, field = "timezone"): string {
  const zone = canonicalTimeZone(name);
  if (!zone) throw invalidField(field, `"${name}" is not a known time zone (use an IANA name like Europe/London)`);
  return zone;
}

function checkTimedSpan(start: UnixSeconds, end: UnixSeconds, prefix = ""): void {
  if (end < start) throw invalidField(`${prefix}end`, "must not be before start");
  if (end - start > LIMITS.durationDays * SECONDS_PER_DAY)
    throw invalidField(`${prefix}end`, `an event lasts at most ${LIMITS.durationDays} days`);
}

function checkAllDaySpan(startDate: LocalDate, endDate: LocalDate, prefix = ""): void {
  const days = daysBetween(startDate, endDate);
  if (days <= 0) {
    throw invalidField(
      `${prefix}endDate`,
      `must be after startDate (it is exclusive: a one-day event on ${startDate} ends the next day)`,
    );
  }
  if (days > LIMITS.durationDays)
    throw invalidField(`${prefix}endDate`, `an event lasts at most ${LIMITS.durationDays} days`);
}

/**
 * EventInput -> the event's fields, or a CalendarError naming the field: a missing or mixed schedule,
 * an end before its start, an unknown time zone, a date that does not exist, an invalid or unoffered
 * RRULE. Nothing is written by the caller unless this returns.
 */
export interface ParseOptions {
  /**
   * How many recurrence periods the searches for unusual rules (expand.ts, ruleRepeats) may still look
   * through: an import passes one budget for the whole file, so a file of such rules stays cheap.
   */
  searchBudget?: { remaining: number };
}

export function parseEventInput(input: unknown, options: ParseOptions = {}): EventFields {
  const parsed = eventInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw firstIssue(parsed.error);
  const fields = parsed.data;
  const details = parseDetails({
    title: fields.title,
    privateTitle: fields.privateTitle,
    notes: fields.notes,
    location: fields.location,
  });
  const timed = fields.start != null || fields.end != null;
  const allDay = fields.startDate != null || fields.endDate != null;
  if (timed && allDay) {
    throw invalidField(
      "startDate",
      "give start, end and timezone for a timed event, or startDate and endDate for an all-day event, not both",
    );
  }
  const rruleText = fields.rrule?.trim() ? fields.rrule : null;
  if (allDay) {
    if (fields.startDate == null) throw invalidField("startDate", "is required for an all-day event");
    if (fields.endDate == null)
      throw invalidField("endDate", "is required for an all-day event (the day after the last day)");
    checkAllDaySpan(fields.startDate, fields.endDate);
    const start = { allDay: true as const, startDate: fields.startDate };
    return checkRepeats(
      { ...start, endDate: fields.endDate, rrule: rruleText ? normaliseRrule(rruleText, start) : null, details },
      options,
    );
  }
  if (fields.start == null) throw invalidField("start", "is required (or startDate and endDate for an all-day event)");
  if (fields.end == null) throw invalidField("end", "is required");
  if (!fields.timezone)
    throw invalidField("timezone", "is required for a timed event (an IANA name like Europe/London)");
  const timezone = checkTimeZone(fields.timezone);
  checkTimedSpan(fields.start, fields.end);
  const start = { allDay: false as const, start: fields.start, timezone };
  return checkRepeats(
    { ...start, end: fields.end, rrule: rruleText ? normaliseRrule(rruleText, start) : null, details },
    options,
  );
}

function checkRepeats<F extends EventFields>(fields: F, { searchBudget }: ParseOptions): F {
  if (!fields.rrule || /;COUNT=1(;|$)/.test(fields.rrule)) return fields;
  const verdict = ruleRepeats(newEvent(fields), searchBudget);
  if (verdict === "over budget")
    throw invalidField("rrule", "is an unusual rule, and one import checks only so many of them");
  if (verdict === "never")
    throw invalidField(
      "rrule",
      "the rule gives no date in the eight years after the event's start (like a 30th of February)",
    );
  return fields;
}

/** A new series from its fields: no exceptions yet. */
export function newEvent(fields: EventFields): CalendarEvent {
  return fields.allDay ? { ...fields, exdates: [], overrides: [] } : { ...fields, exdates: [], overrides: [] };
}

const detailsPatchSchema = eventDetailsSchema.partial();

/**
 * Checks a whole event (fields, exdates and overrides), e.g. one read back from storage or built by
 * the importer, and returns it normalised (keys sorted and unique). Throws a CalendarError naming the
 * field ("overrides.2.end", "exdates.0").
 */
export function checkCalendarEvent(event: CalendarEvent): CalendarEvent {
  const details = parseDetails(event.details, "details.");
  if (event.allDay) {
    const base = parseEventInput({
      ...details,
      startDate: event.startDate,
      endDate: event.endDate,
      rrule: event.rrule,
    });
    if (!base.allDay) throw invalidField("startDate", "is required for an all-day event");
    if (!base.rrule && (event.exdates.length || event.overrides.length))
      throw invalidField("rrule", "is required for exceptions and overrides");
    event.exdates.forEach((date, index) => {
      if (!parseLocalDate(date)) throw invalidField(`exdates.${index}`, `${date} is not a date`);
    });
    const overrides = event.overrides.map((override, index) => {
      const prefix = `overrides.${index}.`;
      if (!parseLocalDate(override.recurrenceId))
        throw invalidField(`${prefix}recurrenceId`, `${override.recurrenceId} is not a date`);
      if (!parseLocalDate(override.startDate))
        throw invalidField(`${prefix}startDate`, `${override.startDate} is not a date`);
      if (!parseLocalDate(override.endDate))
        throw invalidField(`${prefix}endDate`, `${override.endDate} is not a date`);
      checkAllDaySpan(override.startDate, override.endDate, prefix);
      return { ...override, details: checkPatch(override.details, `${prefix}details.`) };
    });
    return finish({ ...base, exdates: event.exdates, overrides }, details);
  }
  const base = parseEventInput({
    ...details,
    start: event.start,
    end: event.end,
    timezone: event.timezone,
    rrule: event.rrule,
  });
  if (base.allDay) throw invalidField("start", "is required for a timed event");
  if (!base.rrule && (event.exdates.length || event.overrides.length))
    throw invalidField("rrule", "is required for exceptions and overrides");
  event.exdates.forEach((value, index) => {
    if (!instant.safeParse(value).success) throw invalidField(`exdates.${index}`, "must be a Unix time in seconds");
  });
  const overrides = event.overrides.map((override, index) => {
    const prefix = `overrides.${index}.`;
    for (const key of ["recurrenceId", "start", "end"] as const) {
      if (!instant.safeParse(override[key]).success) throw invalidField(prefix + key, "must be a Unix time in seconds");
    }
    checkTimedSpan(override.start, override.end, prefix);
    return { ...override, details: checkPatch(override.details, `${prefix}details.`) };
  });
  return finish({ ...base, exdates: event.exdates, overrides }, details);
}

function checkPatch(patch: Partial<EventDetails>, prefix: string): Partial<EventDetails> {
  const parsed = detailsPatchSchema.safeParse(patch);
  if (!parsed.success) throw firstIssue(parsed.error, prefix);
  // Keep only what the patch names (zod fills absent optional keys with null).
  return Object.fromEntries(
    Object.keys(patch).map((key) => [key, parsed.data[key as keyof EventDetails]]),
  ) as Partial<EventDetails>;
}

function finish<E extends CalendarEvent>(event: E, details: EventDetails): E {
  if (event.exdates.length > LIMITS.exdates)
    throw invalidField("exdates", `a series keeps at most ${LIMITS.exdates} removed occurrences`);
  if (event.overrides.length > LIMITS.overrides)
    throw invalidField("overrides", `a series keeps at most ${LIMITS.overrides} changed occurrences`);
  const exdates = [...new Set<string | number>(event.exdates)].sort(compareKeys);
  const overrides = event.overrides
    .map((override) => ({ ...override }))
    .sort((a, b) => compareKeys(a.recurrenceId, b.recurrenceId));
  for (let index = 1; index < overrides.length; index++) {
    if (overrides[index]!.recurrenceId === overrides[index - 1]!.recurrenceId) {
      throw invalidField("overrides", `two changes for the occurrence ${overrides[index]!.recurrenceId}`);
    }
  }
  // An override names only what differs from the series.
  for (const override of overrides) {
    override.details = Object.fromEntries(
      Object.entries(override.details).filter(([name, value]) => value !== details[name as keyof EventDetails]),
    ) as Partial<EventDetails>;
  }
  const removed = new Set<string | number>(exdates);
  const both = overrides.find((override) => removed.has(override.recurrenceId));
  if (both) throw invalidField("overrides", `the occurrence ${both.recurrenceId} is both removed and changed`);
  return { ...event, details, exdates, overrides } as E;
}

/** Occurrence keys (instants or dates) in time order. */
export function compareKeys(a: string | number, b: string | number): number {
  return typeof a === "number" && typeof b === "number"
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;
}
