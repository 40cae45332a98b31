import { describe, expect, it } from "vitest";
import { isCalendarError } from "./errors";
import { normaliseRrule, parseRrule } from "./rrule";
import { at } from "./test-helpers";

const timed = { allDay: false as const, start: at("2026-03-17T18:15", "Europe/London"), timezone: "Europe/London" };
const allDay = { allDay: true as const, startDate: "2026-03-17" };

function refusal(text: string, start: Parameters<typeof parseRrule>[1] = timed): string {
  try {
    parseRrule(text, start);
  } catch (error) {
    if (isCalendarError(error) && error.field === "rrule" && error.status === 400) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${text}`);
}

describe("RRULE validation", () => {
  it("refuses sub-daily frequencies, bounded or not, and says what is offered", () => {
    expect(refusal("FREQ=SECONDLY")).toBe(
      "FREQ=SECONDLY is not offered: events repeat daily, weekly, monthly or yearly",
    );
    expect(refusal("FREQ=MINUTELY;COUNT=5")).toContain("FREQ=MINUTELY is not offered");
    expect(refusal("FREQ=HOURLY;UNTIL=20260401T000000Z")).toContain("FREQ=HOURLY is not offered");
  });

  it.each([
    ["", "is empty"],
    ["BYDAY=TU", "FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)"],
    ["FREQ=FORTNIGHTLY", "FREQ=FORTNIGHTLY is not a frequency (DAILY, WEEKLY, MONTHLY or YEARLY)"],
    ["FREQ=WEEKLY;FREQ=DAILY", "FREQ appears twice"],
    ["FREQ=WEEKLY;COUNT=3;UNTIL=20260401T000000Z", "COUNT and UNTIL cannot both be set (choose one way to end)"],
    ["FREQ=WEEKLY;COUNT=0", "COUNT=0 is not a whole number from 1 to 1000"],
    ["FREQ=WEEKLY;COUNT=1001", "COUNT=1001 is not a whole number from 1 to 1000"],
    ["FREQ=WEEKLY;INTERVAL=1.5", "INTERVAL=1.5 is not a whole number from 1 to 999"],
    ["FREQ=WEEKLY;BYDAY=XX", "BYDAY=XX is not a weekday (MO, TU, WE, TH, FR, SA or SU)"],
    ["FREQ=WEEKLY;BYDAY=2TU", "BYDAY=2TU: a numbered weekday needs FREQ=MONTHLY or YEARLY"],
    ["FREQ=MONTHLY;BYDAY=6TU", "BYDAY=6 is not a whole number from -5 to 5"],
    ["FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY=32 is not a whole number from -31 to 31"],
    ["FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY=0: 0 is not allowed (count from 1, or from -1 for the last)"],
    ["FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY cannot be used with FREQ=WEEKLY"],
    ["FREQ=YEARLY;BYMONTH=13", "BYMONTH=13 is not a whole number from 1 to 12"],
    [
      "FREQ=DAILY;BYHOUR=9,17",
      "BYHOUR is not supported: an event happens once on each day it repeats, at its start time",
    ],
    ["FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO is not supported: repeat by weekday, date or month instead"],
    ["FREQ=MONTHLY;BYSETPOS=2", "BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to pick from"],
    ["FREQ=WEEKLY;COLOUR=blue", "COLOUR is not a recurrence rule part"],
    ["FREQ=WEEKLY;BYDAY", '"BYDAY" is not NAME=VALUE'],
    ["FREQ=WEEKLY;UNTIL=20260230", "UNTIL=20260230 is not a date"],
    ["FREQ=WEEKLY;UNTIL=next week", "UNTIL=next week is not a date (YYYYMMDD) or a UTC date-time (YYYYMMDDTHHMMSSZ)"],
    ["FREQ=WEEKLY;UNTIL=20260316T000000Z", "UNTIL is before the event's start (2026-03-17)"],
  ])("refuses %j", (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});

describe("RRULE normalisation", () => {
  it.each([
    ["RRULE:freq=weekly;byday=th,tu;interval=1", "FREQ=WEEKLY;BYDAY=TU,TH"],
    ["FREQ=WEEKLY;WKST=SU;BYDAY=MO,WE", "FREQ=WEEKLY;BYDAY=MO,WE"],
    ["FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO,WE", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU"],
    ["FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2", "FREQ=MONTHLY;BYDAY=2TU"],
    ["FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;COUNT=6", "FREQ=MONTHLY;COUNT=6;BYDAY=-1FR"],
    ["FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"],
    // Two months: the last Sunday of the pair is not "the last Sunday of each": left alone.
    ["FREQ=YEARLY;BYMONTH=3,10;BYDAY=SU;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=3,10;BYDAY=SU;BYSETPOS=-1"],
    ["FREQ=DAILY;X-GOOGLE-THING=1", "FREQ=DAILY"],
    // A timed series with a date UNTIL runs through that day where the series is (London, BST).
    ["FREQ=WEEKLY;UNTIL=20260407", "FREQ=WEEKLY;UNTIL=20260407T225959Z"],
    ["FREQ=WEEKLY;UNTIL=20260407T190000", "FREQ=WEEKLY;UNTIL=20260407T180000Z"],
  ])("%s -> %s", (text, normalised) => {
    expect(normaliseRrule(text, timed)).toBe(normalised);
  });

  it("keeps an all-day UNTIL a date, as RFC 5545 asks", () => {
    expect(normaliseRrule("FREQ=DAILY;UNTIL=20260320", allDay)).toBe("FREQ=DAILY;UNTIL=20260320");
    expect(normaliseRrule("FREQ=DAILY;UNTIL=20260320T235959Z", allDay)).toBe("FREQ=DAILY;UNTIL=20260320");
    expect(refusal("FREQ=DAILY;UNTIL=20260316", allDay)).toBe("UNTIL is before the event's start (2026-03-17)");
  });
});
