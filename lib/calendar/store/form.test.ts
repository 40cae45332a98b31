import { describe, expect, it } from "vitest";
import { at } from "../test-helpers";
import { eventInputFromForm, presetKey, repeatOptions } from "./form";
import { stepDate, viewDays } from "../page";

const LONDON = "Europe/London";
const base = { title: "Swimming", startDate: "2026-03-17", startTime: "18:15", endTime: "19:15", visibility: "circle" };
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { field: (error as { field: string }).field, message: (error as Error).message };
  }
  return undefined;
};

describe("the event form", () => {
  it("reads local times in the member's zone, and the repeat in words as an RRULE", () => {
    const weekly = repeatOptions({ allDay: false, start: at("2026-03-17T18:15", LONDON), timezone: LONDON }, null);
    const option = weekly.options.find((o) => o.label === "Every week on Tuesday")!;
    const input = eventInputFromForm(
      { ...base, repeat: option.value, repeatEnd: "COUNT", repeatCount: "10", "person:kit": "on" },
      LONDON,
    );
    expect(input).toMatchObject({
      start: at("2026-03-17T18:15", LONDON),
      end: at("2026-03-17T19:15", LONDON),
      timezone: LONDON,
      rrule: "FREQ=WEEKLY;COUNT=10;BYDAY=TU",
      people: ["kit"],
      visibility: "circle",
    });
  });

  it("an all-day event's last day becomes the API's exclusive end", () => {
    expect(eventInputFromForm({ ...base, allDay: "on", endDate: "2026-03-19" }, LONDON)).toMatchObject({
      startDate: "2026-03-17",
      endDate: "2026-03-20",
      rrule: null,
    });
  });

  it("names the form's field for each problem", () => {
    expect(failure(() => eventInputFromForm({ ...base, startDate: "2026-02-30" }, LONDON))).toMatchObject({
      field: "startDate",
    });
    expect(failure(() => eventInputFromForm({ ...base, endTime: "18:00" }, LONDON))).toMatchObject({
      field: "endTime",
    });
    expect(failure(() => eventInputFromForm({ ...base, startTime: "25:00" }, LONDON))).toMatchObject({
      field: "startTime",
    });
    expect(failure(() => eventInputFromForm({ ...base, repeat: "SECONDLY.1..DAY_OF_MONTH" }, LONDON))).toMatchObject({
      field: "repeat",
    });
    const weekly = presetKey({
      frequency: "WEEKLY",
      interval: 1,
      weekdays: [],
      monthlyBy: "DAY_OF_MONTH",
      end: { type: "NEVER" },
    });
    expect(
      failure(() => eventInputFromForm({ ...base, repeat: weekly, repeatEnd: "COUNT", repeatCount: "5000" }, LONDON)),
    ).toMatchObject({ field: "repeatCount" });
  });

  it("keeps a stored rule the presets cannot say", () => {
    const start = { allDay: false as const, start: at("2026-03-17T18:15", LONDON), timezone: LONDON };
    const kept = repeatOptions(start, "FREQ=WEEKLY;BYDAY=TU,TH;INTERVAL=3");
    expect(kept.selected).toBe("KEEP");
    expect(kept.options[0]!.label).toMatch(/^As it is: /);
    expect(
      eventInputFromForm({ ...base, repeat: "KEEP", currentRrule: "FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,TH" }, LONDON).rrule,
    ).toBe("FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,TH");
  });
});

describe("the calendar's views", () => {
  it("cover four weeks, a week from Monday, or a month's whole weeks", () => {
    expect(viewDays("agenda", "2026-03-17")).toEqual({ first: "2026-03-17", days: 28 });
    expect(viewDays("week", "2026-03-19")).toEqual({ first: "2026-03-16", days: 7 });
    expect(viewDays("month", "2026-03-17")).toEqual({ first: "2026-02-23", days: 42 });
    expect(viewDays("month", "2026-02-10")).toEqual({ first: "2026-01-26", days: 35 });
    expect(stepDate("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(stepDate("week", "2026-03-17", -1)).toBe("2026-03-10");
  });
});
