import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CLASSIFIER_LIMITS, classifierThreadRunning, imageClassifier } from "./classify";

const people = () => readFile(new URL("./__fixtures__/people.jpg", import.meta.url));

/**
 * While `work` ran: the longest the event loop went without running a 5 ms timer, and the share of the
 * time the loop was busy (its utilisation).
 */
async function loopWhile<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; busy: number }> {
  const before = performance.eventLoopUtilization();
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    // A loop held for the whole call never ran the timer: the gap up to now counts too.
    return {
      result,
      stallMs: Math.max(stallMs, performance.now() - last),
      busy: performance.eventLoopUtilization(before).utilization,
    };
  } finally {
    clearInterval(ticker);
  }
}

describe("the Lounge's photo classifier", () => {
  it("runs the real model on its own thread: a benign photo is clean, and the event loop keeps answering", async () => {
    const classify = imageClassifier();
    const bytes = await people();
    // The first photo loads the model (seconds); the second is the model's own work.
    for (const round of ["loading", "loaded"]) {
      const { result, stallMs, busy } = await loopWhile(() => classify(bytes));
      expect(result.porn + result.sexy, round).toBeLessThan(0.3);
      expect(
        Object.values(result).reduce((sum, p) => sum + p, 0),
        round,
      ).toBeCloseTo(1, 3);
      // On the event loop, the model's load stalled it for half a second, and each photo kept it busy
      // for most of the call (a 6 ms timer waited 86 ms); on the thread, the loop only waits.
      expect(stallMs, round).toBeLessThan(150);
      if (round === "loaded") expect(busy).toBeLessThan(0.5);
    }
  }, 60_000);

  it("ends its thread once idle, giving the model's memory back, and starts one again for the next photo", async () => {
    const classify = imageClassifier({ ...CLASSIFIER_LIMITS, idleMs: 300 });
    await classify(await people());
    expect(classifierThreadRunning()).toBe(true);
    await sleep(1000);
    expect(classifierThreadRunning()).toBe(false);
    expect((await classify(await people())).neutral).toBeGreaterThan(0);
  }, 60_000);

  it("stops a thread that takes too long over a photo, and the next photo gets a new one", async () => {
    const bytes = await people();
    await expect(imageClassifier({ ...CLASSIFIER_LIMITS, photoMs: 1 })(bytes)).rejects.toThrow(/took over/);
    expect(classifierThreadRunning()).toBe(false);
    expect((await imageClassifier()(bytes)).neutral).toBeGreaterThan(0);
  }, 60_000);

  it("refuses bytes that are not a photo, naming the check", async () => {
    await expect(imageClassifier()(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
      status: 422,
      message: "This photo could not be read for the automatic check.",
    });
  });
});
