import { Temporal } from "temporal-polyfill";
import { invalidField } from "./errors";
import {
  type Occurrence,
  findOccurrence,
  generatedOccurrence,
  hasOccurrenceBesides,
  isSeriesOccurrence,
  seriesKeysBetween,
} from "./expand";
import { checkCalendarEvent, compareKeys, newEvent } from "./model";
import {
  type AllDayEvent,
  type AllDayOverride,
  type CalendarEvent,
  type EventDetails,
  type EventFields,
  type TimedEvent,
  type TimedOverride,
} from "./event";
import { formatRrule, parseRrule, untilBefore } from "./rrule";
import {
  type LocalDate,
  type UnixSeconds,
  addDays,
  daysBetween,
  instantOf,
  localDateTimeOf,
  parseLocalDate,
} from "../time";

/**
 * Edits and deletions with the three scopes of the contract (EditScope), as pure functions: they take
 * the stored event and return what to store. The caller writes the outcome in one transaction:
 * - "update": replace the event with `event` (same id);
 * - "split": replace it with `event` (the series now ends before the occurrence) and create
 *   `following` as a new event (a new id) that starts at the occurrence;
 * - "delete": remove the event (nothing of it is left).
 *
 * THIS changes or removes one occurrence (an override, or an exdate); FOLLOWING splits the series (the
 * old rule gets an UNTIL just before the occurrence; a COUNT is shared out between the two parts);
 * ALL changes the whole series. Occurrences are named by `occurrenceStart` as the agenda gave it.
 */

export type EditScope = "THIS" | "FOLLOWING" | "ALL";

export type EditOutcome =
  | { kind: "update"; event: CalendarEvent }
  | { kind: "split"; event: CalendarEvent; following: CalendarEvent }
  | { kind: "delete" };

export interface EditTarget {
  scope: EditScope;
  /** The occurrence as the agenda gave it (its start); required for THIS and FOLLOWING on a series. */
  occurrenceStart?: UnixSeconds | null;
  /** The editor's zone: it names the day of an all-day occurrence. */
  timezone: string;
}

type Key = UnixSeconds | LocalDate;

function firstKey(event: CalendarEvent): Key {
  return event.allDay ? event.startDate : event.start;
}

function targetOccurrence(event: CalendarEvent, target: EditTarget): Occurrence | null {
  if (target.occurrenceStart == null) {
    if (event.rrule && target.scope !== "ALL")
      throw invalidField(
        "occurrenceStart",
        `is required to change ${target.scope === "THIS" ? "one occurrence" : "this and following occurrences"}`,
      );
    return null;
  }
  return findOccurrence(event, target.occurrenceStart, target.timezone);
}

/** Applies an update (the contract's updateEvent). `change` is the parsed EventInput. */
export function applyEventUpdate(event: CalendarEvent, change: EventFields, target: EditTarget): EditOutcome {
  const occurrence = targetOccurrence(event, target);
  if (!event.rrule) return { kind: "update", event: checkCalendarEvent(newEvent(change)) };
  const key = occurrence?.recurrenceId ?? firstKey(event);
  switch (target.scope) {
    case "THIS":
      return { kind: "update", event: changeOne(event, occurrence!, change) };
    case "FOLLOWING":
      if (compareKeys(key, firstKey(event)) <= 0) return { kind: "update", event: changeAll(event, change, null) };
      return splitAt(event, key, change);
    case "ALL":
      return { kind: "update", event: changeAll(event, change, occurrence) };
  }
}

/** Applies a deletion (the contract's deleteEvent). */
export function applyEventDeletion(event: CalendarEvent, target: EditTarget): EditOutcome {
  const occurrence = targetOccurrence(event, target);
  if (!event.rrule || target.scope === "ALL") return { kind: "delete" };
  const key = occurrence!.recurrenceId;
  if (target.scope === "THIS") {
    const exdates = [...(event.exdates as Key[]), key];
    const remaining = {
      ...event,
      exdates,
      overrides: (event.overrides as Array<{ recurrenceId: Key }>).filter((item) => item.recurrenceId !== key),
    } as CalendarEvent;
    if (!hasVisibleOccurrence(remaining)) return { kind: "delete" };
    return { kind: "update", event: checkCalendarEvent(remaining) };
  }
  if (compareKeys(key, firstKey(event)) <= 0) return { kind: "delete" };
  const head = endBefore(event, key);
  return hasVisibleOccurrence(head) ? { kind: "update", event: checkCalendarEvent(head) } : { kind: "delete" };
}

// ---------------------------------------------------------------------------------------------------

function detailsPatch(series: EventDetails, wanted: EventDetails): Partial<EventDetails> {
  const patch: Partial<EventDetails> = {};
  for (const name of Object.keys(wanted) as Array<keyof EventDetails>) {
    if (wanted[name] !== series[name]) (patch as Record<string, unknown>)[name] = wanted[name];
  }
  return patch;
}

/** THIS: one occurrence gets its own time and details (an override); back to plain when nothing differs. */
function changeOne(event: CalendarEvent, occurrence: Occurrence, change: EventFields): CalendarEvent {
  const key = occurrence.recurrenceId;
  const details = detailsPatch(event.details, change.details);
  if (event.allDay) {
    if (!change.allDay)
      throw invalidField(
        "start",
        "one occurrence of an all-day series cannot become timed: change all of them, or this and following",
      );
    const generated = generatedOccurrence(event, key, "UTC");
    const same =
      change.startDate === generated.startDate &&
      change.endDate === generated.endDate &&
      Object.keys(details).length === 0;
    const others = event.overrides.filter((item) => item.recurrenceId !== key);
    const override: AllDayOverride = {
      recurrenceId: String(key),
      startDate: change.startDate,
      endDate: change.endDate,
      details,
    };
    return checkCalendarEvent({ ...event, overrides: same ? others : [...others, override] });
  }
  if (change.allDay)
    throw invalidField(
      "startDate",
      "one occurrence of a timed series cannot become all-day: change all of them, or this and following",
    );
  const generated = generatedOccurrence(event, key, event.timezone);
  const same = change.start === generated.start && change.end === generated.end && Object.keys(details).length === 0;
  const others = event.overrides.filter((item) => item.recurrenceId !== key);
  const override: TimedOverride = { recurrenceId: Number(key), start: change.start, end: change.end, details };
  return checkCalendarEvent({ ...event, overrides: same ? others : [...others, override] });
}

/** The series cut so that its last occurrence is the one before `key` (COUNT becomes UNTIL). */
function endBefore(event: CalendarEvent, key: Key): CalendarEvent {
  const rule = parseRrule(event.rrule!, event);
  const rrule = formatRrule({ ...rule, count: null, until: untilBefore(event, key) });
  const before = (item: Key) => compareKeys(item, key) < 0;
  if (event.allDay) {
    return {
      ...event,
      rrule,
      exdates: event.exdates.filter(before),
      overrides: event.overrides.filter((item) => before(item.recurrenceId)),
    };
  }
  return {
    ...event,
    rrule,
    exdates: event.exdates.filter(before),
    overrides: event.overrides.filter((item) => before(item.recurrenceId)),
  };
}

function hasVisibleOccurrence(event: CalendarEvent): boolean {
  return event.overrides.length > 0 || hasOccurrenceBesides(event, new Set<Key>(event.exdates));
}

/** FOLLOWING: the series ends before `key`; a new series, as `change` says, starts there. */
function splitAt(event: CalendarEvent, key: Key, change: EventFields): EditOutcome {
  const head = endBefore(event, key);
  let followingFields = change;
  const rule = parseRrule(event.rrule!, event);
  if (rule.count !== null && change.rrule !== null && sameRule(change, event)) {
    // The same rule "10 times" goes on for what the first part did not use.
    const before = event.allDay ? addDays(String(key), -1) : Number(key) - 1;
    const used = seriesKeysBetween(event, firstKey(event), before).length;
    const changeRule = parseRrule(change.rrule, change);
    followingFields = { ...change, rrule: formatRrule({ ...changeRule, count: Math.max(1, rule.count - used) }) };
  }
  const occurrence = generatedOccurrence(event, key, event.allDay ? "UTC" : event.timezone);
  const following = carryExceptions(
    event,
    newEvent(followingFields),
    localStart(event, occurrence.recurrenceId),
    (item) => compareKeys(item, key) > 0,
  );
  if (!hasVisibleOccurrence(head)) return { kind: "update", event: checkCalendarEvent(following) };
  return { kind: "split", event: checkCalendarEvent(head), following: checkCalendarEvent(following) };
}

/** True when `change` repeats as the event does (the form sent the rule back unchanged). */
function sameRule(change: EventFields, event: CalendarEvent): boolean {
  if (change.allDay !== event.allDay || !change.rrule || !event.rrule) return false;
  const a = parseRrule(change.rrule, change);
  const b = parseRrule(event.rrule, event);
  return (
    formatRrule({ ...a, until: null, count: null }) === formatRrule({ ...b, until: null, count: null }) &&
    a.count === b.count
  );
}

/**
 * ALL: the whole series as `change` says. When the change was made on one occurrence (the member
 * moved Tuesday's 18:15 to 19:00 and chose "all"), the series' start moves by the same wall-clock
 * amount, so the series keeps its first date.
 */
function changeAll(event: CalendarEvent, change: EventFields, occurrence: Occurrence | null): CalendarEvent {
  let fields = change;
  let from = localStart(event, firstKey(event));
  if (occurrence && compareKeys(occurrence.recurrenceId, firstKey(event)) !== 0) {
    const shift = wallClockShift(localStart(event, occurrence.recurrenceId), localStartOfFields(change));
    const seriesStart = shiftLocal(from, shift);
    fields = moveFieldsTo(change, seriesStart);
    from = localStart(event, firstKey(event));
  }
  const target = newEvent(fields);
  if (!target.rrule) return checkCalendarEvent(target);
  return checkCalendarEvent(carryExceptions(event, target, from, () => true));
}

// Wall-clock arithmetic: exceptions follow their occurrences when a series moves.

interface Shift {
  days: number;
  seconds: number;
}

function localStart(event: CalendarEvent, key: Key): Temporal.PlainDateTime {
  if (event.allDay) return parseLocalDate(String(key))!.toPlainDateTime();
  return localDateTimeOf(Number(key), event.timezone);
}

function localStartOfFields(fields: EventFields): Temporal.PlainDateTime {
  return fields.allDay
    ? parseLocalDate(fields.startDate)!.toPlainDateTime()
    : localDateTimeOf(fields.start, fields.timezone);
}

const secondsOfDay = (time: Temporal.PlainDateTime) => time.hour * 3600 + time.minute * 60 + time.second;

function wallClockShift(from: Temporal.PlainDateTime, to: Temporal.PlainDateTime): Shift {
  return {
    days: daysBetween(from.toPlainDate().toString(), to.toPlainDate().toString()),
    seconds: secondsOfDay(to) - secondsOfDay(from),
  };
}

function shiftLocal(time: Temporal.PlainDateTime, shift: Shift): Temporal.PlainDateTime {
  return time.add({ days: shift.days }).add({ seconds: shift.seconds });
}

/** The same fields starting at another local time (the length kept). */
function moveFieldsTo(fields: EventFields, start: Temporal.PlainDateTime): EventFields {
  if (fields.allDay) {
    const startDate = start.toPlainDate().toString();
    return { ...fields, startDate, endDate: addDays(startDate, daysBetween(fields.startDate, fields.endDate)) };
  }
  const startInstant = instantOf(start, fields.timezone);
  return { ...fields, start: startInstant, end: startInstant + (fields.end - fields.start) };
}

function keyAt(event: CalendarEvent, time: Temporal.PlainDateTime): Key {
  return event.allDay ? time.toPlainDate().toString() : instantOf(time, event.timezone);
}

/**
 * Moves the source's exceptions (those `keep` accepts) onto the target series by the wall-clock shift
 * between the two series' starts, keeping those that still name an occurrence of the target. An
 * override that had moved its occurrence keeps its own time; one that only changed details follows.
 */
function carryExceptions(
  source: CalendarEvent,
  target: CalendarEvent,
  sourceStart: Temporal.PlainDateTime,
  keep: (key: Key) => boolean,
): CalendarEvent {
  if (source.allDay !== target.allDay || !target.rrule) return target;
  const shift = wallClockShift(sourceStart, localStart(target, firstKey(target)));
  const move = (key: Key) => keyAt(target, shiftLocal(localStart(source, key), shift));
  const exdates = (source.exdates as Key[])
    .filter(keep)
    .map(move)
    .filter((key) => isSeriesOccurrence(target, key));
  const overrides: Array<TimedOverride | AllDayOverride> = [];
  for (const override of source.overrides as Array<TimedOverride | AllDayOverride>) {
    if (!keep(override.recurrenceId)) continue;
    const recurrenceId = move(override.recurrenceId);
    if (!isSeriesOccurrence(target, recurrenceId) || exdates.includes(recurrenceId)) continue;
    const original = generatedOccurrence(source, override.recurrenceId, "UTC");
    const moved = generatedOccurrence(target, recurrenceId, "UTC");
    if ("start" in override) {
      const onlyDetails = override.start === original.start && override.end === original.end;
      overrides.push({
        ...override,
        recurrenceId: Number(recurrenceId),
        ...(onlyDetails ? { start: moved.start, end: moved.end } : {}),
      });
    } else {
      const onlyDetails = override.startDate === original.startDate && override.endDate === original.endDate;
      overrides.push({
        ...override,
        recurrenceId: String(recurrenceId),
        ...(onlyDetails ? { startDate: moved.startDate!, endDate: moved.endDate! } : {}),
      });
    }
  }
  return target.allDay
    ? ({ ...target, exdates: exdates.map(String), overrides: overrides as AllDayOverride[] } satisfies AllDayEvent)
    : ({ ...target, exdates: exdates.map(Number), overrides: overrides as TimedOverride[] } satisfies TimedEvent);
}
