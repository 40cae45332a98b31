import { expect, it } from "vitest";
import { pageSizeCost } from "./page-size-cost";

it("turns the per-response cost of the extra bytes into a ceiling on the ratio and a page-size budget", () => {
  // Baseline: 1000 req/s, i.e. 1000 µs a request. Main's 55 kB more cost 250 µs more: 4.545 µs/kB.
  const cost = pageSizeCost({
    mainBytes: 60_000,
    baselineBytes: 5_000,
    mainCpuMicros: 330,
    baselineCpuMicros: 80,
    baselineRps: 1000,
    goal: 0.9,
  });
  expect(cost.extraMicros).toBe(250);
  expect(cost.microsPerKb).toBeCloseTo(4.545, 3);
  expect(cost.ceilingRatio).toBeCloseTo(0.8, 6); // 1000 / 1250
  // 0.9 allows 111.1 µs over the baseline: 24.4 kB more than its 5 kB.
  expect(cost.maxBytesForGoal).toBeCloseTo(5_000 + (111.111 / 4.545) * 1000, -2);
});

it("puts no ceiling below 1 when the bigger page costs nothing more to send", () => {
  const cost = pageSizeCost({
    mainBytes: 60_000,
    baselineBytes: 5_000,
    mainCpuMicros: 70,
    baselineCpuMicros: 80,
    baselineRps: 1000,
    goal: 0.9,
  });
  expect(cost.ceilingRatio).toBe(1);
  expect(cost.maxBytesForGoal).toBe(Number.POSITIVE_INFINITY);
});
