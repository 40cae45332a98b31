import { describe, expect, it } from "vitest";
import { manyRemovedDatesFile } from "./__fixtures__/hostile";
import { PARSE_LIMITS, parseICalendarOffThread } from "./parse-off-thread";

/**
 * A crafted calendar file must not stall the server (issue 38): it is read on a worker thread, so the
 * event loop that answers requests keeps turning, and it is refused within about a second, naming it.
 */

const bytes = (text: string) => new TextEncoder().encode(text);
const small = bytes(
  [
    "BEGIN:VCALENDAR",
    "BEGIN:VEVENT",
    "UID:a",
    "DTSTART;TZID=Europe/London:20260105T090000",
    "SUMMARY:Swim",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n"),
);

/** The longest the event loop went without turning while `work` ran (a 10 ms interval's largest gap). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  const [result] = await Promise.allSettled([work()]);
  // Let the interval run once more: a stall that just ended is measured by its next tick.
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(timer);
  return { result, stallMs };
}

describe("reading a calendar file off the event loop", () => {
  it("answers a 1 MB file that asks for seconds of work within 2 s (refused past its budget, naming it), while the loop keeps turning", async () => {
    await parseICalendarOffThread(small, { timezone: "UTC" }); // the thread started (not timed)
    const started = performance.now();
    const { result, stallMs } = await longestStall(() =>
      parseICalendarOffThread(bytes(manyRemovedDatesFile()), { timezone: "UTC", fileName: "family.ics" }),
    );
    expect(performance.now() - started).toBeLessThan(2000);
    // On a quiet machine the reader may get through it inside its budget; past the budget it is refused,
    // naming the file. Either way the answer comes within 2 s and the loop never waits for it.
    if (result.status === "rejected")
      expect(result.reason).toMatchObject({
        status: 400,
        field: "file",
        message: expect.stringMatching(/^"family\.ics" (asks for more work than an import may do|takes too long)/),
      });
    // In process, the same file holds the loop for its whole reading (10 s on 708e2fb).
    expect(stallMs).toBeLessThan(250);
  }, 60_000);

  it("stops a reader that overruns its hard limit, and reads the next file on a new thread", async () => {
    await parseICalendarOffThread(small, { timezone: "UTC" });
    const started = performance.now();
    // No budget of its own: only the thread's time limit can stop it.
    const limits = { ...PARSE_LIMITS, budgetMs: Number.POSITIVE_INFINITY, hardMs: 400 };
    await expect(
      parseICalendarOffThread(bytes(manyRemovedDatesFile()), { timezone: "UTC", fileName: "big.ics" }, limits),
    ).rejects.toMatchObject({
      status: 400,
      message: '"big.ics" takes too long to read (over 0.4 s), so it was not imported',
    });
    expect(performance.now() - started).toBeLessThan(1500);
    const next = await parseICalendarOffThread(small, { timezone: "UTC" });
    expect(next.events.map((item) => item.uid)).toEqual(["a"]);
  }, 60_000);
});
