import { describe, expect, it } from "vitest";
import { closedMessage, heatOf, openingOf } from "./pace";

const adults = { name: "Keeping Going", opensAtMinute: 360, closesAtMinute: 1380 };
const at = (iso: string) => Date.parse(iso) / 1000;

describe("opening hours by the member's clock", () => {
  it("is open from 06:00 to 23:00 where the member is, and says when it opens next", () => {
    expect(openingOf(adults, "Europe/London", at("2026-07-01T21:59:00Z"))).toEqual({ open: true, opensAt: null });
    // 23:00 in London in summer is 22:00 UTC: closed until 06:00 London (05:00 UTC) the next day.
    expect(openingOf(adults, "Europe/London", at("2026-07-01T22:00:00Z"))).toEqual({
      open: false,
      opensAt: at("2026-07-02T05:00:00Z"),
    });
    // 03:00 in Sydney: closed, opens at 06:00 the same day there.
    expect(openingOf(adults, "Australia/Sydney", at("2026-07-01T17:00:00Z"))).toEqual({
      open: false,
      opensAt: at("2026-07-01T20:00:00Z"),
    });
  });

  it("follows the clock change: 06:00 is 06:00 local on the morning after it", () => {
    // Clocks go forward in London at 01:00 UTC on 29 March 2026.
    expect(openingOf(adults, "Europe/London", at("2026-03-29T03:00:00Z"))).toEqual({
      open: false,
      opensAt: at("2026-03-29T05:00:00Z"),
    });
  });

  it("a room open across midnight (22:00 to 02:00) is open at 01:00 and closed at 03:00", () => {
    const late = { opensAtMinute: 1320, closesAtMinute: 120 };
    expect(openingOf(late, "UTC", at("2026-01-10T01:00:00Z")).open).toBe(true);
    expect(openingOf(late, "UTC", at("2026-01-10T03:00:00Z"))).toEqual({
      open: false,
      opensAt: at("2026-01-10T22:00:00Z"),
    });
  });

  it("names the hours in its message", () => {
    expect(closedMessage(adults)).toBe(
      "Keeping Going is closed for the night: it opens at 06:00 and closes at 23:00, your time.",
    );
  });
});

describe("slow mode", () => {
  it("turns on at six posts in a minute, with its reason, for ten minutes", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    expect(heatOf(5, now)).toBeNull();
    expect(heatOf(6, now)).toEqual({
      seconds: 60,
      reason: expect.stringContaining("6 posts in one minute"),
      until: new Date("2026-01-10T12:10:00Z"),
    });
  });
});
