import { describe, expect, it } from "vitest";
import { type EditOutcome, applyEventDeletion, applyEventUpdate } from "./edit";
import { expandEvent } from "./expand";
import { parseEventInput } from "./model";
import { type CalendarEvent, type EventFields } from "./event";
import { allDayEvent, at, calendarErrorOf, days, timedEvent, wall } from "./test-helpers";

const LONDON = "Europe/London";
const year = days("2026-01-01", "2027-01-01", LONDON);

function listed(event: CalendarEvent, range = year) {
  return expandEvent(event, range).occurrences.map(
    (occurrence) => `${wall(occurrence.start, LONDON)} ${occurrence.details.title}`,
  );
}

function fieldsOf(event: CalendarEvent, changes: Record<string, unknown> = {}): EventFields {
  const base = event.allDay
    ? { startDate: event.startDate, endDate: event.endDate }
    : { start: event.start, end: event.end, timezone: event.timezone };
  return parseEventInput({ ...event.details, ...base, rrule: event.rrule, ...changes });
}

function updated(outcome: EditOutcome): CalendarEvent {
  if (outcome.kind !== "update") throw new Error(`expected an update, got ${outcome.kind}`);
  return outcome.event;
}

// Tuesdays at 18:15, five times: 3, 10, 17, 24, 31 March 2026 (London changes to BST on the 29th).
const swim = () => timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;COUNT=5" });
const tuesday = (day: number) => at(`2026-03-${String(day).padStart(2, "0")}T18:15`, LONDON);

describe("THIS", () => {
  it("moves one occurrence and renames it, leaving the others", () => {
    const event = swim();
    const change = fieldsOf(event, {
      start: at("2026-03-12T17:00", LONDON),
      end: at("2026-03-12T18:00", LONDON),
      title: "Swim gala",
    });
    const result = updated(
      applyEventUpdate(event, change, { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }),
    );
    expect(listed(result)).toEqual([
      "2026-03-03T18:15 Swimming",
      "2026-03-12T17:00 Swim gala",
      "2026-03-17T18:15 Swimming",
      "2026-03-24T18:15 Swimming",
      "2026-03-31T18:15 Swimming",
    ]);
    expect(result.overrides).toEqual([
      {
        recurrenceId: tuesday(10),
        start: at("2026-03-12T17:00", LONDON),
        end: at("2026-03-12T18:00", LONDON),
        details: { title: "Swim gala" },
      },
    ]);
    // Edited again from where it now is, back to the series' own time and title: the override goes.
    const back = updated(
      applyEventUpdate(result, fieldsOf(event, { start: tuesday(10), end: tuesday(10) + 3600 }), {
        scope: "THIS",
        occurrenceStart: at("2026-03-12T17:00", LONDON),
        timezone: LONDON,
      }),
    );
    expect(back.overrides).toEqual([]);
  });

  it("removes one occurrence; removing the last one left deletes the event", () => {
    const event = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;COUNT=2" });
    const first = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }));
    expect(listed(first)).toEqual(["2026-03-03T18:15 Swimming"]);
    expect(applyEventDeletion(first, { scope: "THIS", occurrenceStart: tuesday(3), timezone: LONDON })).toEqual({
      kind: "delete",
    });
  });

  it("needs occurrenceStart on a series (400) and answers 404 for one that is not there", () => {
    const event = swim();
    expect(calendarErrorOf(() => applyEventDeletion(event, { scope: "THIS", timezone: LONDON }))).toEqual({
      field: "occurrenceStart",
      status: 400,
      message: "is required to change one occurrence",
    });
    expect(
      calendarErrorOf(() =>
        applyEventDeletion(event, { scope: "FOLLOWING", occurrenceStart: tuesday(31) + 7 * 86_400, timezone: LONDON }),
      ),
    ).toMatchObject({ field: "occurrenceStart", status: 404 });
    const removed = updated(
      applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }),
    );
    expect(
      calendarErrorOf(() =>
        applyEventUpdate(removed, fieldsOf(event), { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }),
      ),
    ).toMatchObject({ status: 404 });
  });

  it("refuses to turn one timed occurrence into an all-day one", () => {
    const event = swim();
    const change = parseEventInput({ title: "Swimming", startDate: "2026-03-10", endDate: "2026-03-11" });
    expect(
      calendarErrorOf(() =>
        applyEventUpdate(event, change, { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }),
      ),
    ).toMatchObject({ field: "startDate", status: 400 });
  });

  it("on an event that does not repeat, THIS changes the event", () => {
    const once = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON });
    const result = updated(
      applyEventUpdate(once, fieldsOf(once, { title: "Renamed" }), { scope: "THIS", timezone: LONDON }),
    );
    expect(listed(result)).toEqual(["2026-03-03T18:15 Renamed"]);
  });
});

describe("FOLLOWING", () => {
  it("splits the series: the old rule ends just before, the new one takes the COUNT that is left", () => {
    const event = swim();
    const change = fieldsOf(event, { start: at("2026-03-17T19:00", LONDON), end: at("2026-03-17T20:00", LONDON) });
    const outcome = applyEventUpdate(event, change, {
      scope: "FOLLOWING",
      occurrenceStart: tuesday(17),
      timezone: LONDON,
    });
    if (outcome.kind !== "split") throw new Error(outcome.kind);
    expect(outcome.event.rrule).toBe("FREQ=WEEKLY;UNTIL=20260316T235959Z");
    expect(outcome.following.rrule).toBe("FREQ=WEEKLY;COUNT=3");
    expect(listed(outcome.event)).toEqual(["2026-03-03T18:15 Swimming", "2026-03-10T18:15 Swimming"]);
    // 19:00 local, including after the change to summer time on the 29th.
    expect(listed(outcome.following)).toEqual([
      "2026-03-17T19:00 Swimming",
      "2026-03-24T19:00 Swimming",
      "2026-03-31T19:00 Swimming",
    ]);
  });

  it("takes the exceptions after the split with it, moved with the series", () => {
    let event = swim();
    event = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(24), timezone: LONDON }));
    event = updated(
      applyEventUpdate(event, fieldsOf(event, { start: tuesday(31), end: tuesday(31) + 3600, title: "Gala" }), {
        scope: "THIS",
        occurrenceStart: tuesday(31),
        timezone: LONDON,
      }),
    );
    event = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(3), timezone: LONDON }));
    const change = fieldsOf(event, { start: at("2026-03-17T19:00", LONDON), end: at("2026-03-17T20:00", LONDON) });
    const outcome = applyEventUpdate(event, change, {
      scope: "FOLLOWING",
      occurrenceStart: tuesday(17),
      timezone: LONDON,
    });
    if (outcome.kind !== "split") throw new Error(outcome.kind);
    expect(listed(outcome.event)).toEqual(["2026-03-10T18:15 Swimming"]);
    expect(listed(outcome.following)).toEqual(["2026-03-17T19:00 Swimming", "2026-03-31T19:00 Gala"]);
  });

  it("from the first occurrence it is the whole series; deleting from there deletes the event", () => {
    const event = swim();
    expect(
      applyEventUpdate(event, fieldsOf(event, { title: "Renamed" }), {
        scope: "FOLLOWING",
        occurrenceStart: tuesday(3),
        timezone: LONDON,
      }).kind,
    ).toBe("update");
    expect(applyEventDeletion(event, { scope: "FOLLOWING", occurrenceStart: tuesday(3), timezone: LONDON })).toEqual({
      kind: "delete",
    });
  });

  it("deleting this and following keeps only what came before", () => {
    const event = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY" });
    const result = updated(
      applyEventDeletion(event, { scope: "FOLLOWING", occurrenceStart: tuesday(17), timezone: LONDON }),
    );
    expect(listed(result)).toEqual(["2026-03-03T18:15 Swimming", "2026-03-10T18:15 Swimming"]);
  });

  it("when nothing is left before the split, the event itself becomes the new series", () => {
    let event = swim();
    event = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(3), timezone: LONDON }));
    const outcome = applyEventUpdate(
      event,
      fieldsOf(event, { start: tuesday(10), end: tuesday(10) + 3600, title: "New" }),
      { scope: "FOLLOWING", occurrenceStart: tuesday(10), timezone: LONDON },
    );
    expect(listed(updated(outcome))).toEqual([
      "2026-03-10T18:15 New",
      "2026-03-17T18:15 New",
      "2026-03-24T18:15 New",
      "2026-03-31T18:15 New",
    ]);
  });

  it("splits an all-day series at a date", () => {
    const bins = allDayEvent({
      startDate: "2026-03-02",
      endDate: "2026-03-03",
      rrule: "FREQ=WEEKLY;UNTIL=20260330",
      title: "Bins",
    });
    const change = fieldsOf(bins, {
      startDate: "2026-03-17",
      endDate: "2026-03-18",
      rrule: "FREQ=WEEKLY;UNTIL=20260330",
    });
    const outcome = applyEventUpdate(bins, change, {
      scope: "FOLLOWING",
      occurrenceStart: at("2026-03-16T12:00", LONDON),
      timezone: LONDON,
    });
    if (outcome.kind !== "split") throw new Error(outcome.kind);
    expect(outcome.event.rrule).toBe("FREQ=WEEKLY;UNTIL=20260315");
    const dates = (event: CalendarEvent) =>
      expandEvent(event, year).occurrences.map((occurrence) => occurrence.startDate);
    expect(dates(outcome.event)).toEqual(["2026-03-02", "2026-03-09"]);
    expect(dates(outcome.following)).toEqual(["2026-03-17", "2026-03-24"]);
  });
});

describe("ALL", () => {
  it("moved from one occurrence, the whole series moves by the same wall-clock amount and keeps its first date", () => {
    let event = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;COUNT=5" });
    event = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }));
    // Only the title changed on the 24th: it follows the series. The 17th was moved to Thursday: it stays.
    event = updated(
      applyEventUpdate(event, fieldsOf(event, { start: tuesday(24), end: tuesday(24) + 3600, title: "Gala" }), {
        scope: "THIS",
        occurrenceStart: tuesday(24),
        timezone: LONDON,
      }),
    );
    event = updated(
      applyEventUpdate(
        event,
        fieldsOf(event, { start: at("2026-03-19T17:00", LONDON), end: at("2026-03-19T18:00", LONDON) }),
        { scope: "THIS", occurrenceStart: tuesday(17), timezone: LONDON },
      ),
    );
    // On the 31st (BST) the member moves 18:15 to 19:00 and chooses "all events".
    const change = fieldsOf(event, { start: at("2026-03-31T19:00", LONDON), end: at("2026-03-31T20:00", LONDON) });
    const result = updated(
      applyEventUpdate(event, change, { scope: "ALL", occurrenceStart: tuesday(31), timezone: LONDON }),
    );
    expect(listed(result)).toEqual([
      "2026-03-03T19:00 Swimming",
      "2026-03-19T17:00 Swimming",
      "2026-03-24T19:00 Gala",
      "2026-03-31T19:00 Swimming",
    ]);
  });

  it("a new rule keeps only the exceptions that still name one of its occurrences", () => {
    let event = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY" });
    event = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(10), timezone: LONDON }));
    event = updated(applyEventDeletion(event, { scope: "THIS", occurrenceStart: tuesday(17), timezone: LONDON }));
    const fortnightly = updated(
      applyEventUpdate(event, fieldsOf(event, { rrule: "FREQ=WEEKLY;INTERVAL=2" }), { scope: "ALL", timezone: LONDON }),
    );
    expect(fortnightly.exdates).toEqual([tuesday(17)]);
    expect(listed(fortnightly, days("2026-03-01", "2026-04-01", LONDON))).toEqual([
      "2026-03-03T18:15 Swimming",
      "2026-03-31T18:15 Swimming",
    ]);
    const once = updated(applyEventUpdate(event, fieldsOf(event, { rrule: null }), { scope: "ALL", timezone: LONDON }));
    expect(once).toMatchObject({ rrule: null, exdates: [], overrides: [] });
  });
});
