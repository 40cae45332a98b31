import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { localDateOf, nextLocalTime } from "./time";

describe("localDateOf", () => {
  const byTemporal = (instant: number, zone: string) =>
    Temporal.Instant.fromEpochMilliseconds(instant * 1000)
      .toZonedDateTimeISO(zone)
      .toPlainDate()
      .toString();
  // Days of 23 and 25 hours, a midnight that does not exist (Havana springs forward at 00:00), a day
  // that does not exist (Apia skipped 30 December 2011) and a zone half an hour off.
  const spans: [zone: string, from: string][] = [
    ["Europe/London", "2026-03-28T12:00:00Z"],
    ["Europe/London", "2026-10-24T12:00:00Z"],
    ["America/Havana", "2026-03-07T12:00:00Z"],
    ["America/Havana", "2026-10-31T12:00:00Z"],
    ["Pacific/Apia", "2011-12-28T12:00:00Z"],
    ["Asia/Kolkata", "2026-11-28T12:00:00Z"],
  ];

  it.each(spans)("answers what Temporal answers for every instant around a change in %s (%s)", (zone, from) => {
    const start = Date.parse(from) / 1000;
    // Every 7 minutes over three days, forwards, backwards and shuffled: the remembered day of one
    // answer must never leak into the next.
    const instants = Array.from({ length: (3 * 24 * 60) / 7 }, (_, i) => start + i * 7 * 60);
    const shuffled = instants.map((instant, i) => instants[(i * 7919) % instants.length]!);
    for (const instant of [...instants, ...[...instants].reverse(), ...shuffled])
      expect(localDateOf(instant, zone), `${new Date(instant * 1000).toISOString()} in ${zone}`).toBe(
        byTemporal(instant, zone),
      );
  });

  it("the second before and the first second of a day, in two zones asked in turn", () => {
    const londonMidnight = Date.parse("2026-07-01T23:00:00Z") / 1000; // 00:00 BST on 2 July
    const tokyoMidnight = Date.parse("2026-07-01T15:00:00Z") / 1000; // 00:00 JST on 2 July
    expect(localDateOf(londonMidnight - 1, "Europe/London")).toBe("2026-07-01");
    expect(localDateOf(tokyoMidnight - 1, "Asia/Tokyo")).toBe("2026-07-01");
    expect(localDateOf(londonMidnight, "Europe/London")).toBe("2026-07-02");
    expect(localDateOf(tokyoMidnight, "Asia/Tokyo")).toBe("2026-07-02");
    expect(localDateOf(londonMidnight - 1, "Europe/London")).toBe("2026-07-01");
  });
});

describe("nextLocalTime", () => {
  // Wednesday 2026-03-11, 10:00 UTC.
  const now = new Date("2026-03-11T10:00:00Z");

  it("is the next time the member's clock shows it, today when still ahead", () => {
    expect(nextLocalTime(now, "Europe/London", "19:30").toISOString()).toBe("2026-03-11T19:30:00.000Z");
    expect(nextLocalTime(now, "Europe/London", "10:00").toISOString()).toBe("2026-03-12T10:00:00.000Z");
    expect(nextLocalTime(now, "Asia/Tokyo", "09:00").toISOString()).toBe("2026-03-12T00:00:00.000Z");
  });

  it("a weekday follows the zone's change of summer time", () => {
    // Sunday 29 March 2026 London moves to BST: 18:00 local is 17:00 UTC.
    expect(
      nextLocalTime(new Date("2026-03-23T00:00:00Z"), "Europe/London", "18:00", (day) => day === 7).toISOString(),
    ).toBe("2026-03-29T17:00:00.000Z");
  });

  it("a monthly day needs a longer horizon, and says so when there is none", () => {
    const firstSunday = (day: number, date: { day: number }) => day === 7 && date.day <= 7;
    // The first Sunday of March has passed: April's, 5 April, 10:00 BST.
    expect(nextLocalTime(now, "Europe/London", "10:00", firstSunday, 62).toISOString()).toBe(
      "2026-04-05T09:00:00.000Z",
    );
    expect(() => nextLocalTime(now, "Europe/London", "10:00", firstSunday)).toThrow(RangeError);
  });
});
