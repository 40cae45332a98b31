import { expect, it } from "vitest";
import { formatDate } from "./date";

it("formats ISO strings and Unix seconds as Mon D, YYYY in UTC", () => {
  expect(formatDate("2026-11-05T23:30:00Z")).toBe("Nov 5, 2026");
  expect(formatDate("2026-01-15T00:00:00.000Z")).toBe("Jan 15, 2026");
  expect(formatDate(1_767_225_599)).toBe("Dec 31, 2025");
});

it("refuses what is not a date", () => {
  expect(() => formatDate("soon")).toThrow(RangeError);
});
