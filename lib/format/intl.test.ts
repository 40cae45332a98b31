import { describe, expect, it } from "vitest";
import { dateTimeFormat, formattersKept } from "./intl";

describe("dateTimeFormat", () => {
  it("formats as Intl.DateTimeFormat does, and gives the same formatter for the same locale and options", () => {
    const options = { weekday: "long", day: "numeric", month: "long", timeZone: "Europe/London" } as const;
    const formatter = dateTimeFormat("en-GB", options);
    expect(formatter.format(Date.UTC(2026, 2, 17, 12))).toBe("Tuesday 17 March");
    expect(dateTimeFormat("en-GB", { ...options })).toBe(formatter);
    expect(dateTimeFormat("en-GB", { ...options, timeZone: "Asia/Tokyo" })).not.toBe(formatter);
  });

  it("keeps at most 512 formatters however many zones and options are asked for", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    for (const timeZone of zones)
      for (const hour of ["numeric", "2-digit"] as const) dateTimeFormat("en-GB", { timeZone, hour });
    expect(zones.length * 2).toBeGreaterThan(512);
    expect(formattersKept()).toBe(512);
  });
});
