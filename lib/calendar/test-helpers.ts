import { Temporal } from "temporal-polyfill";
import { isCalendarError } from "./errors";
import { newEvent, parseEventInput } from "./model";
import { type CalendarEvent } from "./event";

/** Test helpers: instants written as local times, and events written as the API receives them. */

/** Unix seconds of a wall-clock time in a zone: at("2026-03-17T18:15", "Europe/London"). */
export function at(local: string, timeZone = "UTC"): number {
  return Math.floor(Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone).epochMilliseconds / 1000);
}

/** The wall-clock time of an instant in a zone, "2026-03-17T18:15". */
export function wall(instant: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant * 1000)
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: "minute" });
}

export function timedEvent(options: {
  start: string;
  minutes?: number;
  timezone: string;
  rrule?: string;
  title?: string;
}): CalendarEvent {
  const start = at(options.start, options.timezone);
  return newEvent(
    parseEventInput({
      title: options.title ?? "Swimming",
      start,
      end: start + (options.minutes ?? 60) * 60,
      timezone: options.timezone,
      rrule: options.rrule ?? null,
    }),
  );
}

export function allDayEvent(options: {
  startDate: string;
  endDate: string;
  rrule?: string;
  title?: string;
}): CalendarEvent {
  return newEvent(
    parseEventInput({
      title: options.title ?? "Birthday",
      startDate: options.startDate,
      endDate: options.endDate,
      rrule: options.rrule ?? null,
    }),
  );
}

/** A range of whole local days in a zone: [from 00:00, to 00:00). */
export function days(fromDate: string, toDate: string, timezone: string) {
  return { from: at(`${fromDate}T00:00`, timezone), to: at(`${toDate}T00:00`, timezone), timezone };
}

/** The CalendarError an action throws, as { field, status, message }; fails the test when it throws none. */
export function calendarErrorOf(action: () => unknown): { field: string; status: number; message: string } {
  try {
    action();
  } catch (error) {
    if (isCalendarError(error)) return { field: error.field, status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a CalendarError");
}
