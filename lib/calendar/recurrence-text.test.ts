import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type RepeatChoice,
  NO_REPEAT,
  choiceToRrule,
  describeRecurrence,
  monthlyChoicesFor,
  ordinal,
  repeatPresets,
  rruleToChoice,
} from "./recurrence-text";
import { at } from "./test-helpers";
import { WEEKDAYS } from "../time";

// Tuesday 17 March 2026, 18:15 in London (the 3rd Tuesday of March).
const timed = { allDay: false as const, start: at("2026-03-17T18:15", "Europe/London"), timezone: "Europe/London" };
const allDay = { allDay: true as const, startDate: "2026-03-17" };

describe("plain words", () => {
  it.each([
    ["FREQ=DAILY", "Every day"],
    ["FREQ=DAILY;INTERVAL=3;COUNT=5", "Every 3 days, 5 times"],
    ["FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "Every weekday (Monday to Friday)"],
    ["FREQ=DAILY;BYDAY=SA,SU", "Every day, only on Saturday and Sunday"],
    ["FREQ=WEEKLY", "Every week on Tuesday"],
    ["FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10", "Every week on Tuesday and Thursday, 10 times"],
    ["FREQ=WEEKLY;BYDAY=MO,WE,FR", "Every week on Monday, Wednesday, and Friday"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Every weekday (Monday to Friday)"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "Every 2 weeks on Tuesday"],
    ["FREQ=WEEKLY;COUNT=1", "Every week on Tuesday, once"],
    ["FREQ=MONTHLY", "Every month on the 17th"],
    ["FREQ=MONTHLY;BYDAY=2TU", "Every month on the 2nd Tuesday"],
    ["FREQ=MONTHLY;BYDAY=TU;BYSETPOS=3", "Every month on the 3rd Tuesday"],
    ["FREQ=MONTHLY;BYDAY=-1FR", "Every month on the last Friday"],
    ["FREQ=MONTHLY;BYDAY=2FR,4FR", "Every month on the 2nd Friday and the 4th Friday"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "Every month on the last day"],
    ["FREQ=MONTHLY;BYMONTHDAY=1,15", "Every month on the 1st and the 15th"],
    ["FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "Every month on the last weekday"],
    ["FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=31", "Every 3 months on the 31st"],
    ["FREQ=YEARLY", "Every year on March 17"],
    ["FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", "Every year on the last Monday of May"],
    ["FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1", "Every year on the 1st of March and September"],
    ["FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630", "Every week on Tuesday, until Jun 30, 2026"],
  ])("%s -> %s", (rrule, words) => {
    expect(describeRecurrence(rrule, timed)).toBe(words);
  });

  it("says the UNTIL date where the series is, not in UTC", () => {
    // 23:30 on 30 June in London is 22:30 UTC: still the 30th; 00:30 on 1 July in London is 30 June UTC.
    expect(describeRecurrence("FREQ=WEEKLY;UNTIL=20260630T233000Z", timed)).toBe(
      "Every week on Tuesday, until Jul 1, 2026",
    );
    expect(describeRecurrence("FREQ=YEARLY;UNTIL=20300317", allDay)).toBe("Every year on March 17, until Mar 17, 2030");
  });

  it("ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "31st",
    ]);
  });
});

describe("the form's choices", () => {
  it("offers the presets for a start date, in words", () => {
    expect(repeatPresets(timed).map((preset) => [preset.label, preset.rrule])).toEqual([
      ["Does not repeat", null],
      ["Every day", "FREQ=DAILY"],
      ["Every weekday (Monday to Friday)", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
      ["Every week on Tuesday", "FREQ=WEEKLY;BYDAY=TU"],
      ["Every 2 weeks on Tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"],
      ["Every month on the 17th", "FREQ=MONTHLY"],
      ["Every month on the 3rd Tuesday", "FREQ=MONTHLY;BYDAY=3TU"],
      ["Every year on March 17", "FREQ=YEARLY"],
    ]);
  });

  it("offers the last weekday and the last day near the end of a month, never a 5th weekday", () => {
    expect(monthlyChoicesFor("2026-03-31")).toEqual(["DAY_OF_MONTH", "LAST_WEEKDAY", "LAST_DAY"]);
    expect(monthlyChoicesFor("2026-03-24")).toEqual(["DAY_OF_MONTH", "NTH_WEEKDAY"]);
    expect(monthlyChoicesFor("2026-03-25")).toEqual(["DAY_OF_MONTH", "NTH_WEEKDAY", "LAST_WEEKDAY"]);
    const lastDay = { allDay: true as const, startDate: "2026-03-31" };
    expect(repeatPresets(lastDay).map((preset) => preset.label)).toContain("Every month on the last Tuesday");
    expect(repeatPresets(lastDay).map((preset) => preset.label)).toContain("Every month on the last day");
  });

  it("maps a choice with an end to a rule and back", () => {
    const choice: RepeatChoice = {
      frequency: "WEEKLY",
      interval: 1,
      weekdays: ["TU", "TH"],
      monthlyBy: "DAY_OF_MONTH",
      end: { type: "COUNT", count: 10 },
    };
    expect(choiceToRrule(choice, timed)).toBe("FREQ=WEEKLY;COUNT=10;BYDAY=TU,TH");
    expect(rruleToChoice("FREQ=WEEKLY;COUNT=10;BYDAY=TU,TH", timed)).toEqual(choice);
    const until: RepeatChoice = { ...choice, end: { type: "UNTIL", date: "2026-06-30" } };
    // The end date is inclusive, the end of that day in London (BST).
    expect(choiceToRrule(until, timed)).toBe("FREQ=WEEKLY;UNTIL=20260630T225959Z;BYDAY=TU,TH");
    expect(rruleToChoice(choiceToRrule(until, timed), timed)).toEqual(until);
    expect(rruleToChoice(null, timed)).toEqual(NO_REPEAT);
    expect(rruleToChoice("FREQ=WEEKLY", timed)).toMatchObject({ frequency: "WEEKLY", weekdays: ["TU"] });
  });

  it("says null for a rule the form cannot show (it keeps it as it is)", () => {
    for (const rule of [
      "FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO",
      "FREQ=MONTHLY;BYMONTHDAY=1,15",
      "FREQ=DAILY;BYDAY=SA,SU",
      "FREQ=MONTHLY;BYDAY=2FR",
      "FREQ=WEEKLY;UNTIL=20260630T120000Z",
    ]) {
      expect(rruleToChoice(rule, timed)).toBeNull();
    }
  });

  it("refuses a monthly choice that does not fit the start date, naming rrule", () => {
    let refused: unknown;
    try {
      choiceToRrule({ ...NO_REPEAT, frequency: "MONTHLY", monthlyBy: "LAST_DAY" }, timed);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ field: "rrule", message: '"LAST_DAY" does not fit a start on 2026-03-17' });
  });

  it("every choice the form can make comes back as the same choice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom("DAILY", "WEEKLY", "MONTHLY", "YEARLY"),
        fc.integer({ min: 1, max: 12 }),
        fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { maxLength: 7 }),
        fc.constantFrom("DAY_OF_MONTH", "NTH_WEEKDAY", "LAST_WEEKDAY", "LAST_DAY"),
        fc.oneof(
          fc.constant({ type: "NEVER" as const }),
          fc.integer({ min: 1, max: 1000 }).map((count) => ({ type: "COUNT" as const, count })),
          fc.integer({ min: 0, max: 2000 }).map((days) => ({ type: "UNTIL" as const, days })),
        ),
        fc.boolean(),
        (startDay, frequency, interval, weekdays, monthlyBy, endSample, isAllDay) => {
          const date = new Date(Date.UTC(2024, 0, 1) + startDay * 86_400_000).toISOString().slice(0, 10);
          const start = isAllDay
            ? { allDay: true as const, startDate: date }
            : { allDay: false as const, start: at(`${date}T09:30`, "America/Chicago"), timezone: "America/Chicago" };
          if (frequency === "MONTHLY" && !monthlyChoicesFor(date).includes(monthlyBy as never)) return;
          const end =
            endSample.type === "UNTIL"
              ? {
                  type: "UNTIL" as const,
                  date: new Date(Date.UTC(2024, 0, 1) + (startDay + endSample.days) * 86_400_000)
                    .toISOString()
                    .slice(0, 10),
                }
              : endSample;
          const choice = {
            frequency,
            interval,
            weekdays:
              frequency === "WEEKLY" ? [...weekdays].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)) : [],
            monthlyBy: frequency === "MONTHLY" ? monthlyBy : "DAY_OF_MONTH",
            end,
          } as RepeatChoice;
          let rrule: string | null;
          try {
            rrule = choiceToRrule(choice, start);
          } catch (error) {
            // A 31st in a rule that never meets one again (every 12 months from a 31 February...) is refused.
            expect(String(error)).toMatch(/rrule:/);
            return;
          }
          const back = rruleToChoice(rrule, start);
          const expected =
            frequency === "WEEKLY" && choice.weekdays.length === 0
              ? { ...choice, weekdays: [rrule!.slice(-2)] }
              : choice;
          expect(back).toEqual(expected);
          expect(describeRecurrence(rrule!, start)).toMatch(/^Every /);
        },
      ),
      { numRuns: 300 },
    );
  });
});
