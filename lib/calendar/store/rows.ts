import type { calendarEvents, EVENT_VISIBILITIES } from "../../db/schema/calendar";
import type { AllDayOverride, CalendarEvent, EventFields, TimedOverride } from "../event";
import { SECONDS_PER_DAY, addDays, utcMidnight } from "../../time";

/** An event row <-> the core's CalendarEvent, and the range every occurrence of a row falls in. */

export type EventRow = typeof calendarEvents.$inferSelect;

/** The sharing rule's item type for events (lib/circles/sharing). */
export const EVENT_ITEM_TYPE = "event" as const;

export function eventOf(row: EventRow): CalendarEvent {
  const details = { title: row.title, privateTitle: row.privateTitle, notes: row.notes, location: row.location };
  const common = { rrule: row.rrule, details, exdates: row.exdates, overrides: row.overrides };
  return (
    row.allDay
      ? { ...common, allDay: true, startDate: row.startDate!, endDate: row.endDate! }
      : { ...common, allDay: false, start: row.start!, end: row.end!, timezone: row.timezone! }
  ) as CalendarEvent;
}

// An all-day date D runs from midnight of D where the viewer is: UTC+14 at the earliest, UTC-12 at the latest.
const DATE_MARGIN = 15 * 3600;

/** The columns that store an event's schedule and details (everything but who sees it). */
export function columnsOf(event: CalendarEvent | (EventFields & { exdates?: never[]; overrides?: never[] })) {
  const { details } = event;
  const common = {
    rrule: event.rrule,
    exdates: (event.exdates ?? []) as Array<number | string>,
    overrides: (event.overrides ?? []) as Array<TimedOverride | AllDayOverride>,
    title: details.title,
    privateTitle: details.privateTitle,
    notes: details.notes,
    location: details.location,
  };
  const [rangeStart, rangeEnd] = rangeOf(event as CalendarEvent);
  if (event.allDay) {
    return {
      ...common,
      allDay: true,
      start: null,
      end: null,
      timezone: null,
      startDate: event.startDate,
      endDate: event.endDate,
      rangeStart,
      rangeEnd,
    };
  }
  return {
    ...common,
    allDay: false,
    start: event.start,
    end: event.end,
    timezone: event.timezone,
    startDate: null,
    endDate: null,
    rangeStart,
    rangeEnd,
  };
}

/**
 * The instants every occurrence lies between, for the agenda's query: [first start, last end], the
 * end null when the series has no UNTIL (a COUNT is left unbounded too: cheap to be generous).
 */
export function rangeOf(event: CalendarEvent): [number, number | null] {
  const until = event.rrule ? /(?:^|;)UNTIL=(\d{8})(?:T(\d{6})Z?)?/.exec(event.rrule) : null;
  if (event.allDay) {
    const days = (date: string) => utcMidnight(date);
    const starts = [event.startDate, ...event.overrides.map((o) => o.startDate)].map(days);
    const ends = [event.endDate, ...event.overrides.map((o) => o.endDate)].map(days);
    let last: number | null = Math.max(...ends);
    if (event.rrule) {
      if (!until) last = null;
      else {
        const untilDate = `${until[1]!.slice(0, 4)}-${until[1]!.slice(4, 6)}-${until[1]!.slice(6, 8)}`;
        const length = (utcMidnight(event.endDate) - utcMidnight(event.startDate)) / SECONDS_PER_DAY;
        last = Math.max(last, utcMidnight(addDays(untilDate, length + 1)));
      }
    }
    return [Math.min(...starts) - DATE_MARGIN, last === null ? null : last + DATE_MARGIN];
  }
  const starts = [event.start, ...event.overrides.map((o) => o.start)];
  let last: number | null = Math.max(event.end, ...event.overrides.map((o) => o.end));
  if (event.rrule) {
    if (!until) last = null;
    else {
      const [, ymd, hms = "235959"] = until;
      const instant =
        Date.UTC(
          Number(ymd!.slice(0, 4)),
          Number(ymd!.slice(4, 6)) - 1,
          Number(ymd!.slice(6, 8)),
          Number(hms.slice(0, 2)),
          Number(hms.slice(2, 4)),
          Number(hms.slice(4, 6)),
        ) / 1000;
      // A date-only UNTIL means the end of that day where the series is: a day's margin covers every zone.
      last = Math.max(last, instant + (event.end - event.start) + SECONDS_PER_DAY);
    }
  }
  return [Math.min(...starts), last];
}

/** One occurrence in a viewer's agenda, as the agenda (and its cache, ./expansions.ts) holds it. */
export type AgendaEntry = {
  eventId: string;
  ownerId: string;
  start: number;
  end: number;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  /** The list's title: "Busy" for a BUSY event of someone else's, else the private title when set. */
  title: string;
  recurrenceId: string;
  recurring: boolean;
  visibility: (typeof EVENT_VISIBILITIES)[number];
  busyOnly: boolean;
  /** The viewer is an attendee asked for a "got it". */
  asksViewer: boolean;
  acknowledged: boolean;
};
