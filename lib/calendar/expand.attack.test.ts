import { describe, expect, it } from "vitest";
import { MAX_OCCURRENCES, collectAgenda, expandAgenda, type AgendaItem } from "./expand";
import { days, timedEvent } from "./test-helpers";

/**
 * A member who sees thousands of daily events cannot make one agenda read expand every one of them
 * over 400 days before it is cut to 5000 (issue 38): the expansion stops as the answer fills.
 */

const LONDON = "Europe/London";
const dailyEvents = (count: number): AgendaItem[] =>
  Array.from({ length: count }, (_, index) => ({
    eventId: `e${String(index).padStart(5, "0")}`,
    event: timedEvent({
      start: `2026-01-01T${String(index % 24).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`,
      timezone: LONDON,
      rrule: "FREQ=DAILY",
    }),
  }));

describe("agenda expansion is bounded while it runs", () => {
  it("expands later events only up to the last start the answer can hold", () => {
    const range = days("2026-01-01", "2027-02-01", LONDON); // 396 days
    const items = dailyEvents(400); // 158,400 occurrences in range
    let made = 0;
    const answer = collectAgenda(items, range, (item, bounded) => {
      const occurrences = expandAgenda([item], bounded, Number.MAX_SAFE_INTEGER).occurrences;
      made += occurrences.length;
      return occurrences;
    });
    expect(answer.truncated).toBe(true);
    expect(answer.occurrences).toHaveLength(MAX_OCCURRENCES);
    // The same answer as expanding everything and cutting afterwards...
    const everything = items
      .flatMap((item) => expandAgenda([item], range, Number.MAX_SAFE_INTEGER).occurrences)
      .sort((a, b) => a.start - b.start || a.end - b.end || (a.eventId < b.eventId ? -1 : 1))
      .slice(0, MAX_OCCURRENCES);
    expect(answer.occurrences.map((item) => `${item.eventId} ${item.start}`)).toEqual(
      everything.map((item) => `${item.eventId} ${item.start}`),
    );
    // ...having made a small part of them.
    expect(made).toBeLessThan(8 * MAX_OCCURRENCES); // of 158,400
  }, 120_000);

  it("an agenda of 2000 daily events over 396 days answers its 5000 in well under the time of expanding them all", () => {
    const range = days("2026-01-01", "2027-02-01", LONDON);
    const items = dailyEvents(2000); // 792,000 occurrences in range
    expandAgenda(items.slice(0, 50), range); // warm
    const started = performance.now();
    const { occurrences, truncated } = expandAgenda(items, range);
    const ms = performance.now() - started;
    expect(truncated).toBe(true);
    expect(occurrences).toHaveLength(MAX_OCCURRENCES);
    expect(occurrences.at(-1)!.start).toBeLessThan(range.from + 4 * 86_400);
    expect(ms).toBeLessThan(3000);
  }, 120_000);
});
