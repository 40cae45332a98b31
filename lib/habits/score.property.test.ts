import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, isoWeekday } from "../time";
import { scoreHabit, type DayEntry } from "./score";
import type { HabitTarget } from "./model";

const START = "2026-01-05"; // a Monday
const daily: HabitTarget = {
  effectiveFrom: START,
  target: 1,
  schedule: "daily",
  weekdays: null,
  timesPerWeek: null,
  restDaysPerWeek: 7,
};

/** A history of `length` days from START: each day done, missed (no entry) or a partial count. */
const history = (length: number) =>
  fc.array(fc.constantFrom(0, 1, 1, 1, 0.5), { minLength: length, maxLength: length });
const entriesOf = (values: number[], from = START): DayEntry[] =>
  values.flatMap((value, index) => (value > 0 ? [{ date: addDays(from, index), value, rest: false }] : []));

describe("score and streak properties", () => {
  it("a rest day inside a streak neither breaks nor lengthens it and leaves the score unchanged", () => {
    fc.assert(
      fc.property(history(20), fc.integer({ min: 1, max: 19 }), (values, restAt) => {
        // The same history with one rest day put in at `restAt` (the later days move one day on)...
        const withRest = [
          ...entriesOf(values.slice(0, restAt)),
          { date: addDays(START, restAt), value: 0, rest: true },
          ...entriesOf(values.slice(restAt), addDays(START, restAt + 1)),
        ];
        const rested = scoreHabit({
          kind: "count",
          targets: [daily],
          entries: withRest,
          start: START,
          today: addDays(START, values.length + 1),
        });
        // ...scores exactly like the history without it.
        const plain = scoreHabit({
          kind: "count",
          targets: [daily],
          entries: entriesOf(values),
          start: START,
          today: addDays(START, values.length),
        });
        expect(rested.score).toBe(plain.score);
        expect(rested.currentStreak).toBe(plain.currentStreak);
        expect(rested.bestStreak).toBe(plain.bestStreak);
        expect(rested.days[restAt]!.state).toBe("rest");
        expect(rested.days[restAt]!.score).toBe(rested.days[restAt - 1]!.score);
      }),
    );
  });

  it("for 3 times a week, Mon/Wed/Fri done makes the other days neutral", () => {
    const three: HabitTarget = { ...daily, schedule: "times_per_week", timesPerWeek: 3, restDaysPerWeek: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (weeks) => {
        const entries: DayEntry[] = [];
        for (let week = 0; week < weeks; week++)
          for (const day of [0, 2, 4]) entries.push({ date: addDays(START, week * 7 + day), value: 1, rest: false });
        const result = scoreHabit({
          kind: "check",
          targets: [three],
          entries,
          start: START,
          today: addDays(START, weeks * 7 - 1),
        });
        for (const day of result.days) {
          const weekday = isoWeekday(day.date);
          expect(day.state).toBe([1, 3, 5].includes(weekday) ? "done" : "neutral");
        }
        expect(result.currentStreak).toBe(weeks * 3);
        expect(result.bestStreak).toBe(weeks * 3);
      }),
    );
  });

  const version = fc.record({
    target: fc.constantFrom(1, 2, 5),
    schedule: fc.constantFrom("daily" as const, "weekdays" as const, "times_per_week" as const),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    timesPerWeek: fc.integer({ min: 1, max: 7 }),
    restDaysPerWeek: fc.integer({ min: 0, max: 7 }),
  });
  const asTarget = (
    effectiveFrom: string,
    v: {
      target: number;
      schedule: HabitTarget["schedule"];
      weekdays: number[];
      timesPerWeek: number;
      restDaysPerWeek: number;
    },
  ): HabitTarget => ({
    effectiveFrom,
    target: v.target,
    schedule: v.schedule,
    weekdays: v.schedule === "weekdays" ? [...v.weekdays].sort((a, b) => a - b) : null,
    timesPerWeek: v.schedule === "times_per_week" ? v.timesPerWeek : null,
    restDaysPerWeek: v.restDaysPerWeek,
  });

  it("a target change in week 5 changes nothing in weeks 1-4", () => {
    fc.assert(
      fc.property(
        version,
        version,
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.constantFrom(0, 1, 2, 5, -1), { minLength: 56, maxLength: 56 }),
        (first, second, dayInWeek5, values) => {
          const entries: DayEntry[] = values.flatMap((value, index) =>
            value === 0 ? [] : [{ date: addDays(START, index), value: Math.max(value, 0), rest: value < 0 }],
          );
          const today = addDays(START, 55);
          const before = scoreHabit({ kind: "count", targets: [asTarget(START, first)], entries, start: START, today });
          const after = scoreHabit({
            kind: "count",
            targets: [asTarget(START, first), asTarget(addDays(START, 28 + dayInWeek5), second)],
            entries,
            start: START,
            today,
          });
          expect(after.days.slice(0, 28)).toEqual(before.days.slice(0, 28));
        },
      ),
    );
  });

  it("scoring resumed from a Sunday's checkpoint gives exactly what scoring the whole history gives", () => {
    fc.assert(
      fc.property(
        version,
        version,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 7, max: 69 }),
        fc.integer({ min: 0, max: 9 }),
        fc.array(fc.constantFrom(0, 1, 2, 5, -1), { minLength: 84, maxLength: 84 }),
        (first, second, startOffset, changeAt, sundayPick, values) => {
          const start = addDays(START, startOffset);
          const today = addDays(START, 83);
          const entries: DayEntry[] = values.flatMap((value, index) =>
            value === 0 ? [] : [{ date: addDays(START, index), value: Math.max(value, 0), rest: value < 0 }],
          );
          const targets = [asTarget(start, first), asTarget(addDays(START, changeAt), second)];
          const sundays = Array.from({ length: 11 }, (_, week) => addDays(START, 6 + 7 * week)).filter(
            (day) => day > start && day < today,
          );
          const sunday = sundays[sundayPick % sundays.length]!;
          const whole = scoreHabit({ kind: "count", targets, entries, start, today, checkpointDays: [sunday] });
          expect(whole.checkpoints.map((checkpoint) => checkpoint.throughDay)).toEqual([sunday]);
          const resumed = scoreHabit({
            kind: "count",
            targets,
            entries: entries.filter((entry) => entry.date > sunday),
            start,
            today,
            resumeFrom: whole.checkpoints[0]!,
          });
          expect(resumed.score).toBe(whole.score);
          expect(resumed.currentStreak).toBe(whole.currentStreak);
          expect(resumed.bestStreak).toBe(whole.bestStreak);
          expect(resumed.todayState).toBe(whole.todayState);
          expect(resumed.days).toEqual(whole.days.filter((day) => day.date > sunday));
        },
      ),
    );
  });

  it("the score stays within 0..1 and the current streak never exceeds the best", () => {
    fc.assert(
      fc.property(version, history(60), (v, values) => {
        const result = scoreHabit({
          kind: "count",
          targets: [asTarget(START, v)],
          entries: entriesOf(values),
          start: START,
          today: addDays(START, 59),
        });
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(1);
        expect(result.currentStreak).toBeLessThanOrEqual(result.bestStreak);
      }),
    );
  });
});
