import type { AllDayOverride, EventDetails, TimedOverride } from "../db/schema/calendar";
import type { LocalDate, UnixSeconds } from "../time";

/**
 * The event model (its shape: the validation is in ./model.ts, recurrences in ./expand.ts). An event is
 * either timed (start and end instants, plus the IANA zone its recurrence follows) or all-day (local
 * dates, end exclusive as in RFC 5545, so a one-day event on the 17th ends on the 18th). A recurring
 * event carries a normalised RRULE, the occurrences removed from it (exdates) and the occurrences
 * changed on their own (overrides), each named by its original start: an instant for a timed series,
 * a date for an all-day one. The details and the overrides are declared with the table that keeps them
 * (lib/db/schema/calendar.ts: the overrides are a JSON column).
 */
export type { AllDayOverride, EventDetails, TimedOverride };

export interface TimedFields {
  allDay: false;
  start: UnixSeconds;
  end: UnixSeconds;
  /** The IANA zone the recurrence follows: a weekly 18:15 stays 18:15 there across summer time. */
  timezone: string;
  rrule: string | null;
  details: EventDetails;
}

export interface AllDayFields {
  allDay: true;
  startDate: LocalDate;
  /** Exclusive: the day after the last day. */
  endDate: LocalDate;
  rrule: string | null;
  details: EventDetails;
}

/** What one EventInput says: the schedule and the details, without exceptions. */
export type EventFields = TimedFields | AllDayFields;

export interface TimedEvent extends TimedFields {
  /** Original starts of the occurrences removed from the series, ascending. */
  exdates: UnixSeconds[];
  overrides: TimedOverride[];
}

export interface AllDayEvent extends AllDayFields {
  exdates: LocalDate[];
  overrides: AllDayOverride[];
}

export type CalendarEvent = TimedEvent | AllDayEvent;
