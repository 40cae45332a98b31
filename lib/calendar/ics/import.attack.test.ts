import { describe, expect, it } from "vitest";
import { parseICalendar } from "./import";

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
