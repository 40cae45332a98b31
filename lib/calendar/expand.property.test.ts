import fc from "fast-check";
import { RRuleTemporal } from "rrule-temporal";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { expandEvent } from "./expand";
import type { CalendarEvent } from "./event";
import { at, wall } from "./test-helpers";
import { newEvent, parseEventInput } from "./model";

/**
 * Expansion starts near the requested range instead of at the series' first occurrence (expand.ts,
 * rebasedStart). These properties hold it to the library walking the whole series from its start.
 */

const zones = [
  "Europe/London",
  "America/New_York",
  "America/Los_Angeles",
  "Pacific/Auckland",
  "Australia/Lord_Howe", // a 30-minute summer-time change
  "Asia/Kolkata",
  "America/Sao_Paulo",
  "Pacific/Chatham",
  "UTC",
];
const weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

const ruleArbitrary = fc.oneof(
  fc
    .record({ freq: fc.constant("DAILY"), interval: fc.integer({ min: 1, max: 4 }) })
    .map(({ interval }) => `FREQ=DAILY;INTERVAL=${interval}`),
  fc
    .record({
      interval: fc.integer({ min: 1, max: 3 }),
      days: fc.uniqueArray(fc.constantFrom(...weekdays), { minLength: 0, maxLength: 3 }),
      wkst: fc.constantFrom("MO", "SU"),
    })
    .map(
      ({ interval, days, wkst }) =>
        `FREQ=WEEKLY;INTERVAL=${interval}${days.length ? `;BYDAY=${days.join(",")}` : ""};WKST=${wkst}`,
    ),
  fc
    .record({
      interval: fc.integer({ min: 1, max: 3 }),
      nth: fc.constantFrom(1, 2, 3, 4, -1),
      day: fc.constantFrom(...weekdays),
    })
    .map(({ interval, nth, day }) => `FREQ=MONTHLY;INTERVAL=${interval};BYDAY=${nth}${day}`),
  fc
    .record({ interval: fc.integer({ min: 1, max: 2 }), monthDay: fc.constantFrom(null, 1, 15, 29, 31, -1) })
    .map(
      ({ interval, monthDay }) =>
        `FREQ=MONTHLY;INTERVAL=${interval}${monthDay === null ? "" : `;BYMONTHDAY=${monthDay}`}`,
    ),
  fc.integer({ min: 1, max: 3 }).map((interval) => `FREQ=YEARLY;INTERVAL=${interval}`),
);

const endArbitrary = fc.oneof(
  fc.constant(""),
  fc.integer({ min: 1, max: 400 }).map((count) => `;COUNT=${count}`),
  fc.integer({ min: 30, max: 8000 }).map((days) => `until+${days}`),
);

const seriesArbitrary = fc.record({
  zone: fc.constantFrom(...zones),
  allDay: fc.boolean(),
  startDay: fc.integer({ min: 0, max: 365 * 30 }),
  minuteOfDay: fc.integer({ min: 0, max: 95 }).map((quarter) => quarter * 15),
  durationMinutes: fc.constantFrom(0, 45, 60, 24 * 60, 3 * 24 * 60),
  rule: ruleArbitrary,
  end: endArbitrary,
  windowOffsetDays: fc.integer({ min: -30, max: 365 * 8 }),
  windowDays: fc.integer({ min: 1, max: 400 }),
});

type Sample = typeof seriesArbitrary extends fc.Arbitrary<infer T> ? T : never;

function build(sample: Sample): { event: CalendarEvent; from: number; to: number } {
  const startDate = Temporal.PlainDate.from("1996-01-01").add({ days: sample.startDay });
  const local = startDate.toPlainDateTime().add({ minutes: sample.minuteOfDay });
  let rrule = sample.rule;
  if (sample.end.startsWith("until+")) {
    const untilDate = startDate.add({ days: Number(sample.end.slice(6)) });
    rrule += `;UNTIL=${untilDate.toString().replace(/-/g, "")}`;
  } else rrule += sample.end;
  const fields = sample.allDay
    ? {
        startDate: startDate.toString(),
        endDate: startDate.add({ days: Math.max(1, Math.round(sample.durationMinutes / 1440)) }).toString(),
      }
    : {
        start: at(local.toString(), sample.zone),
        end: at(local.toString(), sample.zone) + sample.durationMinutes * 60,
        timezone: sample.zone,
      };
  const event = newEvent(parseEventInput({ title: "Property", rrule, ...fields }));
  const from =
    at(startDate.add({ days: sample.windowOffsetDays }).toString() + "T00:00", "UTC") + sample.minuteOfDay * 37;
  return { event, from, to: from + sample.windowDays * 86_400 };
}

/** The reference: the library from the series' real start, every occurrence, filtered by overlap. */
function reference(event: CalendarEvent, from: number, to: number, viewer: string): number[] {
  const zone = event.allDay ? "UTC" : event.timezone;
  const dtstart = event.allDay
    ? Temporal.PlainDate.from(event.startDate).toZonedDateTime("UTC")
    : Temporal.Instant.fromEpochMilliseconds(event.start * 1000).toZonedDateTimeISO(zone);
  const rule = new RRuleTemporal({ rruleString: event.rrule!, dtstart, includeDtstart: true });
  return rule
    .all((date) => date.epochMilliseconds / 1000 < to + 2 * 86_400)
    .map((date) => {
      const start = date.epochMilliseconds / 1000;
      if (!event.allDay) return [start, start + event.end - event.start] as const;
      const day = date.toPlainDate();
      const length = Temporal.PlainDate.from(event.startDate).until(Temporal.PlainDate.from(event.endDate)).days;
      return [
        day.toZonedDateTime(viewer).epochMilliseconds / 1000,
        day.add({ days: length }).toZonedDateTime(viewer).epochMilliseconds / 1000,
      ] as const;
    })
    .filter(([start, end]) => start < to && (end > from || start >= from))
    .map(([start]) => start);
}

describe("expansion near the range equals expansion from the start", () => {
  it("for random series, zones and windows", () => {
    let checked = 0;
    let nonEmpty = 0;
    fc.assert(
      fc.property(seriesArbitrary, fc.constantFrom(...zones), (sample, viewer) => {
        let built;
        try {
          built = build(sample);
        } catch {
          return; // e.g. UNTIL before a start that the window offset moved: not this property's business
        }
        const { event, from, to } = built;
        const ours = expandEvent(event, { from, to, timezone: viewer }).occurrences.map(
          (occurrence) => occurrence.start,
        );
        const expected = reference(event, from, to, viewer);
        checked += 1;
        if (expected.length > 0) nonEmpty += 1;
        expect(ours).toEqual(expected);
      }),
      { numRuns: 150 },
    );
    // The property must have compared real occurrences, not only empty windows or refused samples.
    expect(checked).toBeGreaterThan(110);
    expect(nonEmpty).toBeGreaterThan(45);
  }, 120_000);
});

describe("local time and dates", () => {
  it("every occurrence of a timed series is at the start's wall-clock time (outside summer-time gaps)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 365 * 20 }),
        fc.integer({ min: 8 * 4, max: 20 * 4 }),
        ruleArbitrary,
        fc.integer({ min: 0, max: 365 * 10 }),
        (zone, startDay, quarter, rule, offset) => {
          const local = Temporal.PlainDate.from("2005-01-01")
            .add({ days: startDay })
            .toPlainDateTime()
            .add({ minutes: quarter * 15 });
          const start = at(local.toString(), zone);
          const event = newEvent(
            parseEventInput({ title: "Wall clock", start, end: start + 3600, timezone: zone, rrule: rule }),
          );
          const from = start + offset * 86_400;
          const { occurrences } = expandEvent(event, { from, to: from + 120 * 86_400, timezone: zone });
          for (const occurrence of occurrences)
            expect(wall(occurrence.start, zone).slice(11)).toBe(local.toString().slice(11, 16));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("an all-day occurrence has the same dates for every viewer, and starts at the viewer's midnight", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 30 }),
        ruleArbitrary,
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        (startDay, rule, a, b) => {
          const startDate = Temporal.PlainDate.from("2000-01-01").add({ days: startDay });
          const event = newEvent(
            parseEventInput({
              title: "Day",
              startDate: startDate.toString(),
              endDate: startDate.add({ days: 1 }).toString(),
              rrule: rule,
            }),
          );
          const from = at(startDate.add({ days: 200 }).toString() + "T12:00", "UTC");
          const range = { from, to: from + 90 * 86_400 };
          const inA = expandEvent(event, { ...range, timezone: a }).occurrences;
          const inB = expandEvent(event, { ...range, timezone: b }).occurrences;
          // The range's edges can cut a different first or last day for each viewer; the days inside are shared.
          const inner = (list: typeof inA) =>
            list
              .map((occurrence) => occurrence.startDate)
              .filter(
                (date) =>
                  date! > startDate.add({ days: 201 }).toString() && date! < startDate.add({ days: 288 }).toString(),
              );
          expect(inner(inA)).toEqual(inner(inB));
          // Midnight, or the first hour of a day whose midnight summer time skips (Sao Paulo before 2019).
          for (const occurrence of inA)
            expect(occurrence.start).toBe(
              Temporal.PlainDate.from(occurrence.startDate!).toZonedDateTime(a).epochMilliseconds / 1000,
            );
        },
      ),
      { numRuns: 150 },
    );
  });
});
