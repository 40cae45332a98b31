import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCalendarError } from "../errors";
import { expandEvent } from "../expand";
import { at, days, wall } from "../test-helpers";
import { MAX_ICS_BYTES, type ImportReport, parseICalendar } from "./import";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "__fixtures__", name));
const LONDON = "Europe/London";

function byTitle(report: ImportReport, title: string) {
  const found = report.events.find((item) => item.event.details.title === title);
  if (!found)
    throw new Error(`no event "${title}" in ${report.events.map((item) => item.event.details.title).join(", ")}`);
  return found;
}

function refusal(input: string | Uint8Array): string {
  try {
    parseICalendar(input, { timezone: LONDON });
  } catch (error) {
    if (isCalendarError(error) && error.field === "file" && error.status === 400) return error.message;
    throw error;
  }
  throw new Error("accepted");
}

describe("a Google Calendar export", () => {
  const report = parseICalendar(fixture("google.ics"), { timezone: LONDON });

  it("imports the events keyed by UID and says what it skipped, and why, by line", () => {
    expect(report.calendarName).toBe("Family");
    expect(report.events.map((item) => [item.line, item.uid, item.event.details.title])).toEqual([
      [27, "4q8r2k1v0a9s7f6d5g4h3j2k1l@google.com", "Swimming lesson"],
      [65, "0b1c2d3e4f5a6b7c8d9e0f1a2b@google.com", "Mia's birthday 🎂"],
      [80, "5e6f7a8b9c0d1e2f3a4b5c6d7e@google.com", "Summer in Cornwall"],
      [94, "9a8b7c6d5e4f3a2b1c0d9e8f7a@google.com", "Parents' evening"],
      [108, "7c6b5a4f3e2d1c0b9a8f7e6d5c@google.com", "Book club"],
    ]);
    expect(report.skipped).toEqual([
      {
        line: 124,
        uid: "3f2e1d0c9b8a7f6e5d4c3b2a1f@google.com",
        title: "Antibiotics",
        reason: "line 127: rrule: FREQ=HOURLY is not offered: events repeat daily, weekly, monthly or yearly",
      },
      {
        line: 133,
        uid: "1a2b3c4d5e6f7a8b9c0d1e2f3a@google.com",
        title: "Old plan",
        reason: "line 133: the event is cancelled",
      },
    ]);
  });

  it("keeps the weekly rule in London time, its removed date and its moved occurrence", () => {
    const swim = byTitle(report, "Swimming lesson").event;
    expect(swim).toMatchObject({ allDay: false, timezone: LONDON, rrule: "FREQ=WEEKLY;BYDAY=TU" });
    expect(swim.details).toEqual({
      title: "Swimming lesson",
      privateTitle: null,
      notes: "Bring goggles, a towel and a snack.\nPick-up at 19:20 by the side door.",
      location: "Leisure Centre, 12 High Street, Oxford",
    });
    const occurrences = expandEvent(swim, days("2026-03-16", "2026-04-22", LONDON)).occurrences;
    expect(occurrences.map((occurrence) => `${wall(occurrence.start, LONDON)} ${occurrence.details.title}`)).toEqual([
      "2026-03-17T18:15 Swimming lesson",
      "2026-03-24T18:15 Swimming lesson",
      "2026-03-31T18:15 Swimming lesson",
      "2026-04-16T17:00 Swimming lesson (Thursday this week)",
      "2026-04-21T18:15 Swimming lesson",
    ]);
  });

  it("reads all-day, multi-day, UTC and monthly events", () => {
    expect(byTitle(report, "Mia's birthday 🎂").event).toMatchObject({
      allDay: true,
      startDate: "2026-07-14",
      endDate: "2026-07-15",
      rrule: "FREQ=YEARLY",
    });
    expect(byTitle(report, "Summer in Cornwall").event).toMatchObject({
      allDay: true,
      startDate: "2026-08-01",
      endDate: "2026-08-15",
      rrule: null,
    });
    const evening = byTitle(report, "Parents' evening").event;
    expect(evening).toMatchObject({ allDay: false, start: at("2026-05-05T18:00", LONDON), timezone: "UTC" });
    const club = byTitle(report, "Book club").event;
    expect(club.rrule).toBe("FREQ=MONTHLY;COUNT=10;BYDAY=2TU");
    expect(club.details.notes).toBe(
      "This month's book is chosen by whoever hosts. Bring something to share; we'll sort out drinks.",
    );
  });

  it("gives the same UIDs and events when the same file is imported again", () => {
    expect(parseICalendar(fixture("google.ics"), { timezone: LONDON })).toEqual(report);
  });
});

describe("an Apple Calendar export", () => {
  const report = parseICalendar(fixture("apple.ics"), { timezone: LONDON });

  it("imports school days with two removed, Christmas, a private monthly event with DURATION; skips the rest by line", () => {
    expect(report.events.map((item) => [item.event.details.title, item.private])).toEqual([
      ["School run", false],
      ["Christmas Day", false],
      ["Soccer practice", true],
    ]);
    expect(report.skipped).toEqual([
      {
        line: 75,
        uid: "E5F60718-293A-44B5-C6D7-E8F90A1B2C3D",
        title: "Dentist – Dr Okafor",
        reason: "line 81 is not an iCalendar line (NAME:value)",
      },
      {
        line: 83,
        uid: "F60718293A4B-45C6-D7E8-F90A1B2C3D4E",
        title: "Buy birthday present",
        reason: "line 83: a to-do (VTODO), not an event",
      },
    ]);
  });

  it("keeps 08:00 in Los Angeles across the US change to summer time, without the removed days", () => {
    const school = byTitle(report, "School run").event;
    const LA = "America/Los_Angeles";
    const march = expandEvent(school, days("2026-03-05", "2026-03-11", LA)).occurrences.map((occurrence) =>
      wall(occurrence.start, LA),
    );
    expect(march).toEqual(["2026-03-05T08:00", "2026-03-06T08:00", "2026-03-09T08:00", "2026-03-10T08:00"]);
    const easter = expandEvent(school, days("2026-04-06", "2026-04-09", LA)).occurrences.map((occurrence) =>
      wall(occurrence.start, LA),
    );
    expect(easter).toEqual(["2026-04-08T08:00"]);
  });

  it("reads DURATION and the last Friday of the month", () => {
    const soccer = byTitle(report, "Soccer practice").event;
    if (soccer.allDay) throw new Error("timed");
    expect(soccer.end - soccer.start).toBe(90 * 60);
    expect(soccer.rrule).toBe("FREQ=MONTHLY;UNTIL=20261231T235959Z;BYDAY=-1FR");
  });
});

describe("an Outlook export", () => {
  const report = parseICalendar(fixture("outlook.ics"), { timezone: LONDON });

  it("maps Windows zone names and a custom VTIMEZONE to IANA zones", () => {
    expect(byTitle(report, "Book club").event).toMatchObject({
      timezone: LONDON,
      rrule: "FREQ=MONTHLY;COUNT=6;BYDAY=2TU",
    });
    // "Customized Time Zone" with Central European rules: matched by its offsets over the year.
    const doctor = byTitle(report, "Kinderarts");
    expect(doctor.private).toBe(true);
    expect(doctor.event).toMatchObject({
      timezone: "Europe/Berlin",
      start: at("2026-03-25T14:30", "Europe/Amsterdam"),
    });
  });

  it("keeps the weekly rule with UNTIL, its exception and its moved occurrence", () => {
    const piano = byTitle(report, "Piano – Sam").event;
    expect(piano.rrule).toBe("FREQ=WEEKLY;UNTIL=20260630T170000Z;BYDAY=MO,WE");
    const april = expandEvent(piano, days("2026-04-06", "2026-04-16", LONDON)).occurrences;
    expect(april.map((occurrence) => `${wall(occurrence.start, LONDON)} ${occurrence.details.title}`)).toEqual([
      "2026-04-08T18:00 Piano – Sam",
      "2026-04-13T18:00 Piano – Sam",
      "2026-04-15T17:00 Piano – Sam (exam practice)",
    ]);
    const all = expandEvent(piano, days("2026-01-01", "2027-01-01", LONDON)).occurrences;
    expect(wall(all.at(-1)!.start, LONDON)).toBe("2026-06-29T18:00");
  });

  it("reads the all-day holiday and skips a date that does not exist and an unknown zone, by line", () => {
    expect(byTitle(report, "Easter holidays").event).toMatchObject({
      allDay: true,
      startDate: "2026-04-03",
      endDate: "2026-04-18",
    });
    expect(report.skipped.map((item) => [item.line, item.title, item.reason])).toEqual([
      [130, "Team offsite", "line 135: DTSTART 20260230T090000 is not a date"],
      [
        140,
        "Call with Tokyo office",
        'line 144: time zone "Tokyo Time" is not defined in the file and is not a known time zone',
      ],
    ]);
  });
});

describe("files that are refused whole", () => {
  it("a file that is not iCalendar, naming its line", () => {
    expect(refusal(fixture("not-icalendar.csv"))).toBe(
      'line 1 is "Subject,Start Date,Start Time,End Date,E", not BEGIN:VCALENDAR: this is not an iCalendar file',
    );
    expect(refusal("")).toBe("is empty: an iCalendar file starts with BEGIN:VCALENDAR");
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]))).toBe(
      "is not UTF-8 text, so it is not an iCalendar file",
    );
  });

  it(`a file over ${MAX_ICS_BYTES} bytes`, () => {
    const big = `BEGIN:VCALENDAR\r\nX-PAD:${"x".repeat(MAX_ICS_BYTES)}\r\nEND:VCALENDAR\r\n`;
    expect(refusal(big)).toBe("the file is 1.0 MB; the limit is 1 MB");
  });

  it("a file cut short, or with components that do not close, naming the line", () => {
    const cut = fixture("google.ics").toString("utf8").split("\r\n").slice(0, 40).join("\r\n");
    expect(refusal(cut)).toBe("ends inside VEVENT (opened on line 27): it may be cut short");
    expect(refusal("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")).toBe(
      "line 3: END:VTODO does not close BEGIN:VEVENT from line 2",
    );
    expect(refusal("BEGIN:VCALENDAR\r\nthis is not a property\r\nEND:VCALENDAR\r\n")).toBe(
      "line 2 is not an iCalendar line (NAME:value)",
    );
    const deep = `BEGIN:VCALENDAR\r\n${"BEGIN:X\r\n".repeat(20)}`;
    expect(refusal(deep)).toBe("line 9: components nested too deep");
  });
});

describe("events the importer reads with care", () => {
  const wrap = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR", ""].join("\r\n");

  it("reads floating times in the member's zone, and a timed event without an end as a moment", () => {
    const report = parseICalendar(
      wrap("BEGIN:VEVENT", "UID:a", "DTSTART:20260601T090000", "SUMMARY:Floating", "END:VEVENT"),
      { timezone: "Pacific/Auckland" },
    );
    expect(report.events[0]!.event).toMatchObject({
      allDay: false,
      start: at("2026-06-01T09:00", "Pacific/Auckland"),
      end: at("2026-06-01T09:00", "Pacific/Auckland"),
      timezone: "Pacific/Auckland",
    });
  });

  it("gives an event without a UID a stable key, and an untitled one a title", () => {
    const file = wrap("BEGIN:VEVENT", "DTSTART;VALUE=DATE:20260601", "END:VEVENT");
    const first = parseICalendar(file, { timezone: LONDON }).events[0]!;
    expect(first.uid).toMatch(/^derived:[0-9a-f]{32}$/);
    expect(first.event.details.title).toBe("(No title)");
    expect(first.notes).toEqual([
      "line 3: the event has no UID; it is matched on its start and title when imported again",
    ]);
    expect(parseICalendar(file, { timezone: LONDON }).events[0]!.uid).toBe(first.uid);
  });

  it("cuts a title that is too long, with a note naming the line", () => {
    const report = parseICalendar(
      wrap("BEGIN:VEVENT", "UID:long", "DTSTART;VALUE=DATE:20260601", `SUMMARY:${"a".repeat(250)}`, "END:VEVENT"),
      { timezone: LONDON },
    );
    expect(report.events[0]!.event.details.title).toHaveLength(200);
    expect(report.events[0]!.notes).toEqual(["line 6: SUMMARY was cut to 200 characters"]);
  });

  it("notes RDATE as left out, and skips an event without DTSTART or ending before it starts", () => {
    const report = parseICalendar(
      wrap(
        "BEGIN:VEVENT",
        "UID:r",
        "DTSTART;VALUE=DATE:20260601",
        "RRULE:FREQ=WEEKLY",
        "RDATE;VALUE=DATE:20260603",
        "SUMMARY:Extra",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:n",
        "SUMMARY:No start",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:b",
        "DTSTART:20260601T100000Z",
        "DTEND:20260601T090000Z",
        "SUMMARY:Backwards",
        "END:VEVENT",
      ),
      { timezone: LONDON },
    );
    expect(report.events.map((item) => item.notes)).toEqual([
      ["line 7: extra dates (RDATE) are not supported and were left out"],
    ]);
    expect(report.skipped.map((item) => item.reason)).toEqual([
      "line 10: the event has no DTSTART",
      "line 17: the event ends before it starts",
    ]);
  });

  it("imports one occurrence whose series is not in the file as an event of its own", () => {
    const report = parseICalendar(
      wrap(
        "BEGIN:VEVENT",
        "UID:series-elsewhere",
        "RECURRENCE-ID:20260601T090000Z",
        "DTSTART:20260601T100000Z",
        "DTEND:20260601T110000Z",
        "SUMMARY:Moved",
        "END:VEVENT",
      ),
      { timezone: LONDON },
    );
    expect(report.events.map((item) => [item.uid, item.event.details.title])).toEqual([
      ["series-elsewhere#20260601T090000Z", "Moved"],
    ]);
  });

  it("skips a change to an occurrence the series does not have, and a second event with the same UID", () => {
    const report = parseICalendar(
      wrap(
        "BEGIN:VEVENT",
        "UID:s",
        "DTSTART;VALUE=DATE:20260601",
        "RRULE:FREQ=WEEKLY;COUNT=2",
        "SUMMARY:Series",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:s",
        "RECURRENCE-ID;VALUE=DATE:20260602",
        "DTSTART;VALUE=DATE:20260603",
        "SUMMARY:Nope",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:s",
        "DTSTART;VALUE=DATE:20260901",
        "SUMMARY:Twin",
        "END:VEVENT",
      ),
      { timezone: LONDON },
    );
    expect(report.events.map((item) => item.event.details.title)).toEqual(["Series"]);
    expect(report.skipped.map((item) => item.reason)).toEqual([
      "line 11: RECURRENCE-ID names no occurrence of the event on line 3",
      "line 15: a second event with the UID of the one on line 3",
    ]);
  });
});
