import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { applyEventDeletion, applyEventUpdate } from "./edit";
import { expandEvent } from "./expand";
import { newEvent, parseEventInput } from "./model";
import { type CalendarEvent } from "./event";
import { at } from "./test-helpers";

/**
 * "This and following" with the schedule unchanged must not lose or add an occurrence: the two
 * series together are the original one, exceptions included; deleting from an occurrence on keeps
 * exactly the ones before it.
 */

const zones = ["Europe/London", "America/Chicago", "Pacific/Auckland", "Asia/Tokyo"];
const rules = [
  "FREQ=DAILY",
  "FREQ=DAILY;INTERVAL=3",
  "FREQ=WEEKLY;BYDAY=TU,TH",
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;WKST=SU",
  "FREQ=MONTHLY;BYDAY=2TU",
  "FREQ=MONTHLY;BYMONTHDAY=31",
  "FREQ=YEARLY",
];
const ends = ["", ";COUNT=7", ";COUNT=40", ";UNTIL=20290101"];

const sampleArbitrary = fc.record({
  zone: fc.constantFrom(...zones),
  allDay: fc.boolean(),
  startDay: fc.integer({ min: 0, max: 3 * 365 }),
  hour: fc.integer({ min: 6, max: 21 }),
  rule: fc.constantFrom(...rules),
  end: fc.constantFrom(...ends),
  splitIndex: fc.integer({ min: 0, max: 30 }),
  removed: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }),
  renamed: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 3 }),
});

const WINDOW = { from: at("2024-01-01T00:00"), to: at("2024-01-01T00:00") + 399 * 86_400 };

type Sample = typeof sampleArbitrary extends fc.Arbitrary<infer T> ? T : never;

function build(sample: Sample): CalendarEvent {
  const date = Temporal.PlainDate.from("2024-01-01").add({ days: sample.startDay % 120 });
  const start = at(`${date}T${String(sample.hour).padStart(2, "0")}:30`, sample.zone);
  const rrule = sample.rule + sample.end;
  const input = sample.allDay
    ? { startDate: date.toString(), endDate: date.add({ days: 1 }).toString() }
    : { start, end: start + 5400, timezone: sample.zone };
  return newEvent(parseEventInput({ title: "Series", rrule, ...input }));
}

const seen = (event: CalendarEvent, viewer: string) =>
  expandEvent(event, { ...WINDOW, timezone: viewer }).occurrences.map(
    (occurrence) => `${occurrence.start}/${occurrence.end}/${occurrence.details.title}`,
  );

describe("this and following", () => {
  it("split with the schedule unchanged: the two series together are the original", () => {
    let splits = 0;
    fc.assert(
      fc.property(sampleArbitrary, (sample) => {
        let event = build(sample);
        const viewer = sample.zone;
        // Some occurrences removed, some renamed, first.
        let occurrences = expandEvent(event, { ...WINDOW, timezone: viewer }).occurrences;
        for (const index of sample.removed) {
          const occurrence = occurrences[index];
          if (!occurrence || occurrences.length < 3) continue;
          const outcome = applyEventDeletion(event, {
            scope: "THIS",
            occurrenceStart: occurrence.start,
            timezone: viewer,
          });
          if (outcome.kind === "update") event = outcome.event;
          occurrences = expandEvent(event, { ...WINDOW, timezone: viewer }).occurrences;
        }
        for (const index of sample.renamed) {
          const occurrence = occurrences[index];
          if (!occurrence) continue;
          const change = occurrence.allDay
            ? { startDate: occurrence.startDate, endDate: occurrence.endDate }
            : { start: occurrence.start, end: occurrence.end, timezone: viewer };
          const outcome = applyEventUpdate(event, parseEventInput({ title: `Renamed ${index}`, ...change }), {
            scope: "THIS",
            occurrenceStart: occurrence.start,
            timezone: viewer,
          });
          if (outcome.kind === "update") event = outcome.event;
          occurrences = expandEvent(event, { ...WINDOW, timezone: viewer }).occurrences;
        }
        const before = seen(event, viewer);
        const target = occurrences[sample.splitIndex % Math.max(1, occurrences.length)];
        if (!target) return;

        // The form sends the series back as it is, starting at the chosen occurrence.
        const fields = event.allDay
          ? { startDate: target.startDate, endDate: target.endDate }
          : { start: target.start, end: target.start + (event.end - event.start), timezone: event.timezone };
        const change = parseEventInput({ title: event.details.title, rrule: event.rrule, ...fields });
        const outcome = applyEventUpdate(event, change, {
          scope: "FOLLOWING",
          occurrenceStart: target.start,
          timezone: viewer,
        });
        const after =
          outcome.kind === "split"
            ? [...seen(outcome.event, viewer), ...seen(outcome.following, viewer)]
            : outcome.kind === "update"
              ? seen(outcome.event, viewer)
              : [];
        if (outcome.kind === "split") splits += 1;
        // The chosen occurrence itself takes the series' details (the form sent them): compare the rest.
        const strip = (list: string[]) => list.filter((item) => !item.startsWith(`${target.start}/`)).sort();
        expect(strip(after)).toEqual(strip(before));
        expect(after.filter((item) => item.startsWith(`${target.start}/`))).toHaveLength(1);

        const deletion = applyEventDeletion(event, {
          scope: "FOLLOWING",
          occurrenceStart: target.start,
          timezone: viewer,
        });
        const kept = deletion.kind === "update" ? seen(deletion.event, viewer) : [];
        const original = expandEvent(event, { ...WINDOW, timezone: viewer }).occurrences;
        const cut = original.findIndex((occurrence) => occurrence.recurrenceId === target.recurrenceId);
        expect(kept).toEqual(
          original
            .slice(0, cut)
            .filter((occurrence) => occurrence.recurrenceId < target.recurrenceId)
            .map((occurrence) => `${occurrence.start}/${occurrence.end}/${occurrence.details.title}`),
        );
      }),
      { numRuns: 150 },
    );
    expect(splits).toBeGreaterThan(50);
  });
});
