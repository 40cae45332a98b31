import { describe, expect, it } from "vitest";
import { parseCheckIn, parseHabitDay, parseHabitInput, TITLE_MAX } from "./model";

const base = { title: "Drink water", kind: "COUNT", target: 8, unit: "glasses", schedule: "DAILY" };
const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const { status, field, message } = error as { status: number; field?: string; message: string };
    return { status, field, message };
  }
  return undefined;
};

describe("parseHabitInput", () => {
  it("takes the contract's input and versions what decides a day", () => {
    expect(parseHabitInput({ ...base, restDaysPerWeek: 1, reminderTime: "07:30", privateTitle: "  " })).toEqual({
      title: "Drink water",
      privateTitle: null,
      kind: "count",
      unit: "glasses",
      reminderTime: "07:30",
      target: { target: 8, schedule: "daily", weekdays: null, timesPerWeek: null, restDaysPerWeek: 1 },
    });
    expect(
      parseHabitInput({ title: "Run", kind: "CHECK", schedule: "WEEKDAYS", weekdays: [5, 1, 3, 1] }).target,
    ).toMatchObject({ target: 1, weekdays: [1, 3, 5] });
  });

  it.each([
    [{ ...base, title: "x".repeat(TITLE_MAX + 1) }, "title"],
    [{ ...base, title: " " }, "title"],
    [{ ...base, privateTitle: "x".repeat(TITLE_MAX + 1) }, "privateTitle"],
    [{ ...base, target: -1 }, "target"],
    [{ ...base, target: null }, "target"],
    [{ ...base, kind: "SOMETIMES" }, "kind"],
    [{ ...base, schedule: "WEEKDAYS", weekdays: [0, 2] }, "weekdays"],
    [{ ...base, schedule: "WEEKDAYS", weekdays: [8] }, "weekdays"],
    [{ ...base, schedule: "WEEKDAYS", weekdays: [] }, "weekdays"],
    [{ ...base, schedule: "TIMES_PER_WEEK" }, "timesPerWeek"],
    [{ ...base, schedule: "TIMES_PER_WEEK", timesPerWeek: 8 }, "timesPerWeek"],
    [{ ...base, restDaysPerWeek: -1 }, "restDaysPerWeek"],
    [{ ...base, reminderTime: "7:30" }, "reminderTime"],
    [{ ...base, reminderTime: "24:00" }, "reminderTime"],
  ])("refuses %j with a 400 naming %s", (input, field) => {
    expect(problem(() => parseHabitInput(input))).toMatchObject({ status: 400, field });
  });
});

describe("parseHabitDay and parseCheckIn", () => {
  it("refuses a date that does not exist or lies in the future", () => {
    expect(parseHabitDay("2026-02-28", "2026-03-01")).toBe("2026-02-28");
    expect(problem(() => parseHabitDay("2026-02-30", "2026-03-01"))).toMatchObject({ status: 400, field: "date" });
    expect(problem(() => parseHabitDay("2026-03-02", "2026-03-01"))).toMatchObject({
      status: 400,
      field: "date",
      message: "cannot be in the future",
    });
    expect(problem(() => parseHabitDay("yesterday", "2026-03-01"))).toMatchObject({ field: "date" });
  });

  it("a check is 1; a count needs a value that is not negative; a rest day has none", () => {
    expect(parseCheckIn("check", {})).toEqual({ value: 1, rest: false, note: null });
    expect(parseCheckIn("count", { value: 3, note: " ok " })).toEqual({ value: 3, rest: false, note: "ok" });
    expect(parseCheckIn("minutes", { rest: true })).toEqual({ value: null, rest: true, note: null });
    expect(problem(() => parseCheckIn("count", { value: -1 }))).toMatchObject({ status: 400, field: "value" });
    expect(problem(() => parseCheckIn("count", {}))).toMatchObject({ status: 400, field: "value" });
    expect(problem(() => parseCheckIn("count", { value: 2, rest: true }))).toMatchObject({ field: "value" });
    expect(problem(() => parseCheckIn("check", { note: "x".repeat(501) }))).toMatchObject({ field: "note" });
  });
});
