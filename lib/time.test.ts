import { describe, expect, it } from "vitest";
import { nextLocalTime } from "./time";

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
