import { describe, expect, it } from "vitest";
import { isCalendarError } from "./errors";
import { checkCalendarEvent, newEvent, parseEventInput } from "./model";
import { at } from "./test-helpers";

const start = at("2026-03-17T18:15", "Europe/London");
const timed = { title: "Swimming", start, end: start + 3600, timezone: "Europe/London" };
const allDay = { title: "Trip", startDate: "2026-08-01", endDate: "2026-08-15" };

function refusal(input: unknown): { field: string; message: string } {
  try {
    parseEventInput(input);
  } catch (error) {
    if (isCalendarError(error) && error.status === 400) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("accepted");
}

describe("EventInput validation", () => {
  it("accepts a timed event and keeps the zone's canonical name", () => {
    expect(
      parseEventInput({ ...timed, timezone: "europe/london", notes: "  Bring goggles\r\n", location: "" }),
    ).toEqual({
      allDay: false,
      start,
      end: start + 3600,
      timezone: "Europe/London",
      rrule: null,
      details: { title: "Swimming", privateTitle: null, notes: "Bring goggles", location: null },
    });
  });

  it("accepts an all-day multi-day event with a rule", () => {
    expect(parseEventInput({ ...allDay, rrule: "FREQ=YEARLY;COUNT=3" })).toMatchObject({
      allDay: true,
      startDate: "2026-08-01",
      endDate: "2026-08-15",
      rrule: "FREQ=YEARLY;COUNT=3",
    });
  });

  it.each([
    [{ ...timed, title: "" }, "title", "is required"],
    [{ ...timed, title: "   " }, "title", "is required"],
    [{ ...timed, title: "a".repeat(201) }, "title", "is longer than 200 characters"],
    [{ ...timed, title: "Swim\nEND:VEVENT" }, "title", "must be one line without control characters"],
    [{ ...timed, notes: "x".repeat(5001) }, "notes", "is longer than 5000 characters"],
    [{ ...timed, end: start - 60 }, "end", "must not be before start"],
    [{ ...timed, end: start + 367 * 86_400 }, "end", "an event lasts at most 366 days"],
    [{ ...timed, end: undefined }, "end", "is required"],
    [{ ...timed, start: 1.5 }, "start", "must be a whole number of seconds"],
    [{ ...timed, start: "tomorrow" }, "start", "must be a Unix time in seconds"],
    [
      { ...timed, timezone: "Mars/Olympus_Mons" },
      "timezone",
      '"Mars/Olympus_Mons" is not a known time zone (use an IANA name like Europe/London)',
    ],
    [
      { ...timed, timezone: "+01:00" },
      "timezone",
      '"+01:00" is not a known time zone (use an IANA name like Europe/London)',
    ],
    [{ ...timed, timezone: undefined }, "timezone", "is required for a timed event (an IANA name like Europe/London)"],
    [{ title: "Nothing" }, "start", "is required (or startDate and endDate for an all-day event)"],
    [
      { ...timed, startDate: "2026-03-17" },
      "startDate",
      "give start, end and timezone for a timed event, or startDate and endDate for an all-day event, not both",
    ],
    [{ ...allDay, startDate: "2026-02-30" }, "startDate", "2026-02-30 is not a date"],
    [{ ...allDay, startDate: "2026-2-3" }, "startDate", "must be a date (YYYY-MM-DD)"],
    [{ ...allDay, endDate: "3026-01-01" }, "endDate", "must be between 1900 and 2999"],
    [
      { ...allDay, endDate: "2026-08-01" },
      "endDate",
      "must be after startDate (it is exclusive: a one-day event on 2026-08-01 ends the next day)",
    ],
    [{ ...allDay, endDate: undefined }, "endDate", "is required for an all-day event (the day after the last day)"],
    [
      { ...timed, rrule: "FREQ=SECONDLY" },
      "rrule",
      "FREQ=SECONDLY is not offered: events repeat daily, weekly, monthly or yearly",
    ],
    [
      { ...allDay, rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30" },
      "rrule",
      "the rule gives no date in the eight years after the event's start (like a 30th of February)",
    ],
  ])("refuses %j naming %s", (input, field, message) => {
    expect(refusal(input)).toEqual({ field, message });
  });

  it("accepts rules that skip months but do come back (the 31st, 29 February)", () => {
    expect(
      parseEventInput({ title: "Rent", startDate: "2026-01-31", endDate: "2026-02-01", rrule: "FREQ=MONTHLY" }).rrule,
    ).toBe("FREQ=MONTHLY");
    expect(
      parseEventInput({ title: "Leap", startDate: "2028-02-29", endDate: "2028-03-01", rrule: "FREQ=YEARLY" }).rrule,
    ).toBe("FREQ=YEARLY");
    expect(refusal({ ...timed, rrule: "FREQ=DAILY;INTERVAL=7;BYDAY=WE" })).toEqual({
      field: "rrule",
      message: "the rule gives no date in the eight years after the event's start (like a 30th of February)",
    });
  });

  it("a rule with COUNT=1 need not repeat", () => {
    expect(parseEventInput({ ...allDay, rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=1" }).rrule).toBe(
      "FREQ=YEARLY;COUNT=1;BYMONTH=2;BYMONTHDAY=30",
    );
  });
});

describe("checkCalendarEvent", () => {
  it("sorts and de-duplicates exceptions", () => {
    const event = newEvent(parseEventInput({ ...timed, rrule: "FREQ=WEEKLY" }));
    if (event.allDay) throw new Error("timed");
    const week = 7 * 86_400;
    const checked = checkCalendarEvent({ ...event, exdates: [start + 2 * week, start + week, start + week] });
    expect(checked.exdates).toEqual([start + week, start + 2 * week]);
  });

  it("refuses an occurrence both removed and changed, and an override ending before it starts", () => {
    const event = newEvent(parseEventInput({ ...timed, rrule: "FREQ=WEEKLY" }));
    if (event.allDay) throw new Error("timed");
    const week = start + 7 * 86_400;
    const both = {
      ...event,
      exdates: [week],
      overrides: [{ recurrenceId: week, start: week, end: week + 60, details: {} }],
    };
    expect(() => checkCalendarEvent(both)).toThrow(`the occurrence ${week} is both removed and changed`);
    const backwards = { ...event, overrides: [{ recurrenceId: week, start: week, end: week - 60, details: {} }] };
    expect(() => checkCalendarEvent(backwards)).toThrow(
      expect.objectContaining({ field: "overrides.0.end", message: "must not be before start" }),
    );
    const badTitle = { ...event, overrides: [{ recurrenceId: week, start: week, end: week, details: { title: "" } }] };
    expect(() => checkCalendarEvent(badTitle)).toThrow(
      expect.objectContaining({ field: "overrides.0.details.title", message: "is required" }),
    );
  });
});
