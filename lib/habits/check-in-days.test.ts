import { describe, expect, it } from "vitest";
import { checkInDays } from "./check-in-days";

describe("checkInDays", () => {
  it("gives the last days up to today with their states, days before the habit started as before", () => {
    const days = checkInDays(
      [
        { date: "2026-03-10", state: "done", score: 0.1 },
        { date: "2026-03-11", state: "open", score: 0.1 },
      ],
      "2026-03-11",
      4,
    );
    expect(days).toEqual([
      { date: "2026-03-08", state: "before" },
      { date: "2026-03-09", state: "before" },
      { date: "2026-03-10", state: "done" },
      { date: "2026-03-11", state: "open" },
    ]);
  });

  it("crosses a month's end", () => {
    expect(checkInDays([], "2026-03-01", 2).map((day) => day.date)).toEqual(["2026-02-28", "2026-03-01"]);
  });
});
