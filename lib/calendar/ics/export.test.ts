import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { applyEventDeletion, applyEventUpdate } from "../edit";
import { newEvent, parseEventInput } from "../model";
import { type CalendarEvent } from "../event";
import { allDayEvent, at, timedEvent } from "../test-helpers";
import { unfold } from "./content-lines";
import { writeICalendar } from "./export";
import { parseICalendar } from "./import";
import { definitionOffsetAt, resolveTzid } from "./timezones";

const LONDON = "Europe/London";
const NOW = at("2026-11-23T12:00");

function swimSeries(): CalendarEvent {
  let swim = timedEvent({
    start: "2026-03-03T18:15",
    timezone: LONDON,
    rrule: "FREQ=WEEKLY;COUNT=6",
    title: "Swimming",
  });
  swim = {
    ...swim,
    details: { ...swim.details, notes: "Goggles; towel, snack\nPick-up 19:20", location: "Leisure Centre" },
  };
  const removed = applyEventDeletion(swim, {
    scope: "THIS",
    occurrenceStart: at("2026-03-10T18:15", LONDON),
    timezone: LONDON,
  });
  if (removed.kind !== "update") throw new Error("update");
  const start = at("2026-04-02T17:00", LONDON);
  const moved = applyEventUpdate(
    removed.event,
    parseEventInput({ title: "Gala", start, end: start + 3600, timezone: LONDON }),
    {
      scope: "THIS",
      occurrenceStart: at("2026-03-31T18:15", LONDON),
      timezone: LONDON,
    },
  );
  if (moved.kind !== "update") throw new Error("update");
  return moved.event;
}

const lines = (file: string) => unfold(file).map((line) => line.text);

describe("the feed", () => {
  const birthday = allDayEvent({
    startDate: "2026-07-14",
    endDate: "2026-07-15",
    rrule: "FREQ=YEARLY",
    title: "Mia's birthday",
  });
  const file = writeICalendar(
    [
      { uid: "swim@happr.test", event: swimSeries(), updatedAt: at("2026-03-01T10:00") },
      { uid: "birthday@happr.test", event: birthday },
    ],
    { name: "Sam's calendar", neutralTitles: false, now: NOW },
  );

  it("is iCalendar with CRLF lines of at most 75 octets", () => {
    expect(file.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Happr//Calendar//EN\r\n")).toBe(true);
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of file.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("keeps the series as an RRULE in its zone, with a VTIMEZONE, its exception and its moved occurrence", () => {
    const text = lines(file);
    expect(text).toContain("DTSTART;TZID=Europe/London:20260303T181500");
    expect(text).toContain("RRULE:FREQ=WEEKLY;COUNT=6");
    expect(text).toContain("EXDATE;TZID=Europe/London:20260310T181500");
    expect(text).toContain("RECURRENCE-ID;TZID=Europe/London:20260331T181500");
    expect(text).toContain("DTSTART;TZID=Europe/London:20260402T170000");
    expect(text).toContain("SUMMARY:Gala");
    expect(text).toContain("DESCRIPTION:Goggles\\; towel\\, snack\\nPick-up 19:20");
    expect(text).toContain("LAST-MODIFIED:20260301T100000Z");
    expect(text).toContain("DTSTAMP:20261123T120000Z");
    expect(text.filter((line) => line === "BEGIN:VTIMEZONE")).toHaveLength(1);
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
  });

  it("writes all-day events as dates", () => {
    const text = lines(file);
    expect(text).toContain("DTSTART;VALUE=DATE:20260714");
    expect(text).toContain("DTEND;VALUE=DATE:20260715");
  });

  it("in neutral mode, every event (moved occurrences too) is Busy, with no notes or location", () => {
    const neutral = writeICalendar([{ uid: "swim@happr.test", event: swimSeries() }], {
      name: "Sam",
      neutralTitles: true,
      now: NOW,
    });
    const text = lines(neutral);
    expect(text.filter((line) => line.startsWith("SUMMARY:"))).toEqual(["SUMMARY:Busy", "SUMMARY:Busy"]);
    expect(neutral).not.toMatch(/Swimming|Gala|Goggles|Leisure|DESCRIPTION|LOCATION/);
    // The times are still there: "busy" must still block the right hours.
    expect(text).toContain("DTSTART;TZID=Europe/London:20260402T170000");
  });

  it("describes the zone so an app reading only VTIMEZONE (Outlook) keeps 18:15 local across summer time", () => {
    const renamed = file.replace(/Europe\/London/g, "Happr Exported Zone");
    const parsed = parseICalendar(renamed, { timezone: "UTC" });
    const swim = parsed.events.find((item) => item.uid === "swim@happr.test")!.event;
    // The definition alone resolves to a zone with London's rules (the name alone resolves to nothing).
    expect(swim.allDay ? null : swim.timezone).toBe(LONDON);
    expect(resolveTzid("Happr Exported Zone", new Map(), at("2026-06-01T00:00"))).toBeNull();
  });

  it("writes VTIMEZONE offsets that agree with the IANA zone, in zones with odd rules too", () => {
    for (const zone of [
      "America/New_York",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "Asia/Kolkata",
      "America/Sao_Paulo",
      "Africa/Casablanca",
    ]) {
      const event = timedEvent({ start: "2018-02-10T10:00", timezone: zone, rrule: "FREQ=MONTHLY" });
      const written = writeICalendar([{ uid: "x", event }], { name: "Zones", neutralTitles: false, now: NOW }).replace(
        new RegExp(zone.replace("/", "\\/"), "g"),
        "Custom",
      );
      const report = parseICalendar(written, { timezone: "UTC" });
      expect(report.skipped).toEqual([]);
      const resolved = report.events[0]!.event;
      if (resolved.allDay) throw new Error("timed");
      for (const sample of ["2018-03-01", "2019-07-01", "2020-10-15", "2024-12-01", "2026-04-01", "2027-10-01"]) {
        const instant = at(`${sample}T12:00`);
        const offset = (name: string) =>
          Temporal.Instant.fromEpochMilliseconds(instant * 1000).toZonedDateTimeISO(name).offsetNanoseconds;
        expect(offset(resolved.timezone)).toBe(offset(zone));
      }
    }
  });
});

describe("what a title or UID cannot do to the feed", () => {
  it("a note that tries to close the event and open another stays inside its own DESCRIPTION", () => {
    const attack = allDayEvent({ startDate: "2026-07-14", endDate: "2026-07-15", title: "Party" });
    const event = {
      ...attack,
      details: {
        ...attack.details,
        notes: "ok\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected\r\nUID:evil",
        location: "Hall;X-INJECT=1,2",
      },
    };
    const file = writeICalendar([{ uid: "party@happr.test", event }], { name: "Feed", neutralTitles: false, now: NOW });
    expect(lines(file).filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    const parsed = parseICalendar(file, { timezone: LONDON });
    expect(parsed.events).toHaveLength(1);
    expect(parsed.events[0]!.event.details.notes).toBe("ok\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected\nUID:evil");
    expect(parsed.events[0]!.event.details.location).toBe("Hall;X-INJECT=1,2");
  });

  it("a UID or calendar name with a line break is refused or escaped, never written raw", () => {
    const event = allDayEvent({ startDate: "2026-07-14", endDate: "2026-07-15" });
    expect(() =>
      writeICalendar([{ uid: "a\r\nBEGIN:VEVENT", event }], { name: "Feed", neutralTitles: false, now: NOW }),
    ).toThrow(RangeError);
    const named = writeICalendar([], { name: "Sam\r\nBEGIN:VEVENT", neutralTitles: false, now: NOW });
    expect(lines(named)).toContain("X-WR-CALNAME:Sam\\nBEGIN:VEVENT");
    expect(lines(named)).not.toContain("BEGIN:VEVENT");
  });

  it("folds long lines without splitting a character", () => {
    const event = allDayEvent({ startDate: "2026-07-14", endDate: "2026-07-15", title: "🎂".repeat(60) });
    const file = writeICalendar([{ uid: "cake", event }], { name: "Feed", neutralTitles: false, now: NOW });
    expect(file).not.toContain("\uFFFD");
    expect(parseICalendar(file, { timezone: LONDON }).events[0]!.event.details.title).toBe("🎂".repeat(60));
  });
});

it("definitionOffsetAt reads an observance with its own rule", () => {
  const definition = {
    tzid: "Test",
    line: 1,
    observances: [
      {
        kind: "STANDARD" as const,
        start: Temporal.PlainDateTime.from("1601-01-01T02:00"),
        offsetFrom: 3600,
        offsetTo: 0,
        rrule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        rdates: [],
      },
      {
        kind: "DAYLIGHT" as const,
        start: Temporal.PlainDateTime.from("1601-01-01T01:00"),
        offsetFrom: 0,
        offsetTo: 3600,
        rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        rdates: [],
      },
    ],
  };
  expect(definitionOffsetAt(definition, at("2026-03-29T00:59"))).toBe(0);
  expect(definitionOffsetAt(definition, at("2026-03-29T01:00"))).toBe(3600);
  expect(definitionOffsetAt(definition, at("2026-10-25T00:59"))).toBe(3600);
  expect(definitionOffsetAt(definition, at("2026-10-25T01:00"))).toBe(0);
});

describe("a series that starts in a repeated hour's second pass (01:00 EST, after 01:00 EDT)", () => {
  const NEW_YORK = "America/New_York";
  const start = at("2026-11-01T00:00", NEW_YORK) + 2 * 3600;
  const series = () =>
    newEvent(
      parseEventInput({
        title: "Night feed",
        start,
        end: start + 1800,
        timezone: NEW_YORK,
        rrule: "FREQ=DAILY;COUNT=3",
      }),
    );
  const roundTrip = (event: CalendarEvent) => {
    const file = writeICalendar([{ uid: "feed@happr.test", event }], { name: "Night", neutralTitles: false, now: NOW });
    const report = parseICalendar(file, { timezone: "UTC" });
    expect(report.skipped).toEqual([]);
    return { text: lines(file), event: report.events[0]!.event };
  };

  it("keeps its first occurrence removed: the EXDATE is written in UTC, which reads as that pass", () => {
    const removed = applyEventDeletion(series(), { scope: "THIS", occurrenceStart: start, timezone: NEW_YORK });
    if (removed.kind !== "update") throw new Error("update");
    const { text, event } = roundTrip(removed.event);
    expect(text).toContain("EXDATE:20261101T060000Z");
    expect(event).toEqual(removed.event);
  });

  it("keeps its first occurrence moved: the RECURRENCE-ID is written in UTC, which names that occurrence", () => {
    const moved = applyEventUpdate(
      series(),
      parseEventInput({ title: "Night feed", start: start + 3600, end: start + 5400, timezone: NEW_YORK }),
      { scope: "THIS", occurrenceStart: start, timezone: NEW_YORK },
    );
    if (moved.kind !== "update") throw new Error("update");
    const { text, event } = roundTrip(moved.event);
    expect(text).toContain("RECURRENCE-ID:20261101T060000Z");
    expect(event).toEqual(moved.event);
  });
});
