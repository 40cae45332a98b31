import { describe, expect, it } from "vitest";
import { frequencyOf, scoreHabit, stepMultiplier, type DayEntry } from "./score";
import type { HabitTarget } from "./model";

const daily: HabitTarget = {
  effectiveFrom: "2026-01-05",
  target: 1,
  schedule: "daily",
  weekdays: null,
  timesPerWeek: null,
  restDaysPerWeek: 2,
};
const done = (...dates: string[]): DayEntry[] => dates.map((date) => ({ date, value: 1, rest: false }));

describe("scoreHabit", () => {
  it("steps like Loop's Score.compute for a daily habit: m = 0.5^(1/13)", () => {
    const m = Math.pow(0.5, 1 / 13);
    expect(stepMultiplier(1)).toBeCloseTo(m, 12);
    const result = scoreHabit({
      kind: "check",
      targets: [daily],
      entries: done("2026-01-05", "2026-01-06"),
      start: "2026-01-05",
      today: "2026-01-07",
    });
    // Two done days, and today still open.
    expect(result.score).toBeCloseTo(1 - m * m, 12);
    expect(result.currentStreak).toBe(2);
    expect(result.todayState).toBe("DUE");
    expect(result.days.map((day) => day.state)).toEqual(["done", "done", "open"]);
  });

  it("keeps Loop's half-life in calendar time for less frequent habits (13/√f days)", () => {
    const f = 3 / 7;
    expect(Math.pow(stepMultiplier(f), f)).toBeCloseTo(Math.pow(0.5, Math.sqrt(f) / 13), 12);
    expect(frequencyOf({ schedule: "weekdays", weekdays: [1, 3], timesPerWeek: null })).toBeCloseTo(2 / 7);
  });

  it("a missed day breaks the streak and lowers the score; the best streak stays", () => {
    const result = scoreHabit({
      kind: "check",
      targets: [daily],
      entries: done("2026-01-05", "2026-01-06", "2026-01-07", "2026-01-09"),
      start: "2026-01-05",
      today: "2026-01-09",
    });
    expect(result.days.map((day) => day.state)).toEqual(["done", "done", "done", "missed", "done"]);
    expect(result.currentStreak).toBe(1);
    expect(result.bestStreak).toBe(3);
    expect(result.days[3]!.score).toBeLessThan(result.days[2]!.score);
    expect(result.todayState).toBe("DONE");
  });

  it("a rest day within the budget bends the streak; beyond the budget it is a missed day", () => {
    const entries = [
      ...done("2026-01-05", "2026-01-07", "2026-01-09"),
      { date: "2026-01-06", value: 0, rest: true },
      { date: "2026-01-08", value: 0, rest: true },
      { date: "2026-01-10", value: 0, rest: true },
    ];
    const result = scoreHabit({ kind: "check", targets: [daily], entries, start: "2026-01-05", today: "2026-01-11" });
    expect(result.days.map((day) => day.state)).toEqual(["done", "rest", "done", "rest", "done", "missed", "open"]);
    // The next week has a budget again.
    const next = scoreHabit({
      kind: "check",
      targets: [daily],
      entries: [...entries.slice(0, 5), { date: "2026-01-12", value: 0, rest: true }],
      start: "2026-01-05",
      today: "2026-01-12",
    });
    expect(next.days.at(-1)!.state).toBe("rest");
    expect(next.todayState).toBe("REST");
  });

  it("counts: a partial day moves the score part of the way and breaks the streak", () => {
    const target: HabitTarget = { ...daily, target: 8 };
    const result = scoreHabit({
      kind: "count",
      targets: [target],
      entries: [
        { date: "2026-01-05", value: 8, rest: false },
        { date: "2026-01-06", value: 4, rest: false },
      ],
      start: "2026-01-05",
      today: "2026-01-07",
    });
    const m = stepMultiplier(1);
    expect(result.days[1]!.score).toBeCloseTo((1 - m) * m + 0.5 * (1 - m), 12);
    expect(result.days[1]!.state).toBe("missed");
    expect(result.currentStreak).toBe(0);
  });

  it("weekdays: the other days are neutral; a week's target met early leaves it due no more", () => {
    const weekdays: HabitTarget = { ...daily, schedule: "weekdays", weekdays: [1, 3, 5] };
    const result = scoreHabit({
      kind: "check",
      targets: [weekdays],
      entries: done("2026-01-05", "2026-01-09"),
      start: "2026-01-05",
      today: "2026-01-11",
    });
    expect(result.days.map((day) => day.state)).toEqual([
      "done",
      "neutral",
      "missed",
      "neutral",
      "done",
      "neutral",
      "neutral",
    ]);
    expect(result.todayState).toBe("NOT_DUE");
  });

  it("N times a week: days are missed only when the week can no longer be met", () => {
    const three: HabitTarget = { ...daily, schedule: "times_per_week", timesPerWeek: 3, restDaysPerWeek: 0 };
    const result = scoreHabit({
      kind: "check",
      targets: [three],
      entries: done("2026-01-10"),
      start: "2026-01-05",
      today: "2026-01-12",
    });
    // Mon-Thu neutral, Fri missed (3 needed, 3 left), Sat done, Sun missed; Monday open and due.
    expect(result.days.map((day) => day.state)).toEqual([
      "neutral",
      "neutral",
      "neutral",
      "neutral",
      "missed",
      "done",
      "missed",
      "neutral",
    ]);
    expect(result.todayState).toBe("DUE");
  });

  it("a target version applies from its day on", () => {
    const later: HabitTarget = { ...daily, target: 2, effectiveFrom: "2026-01-07" };
    const result = scoreHabit({
      kind: "count",
      targets: [later, daily],
      entries: done("2026-01-05", "2026-01-06", "2026-01-07"),
      start: "2026-01-05",
      today: "2026-01-07",
    });
    expect(result.days.map((day) => day.state)).toEqual(["done", "done", "open"]);
    expect(result.todayState).toBe("DUE");
  });
});
