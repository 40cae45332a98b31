import { describe, expect, it } from "vitest";
import { customZoneFile, largestHostileFile, manyRemovedDatesFile } from "./__fixtures__/hostile";
import { MAX_IMPORT_EVENTS, parseICalendar } from "./import";

/**
 * A member could upload a crafted file to make the server work for minutes. The size limit bounds
 * the text; these bound the work each part of it can ask for.
 */

const wrap = (events: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", ...events, "END:VCALENDAR", ""].join("\r\n");

describe("an import cannot be made expensive", () => {
  it("searches for the next date of only so many unusual rules, then skips the rest saying why", () => {
    // Every one of these needs a search through years of days to find it never repeats.
    const never = Array.from({ length: 400 }, (_, index) =>
      [
        "BEGIN:VEVENT",
        `UID:never-${index}`,
        "DTSTART;VALUE=DATE:20260101",
        "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
        "SUMMARY:x",
        "END:VEVENT",
      ].join("\r\n"),
    );
    const report = parseICalendar(wrap(never), { timezone: "Europe/London" });
    expect(report.events).toEqual([]);
    const reasons = report.skipped.map((item) => item.reason.replace(/^line \d+: /, ""));
    const searched = reasons.filter((reason) => reason.includes("gives no date"));
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.length).toBeLessThanOrEqual(10);
    expect(
      reasons.filter((reason) => reason === "rrule: is an unusual rule, and one import checks only so many of them"),
    ).toHaveLength(400 - searched.length);
  });

  it("plain rules (the ones calendars write) cost no search, however many", () => {
    const weekly = Array.from({ length: 1500 }, (_, index) =>
      [
        "BEGIN:VEVENT",
        `UID:weekly-${index}`,
        "DTSTART;TZID=Europe/London:20260105T090000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,WE",
        "SUMMARY:x",
        "END:VEVENT",
      ].join("\r\n"),
    );
    expect(parseICalendar(wrap(weekly), { timezone: "Europe/London" }).events).toHaveLength(1500);
  });

  it("stops reading removed dates past the limit, and changed occurrences past theirs", () => {
    const many = Array.from({ length: 1001 }, (_, day) =>
      new Date(Date.UTC(2026, 0, 2 + day)).toISOString().slice(0, 10).replace(/-/g, ""),
    ).join(",");
    const exdates = parseICalendar(
      wrap([
        [
          "BEGIN:VEVENT",
          "UID:x",
          "DTSTART;VALUE=DATE:20260101",
          "RRULE:FREQ=DAILY",
          `EXDATE;VALUE=DATE:${many}`,
          "END:VEVENT",
        ].join("\r\n"),
      ]),
      {
        timezone: "Europe/London",
      },
    );
    expect(exdates.skipped.map((item) => item.reason)).toEqual(["line 7: more than 1000 removed dates"]);

    const series = [
      "BEGIN:VEVENT",
      "UID:s",
      "DTSTART;VALUE=DATE:20260101",
      "RRULE:FREQ=DAILY",
      "SUMMARY:Daily",
      "END:VEVENT",
    ].join("\r\n");
    const changes = Array.from({ length: 502 }, (_, day) => {
      const date = new Date(Date.UTC(2026, 0, 2 + day)).toISOString().slice(0, 10).replace(/-/g, "");
      return [
        "BEGIN:VEVENT",
        "UID:s",
        `RECURRENCE-ID;VALUE=DATE:${date}`,
        `DTSTART;VALUE=DATE:${date}`,
        "SUMMARY:Changed",
        "END:VEVENT",
      ].join("\r\n");
    });
    const report = parseICalendar(wrap([series, ...changes]), { timezone: "Europe/London" });
    expect(report.events[0]!.event.overrides).toHaveLength(500);
    expect(report.skipped).toHaveLength(2);
    expect(report.skipped[0]!.reason).toMatch(/^line \d+: more than 500 changed occurrences of the event on line 3$/);
  });
});

describe("a crafted time zone cannot make an import expensive (issue 38)", () => {
  const timed = <T>(read: () => T): { value: T; ms: number } => {
    const started = performance.now();
    const value = read();
    return { value, ms: performance.now() - started };
  };

  // On 708e2fb these took 1 s, 4.4 s, 43 s and minutes: each TZID reference walked the hourly rule again.
  it.each([
    ["one observance, one event", customZoneFile(1, 0)],
    ["one observance, 10 removed dates", customZoneFile(1, 10)],
    ["one observance, 40 removed dates", customZoneFile(1, 40)],
    ["3 observances, 40 removed dates", customZoneFile(3, 40)],
  ])(
    "%s: the zone's hourly rule is refused, saying so, in well under a second",
    (_name, file) => {
      parseICalendar(customZoneFile(1, 0), { timezone: "UTC" }); // warm
      const { value, ms } = timed(() => parseICalendar(file, { timezone: "UTC" }));
      expect(ms).toBeLessThan(500);
      expect(value.events).toEqual([]);
      expect(value.skipped[0]!.reason).toMatch(
        /time zone "Happr Odd Time" \(line 4\) has an observance rule on line 10 that repeats more often than yearly/,
      );
    },
    60_000,
  );

  it("the largest such file under 1 MB is refused whole, quickly", () => {
    const file = largestHostileFile();
    expect(file.length).toBeGreaterThan(1_000_000);
    const { ms } = timed(() =>
      expect(() => parseICalendar(file, { timezone: "UTC" })).toThrow(/more than 50 time zones \(VTIMEZONE\)/),
    );
    expect(ms).toBeLessThan(1000);
  }, 60_000);

  it("a zone used thousands of times is matched once: yearly rules of an unknown name cost one lookup", () => {
    // A real zone's rules (London's), under a name that is none, by every removed date of 40 series.
    const zone = [
      "BEGIN:VTIMEZONE",
      "TZID:Happr Islands Time",
      "BEGIN:STANDARD",
      "DTSTART:16011028T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0000",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:16010325T010000",
      "TZOFFSETFROM:+0000",
      "TZOFFSETTO:+0100",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ].join("\r\n");
    const events = Array.from({ length: 40 }, (_, index) =>
      [
        "BEGIN:VEVENT",
        `UID:e${index}`,
        "DTSTART;TZID=Happr Islands Time:20260105T090000",
        "RRULE:FREQ=WEEKLY",
        ...Array.from({ length: 200 }, (_, week) => {
          const date = new Date(Date.UTC(2026, 0, 12 + 7 * week)).toISOString().slice(0, 10).replace(/-/g, "");
          return `EXDATE;TZID=Happr Islands Time:${date}T090000`;
        }),
        "END:VEVENT",
      ].join("\r\n"),
    );
    parseICalendar(wrap([zone, events[0]!]), { timezone: "UTC" }); // the year's zones, indexed once per process
    const { value, ms } = timed(() => parseICalendar(wrap([zone, ...events]), { timezone: "UTC" }));
    expect(value.events).toHaveLength(40);
    expect(value.events[0]!.event).toMatchObject({ timezone: "Europe/London" });
    expect(value.events[0]!.event.exdates).toHaveLength(200);
    expect(ms).toBeLessThan(3000);
  }, 60_000);

  it("refuses a file past its time budget whole, naming the file", () => {
    const { ms } = timed(() =>
      expect(() =>
        parseICalendar(manyRemovedDatesFile(), { timezone: "UTC", budgetMs: 300, fileName: "family.ics" }),
      ).toThrow('"family.ics" asks for more work than an import may do (over 0.3 s)'),
    );
    expect(ms).toBeLessThan(1500);
  }, 60_000);
});

describe("the event cap counts every kind of event (issue 38)", () => {
  it("occurrences whose series is not in the file count against the 2000 events", () => {
    const events = Array.from({ length: MAX_IMPORT_EVENTS + 50 }, (_, index) =>
      [
        "BEGIN:VEVENT",
        `UID:lone-${index}`,
        "RECURRENCE-ID;VALUE=DATE:20260105",
        "DTSTART;VALUE=DATE:20260105",
        "SUMMARY:One date",
        "END:VEVENT",
      ].join("\r\n"),
    );
    const report = parseICalendar(wrap(events), { timezone: "UTC" });
    expect(report.events).toHaveLength(MAX_IMPORT_EVENTS);
    expect(report.skipped).toHaveLength(50);
    expect(report.skipped[0]!.reason).toMatch(/an import takes at most 2000 events$/);
  }, 60_000);
});
