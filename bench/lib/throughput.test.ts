import { expect, it } from "vitest";
import { percentile } from "./throughput";

it("takes the nearest-rank percentile", () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
  expect(percentile(values, 95)).toBe(95);
  expect(percentile(values, 50)).toBe(50);
  expect(percentile([7], 95)).toBe(7);
  expect(percentile([], 95)).toBeNaN();
});
