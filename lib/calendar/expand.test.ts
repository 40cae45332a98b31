import { describe, expect, it } from "vitest";
import { MAX_AGENDA_DAYS, checkAgendaRange, expandAgenda, expandEvent, findOccurrence } from "./expand";
import type { CalendarEvent } from "./event";
import { allDayEvent, at, calendarErrorOf, days, timedEvent, wall } from "./test-helpers";

const LONDON = "Europe/London";
const NEW_YORK = "America/New_York";

function starts(event: CalendarEvent, range: { from: number; to: number; timezone: string }, zone: string) {
  return expandEvent(event, range).occurrences.map((occurrence) => wall(occurrence.start, zone));
}

describe("timed series keep their local time across summer time", () => {
  it("a weekly 18:15 Europe/London event stays 18:15 through the spring change (29 March 2026)", () => {
    const swim = timedEvent({ start: "2026-03-17T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;BYDAY=TU" });
    const range = days("2026-03-16", "2026-04-15", LONDON);
    expect(starts(swim, range, LONDON)).toEqual([
      "2026-03-17T18:15",
      "2026-03-24T18:15",
      "2026-03-31T18:15",
      "2026-04-07T18:15",
      "2026-04-14T18:15",
    ]);
    // In UTC the clock moves an hour: GMT before, BST after.
    expect(starts(swim, range, "UTC")).toEqual([
      "2026-03-17T18:15",
      "2026-03-24T18:15",
      "2026-03-31T17:15",
      "2026-04-07T17:15",
      "2026-04-14T17:15",
    ]);
    for (const occurrence of expandEvent(swim, range).occurrences) expect(occurrence.end - occurrence.start).toBe(3600);
  });

  it("and through the autumn change (25 October 2026), years after it started", () => {
    const swim = timedEvent({ start: "2019-03-19T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;BYDAY=TU" });
    const range = days("2026-10-13", "2026-11-04", LONDON);
    expect(starts(swim, range, LONDON)).toEqual([
      "2026-10-13T18:15",
      "2026-10-20T18:15",
      "2026-10-27T18:15",
      "2026-11-03T18:15",
    ]);
    expect(starts(swim, range, "UTC")).toEqual([
      "2026-10-13T17:15",
      "2026-10-20T17:15",
      "2026-10-27T18:15",
      "2026-11-03T18:15",
    ]);
  });

  it("a daily 09:00 America/New_York event stays 09:00 across both US changes (8 March and 1 November 2026)", () => {
    const school = timedEvent({ start: "2026-03-06T09:00", timezone: NEW_YORK, rrule: "FREQ=DAILY" });
    expect(starts(school, days("2026-03-06", "2026-03-11", NEW_YORK), NEW_YORK)).toEqual([
      "2026-03-06T09:00",
      "2026-03-07T09:00",
      "2026-03-08T09:00",
      "2026-03-09T09:00",
      "2026-03-10T09:00",
    ]);
    expect(starts(school, days("2026-10-30", "2026-11-03", NEW_YORK), "UTC")).toEqual([
      "2026-10-30T13:00",
      "2026-10-31T13:00",
      "2026-11-01T14:00",
      "2026-11-02T14:00",
    ]);
  });

  it("a viewer elsewhere sees the same instants (the series follows its own zone, not the viewer's)", () => {
    const swim = timedEvent({ start: "2026-03-17T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY" });
    const london = expandEvent(swim, { ...days("2026-03-16", "2026-04-15", LONDON), timezone: LONDON }).occurrences;
    const auckland = expandEvent(swim, {
      ...days("2026-03-16", "2026-04-15", LONDON),
      timezone: "Pacific/Auckland",
    }).occurrences;
    expect(auckland).toEqual(london);
  });

  it("an occurrence whose local time does not exist on the spring-forward night is left out (RFC 5545)", () => {
    const late = timedEvent({ start: "2026-03-22T01:30", timezone: LONDON, rrule: "FREQ=WEEKLY;COUNT=3" });
    expect(starts(late, days("2026-03-20", "2026-04-20", LONDON), LONDON)).toEqual([
      "2026-03-22T01:30",
      "2026-04-05T01:30",
      "2026-04-12T01:30",
    ]);
  });
});

describe("all-day events are dates, the same for everybody", () => {
  const birthday = allDayEvent({ startDate: "2026-07-14", endDate: "2026-07-15", rrule: "FREQ=YEARLY" });

  it("is on 14 July for a member in Pacific/Auckland and one in America/Los_Angeles", () => {
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const [occurrence] = expandEvent(birthday, days("2030-07-01", "2030-08-01", zone)).occurrences;
      expect(occurrence).toMatchObject({
        allDay: true,
        startDate: "2030-07-14",
        endDate: "2030-07-15",
        recurrenceId: "2030-07-14",
      });
      // Placed at the viewer's midnights: the instants differ, the day does not.
      expect(wall(occurrence!.start, zone)).toBe("2030-07-14T00:00");
      expect(wall(occurrence!.end, zone)).toBe("2030-07-15T00:00");
    }
  });

  it("is placed by the viewer's midnights: the Auckland 15th still overlaps the Los Angeles 14th", () => {
    // 15 July 00:00 in Auckland is 14 July 05:00 in Los Angeles: the same instants, two different days.
    const aucklandFifteenth = days("2030-07-15", "2030-07-16", "Pacific/Auckland");
    expect(wall(aucklandFifteenth.from, "America/Los_Angeles")).toBe("2030-07-14T05:00");
    expect(expandEvent(birthday, aucklandFifteenth).occurrences).toEqual([]);
    const losAngeles = expandEvent(birthday, { ...aucklandFifteenth, timezone: "America/Los_Angeles" }).occurrences;
    expect(losAngeles.map((occurrence) => occurrence.startDate)).toEqual(["2030-07-14"]);
  });

  it("a multi-day trip that started before the range is in it", () => {
    const trip = allDayEvent({ startDate: "2026-08-01", endDate: "2026-08-15", title: "Trip" });
    expect(expandEvent(trip, days("2026-08-10", "2026-08-11", LONDON)).occurrences).toHaveLength(1);
    expect(expandEvent(trip, days("2026-08-15", "2026-08-16", LONDON)).occurrences).toHaveLength(0);
    const yearlyTrip = allDayEvent({ startDate: "2026-08-01", endDate: "2026-08-15", rrule: "FREQ=YEARLY" });
    expect(
      expandEvent(yearlyTrip, days("2031-08-14", "2031-08-15", LONDON)).occurrences.map(
        (occurrence) => occurrence.startDate,
      ),
    ).toEqual(["2031-08-01"]);
  });
});

describe("monthly rules", () => {
  it('"2nd Tuesday" is the second Tuesday of each month', () => {
    const club = timedEvent({ start: "2026-01-13T19:00", timezone: LONDON, rrule: "FREQ=MONTHLY;BYDAY=2TU" });
    expect(starts(club, days("2026-01-01", "2026-07-01", LONDON), LONDON)).toEqual([
      "2026-01-13T19:00",
      "2026-02-10T19:00",
      "2026-03-10T19:00",
      "2026-04-14T19:00",
      "2026-05-12T19:00",
      "2026-06-09T19:00",
    ]);
  });

  it("Outlook's BYDAY=TU;BYSETPOS=2 is the same rule", () => {
    const outlook = timedEvent({
      start: "2026-01-13T19:00",
      timezone: LONDON,
      rrule: "FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2",
    });
    expect(outlook.rrule).toBe("FREQ=MONTHLY;BYDAY=2TU");
  });

  it("the 31st skips months without one (RFC 5545); the last day of the month (-1) does not", () => {
    const rent = allDayEvent({ startDate: "2026-01-31", endDate: "2026-02-01", rrule: "FREQ=MONTHLY" });
    const range = days("2026-01-01", "2026-09-01", "UTC");
    expect(expandEvent(rent, range).occurrences.map((occurrence) => occurrence.startDate)).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
      "2026-08-31",
    ]);
    const lastDay = allDayEvent({
      startDate: "2026-01-31",
      endDate: "2026-02-01",
      rrule: "FREQ=MONTHLY;BYMONTHDAY=-1",
    });
    expect(expandEvent(lastDay, range).occurrences.map((occurrence) => occurrence.startDate)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
    ]);
  });

  it("a yearly 29 February comes back in leap years only", () => {
    const leap = allDayEvent({ startDate: "2024-02-29", endDate: "2024-03-01", rrule: "FREQ=YEARLY" });
    const found = [2025, 2026, 2027, 2028].map(
      (year) => expandEvent(leap, days(`${year}-02-01`, `${year}-03-15`, "UTC")).occurrences.length,
    );
    expect(found).toEqual([0, 0, 0, 1]);
  });
});

describe("COUNT, UNTIL, exceptions and overrides", () => {
  it("COUNT=10 gives ten occurrences, the first one counted", () => {
    const lessons = timedEvent({
      start: "2026-03-03T10:00",
      timezone: LONDON,
      rrule: "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10",
    });
    const all = starts(lessons, days("2026-01-01", "2027-01-01", LONDON), LONDON);
    expect(all).toHaveLength(10);
    expect(all.at(-1)).toBe("2026-04-02T10:00");
  });

  it("COUNT counts the start when the rule would not give it (RFC 5545: DTSTART is the first)", () => {
    // Starts on a Monday, repeats on Tuesdays and Thursdays.
    const lessons = timedEvent({
      start: "2026-03-02T10:00",
      timezone: LONDON,
      rrule: "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=3",
    });
    expect(starts(lessons, days("2026-01-01", "2027-01-01", LONDON), LONDON)).toEqual([
      "2026-03-02T10:00",
      "2026-03-03T10:00",
      "2026-03-05T10:00",
    ]);
  });

  it("a COUNT series looked at long after it ended, or in its middle, gives the right occurrences", () => {
    const daily = timedEvent({ start: "2020-01-01T08:00", timezone: NEW_YORK, rrule: "FREQ=DAILY;COUNT=1000" });
    // Day 1000 is 2022-09-26.
    expect(starts(daily, days("2022-09-20", "2022-10-20", NEW_YORK), NEW_YORK).at(-1)).toBe("2022-09-26T08:00");
    expect(starts(daily, days("2023-01-01", "2023-02-01", NEW_YORK), NEW_YORK)).toEqual([]);
  });

  it("UNTIL is inclusive", () => {
    const until = at("2026-03-24T18:15", LONDON);
    const swim = timedEvent({
      start: "2026-03-03T18:15",
      timezone: LONDON,
      rrule: `FREQ=WEEKLY;UNTIL=${new Date(until * 1000).toISOString().replace(/[-:]|\.\d+/g, "")}`,
    });
    expect(starts(swim, days("2026-01-01", "2027-01-01", LONDON), LONDON)).toEqual([
      "2026-03-03T18:15",
      "2026-03-10T18:15",
      "2026-03-17T18:15",
      "2026-03-24T18:15",
    ]);
  });

  it("a removed occurrence is gone and a moved one shows in its new place, with its own title", () => {
    const swim = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;COUNT=4" });
    if (swim.allDay) throw new Error("timed");
    swim.exdates = [at("2026-03-10T18:15", LONDON)];
    swim.overrides = [
      {
        recurrenceId: at("2026-03-17T18:15", LONDON),
        start: at("2026-03-19T17:00", LONDON),
        end: at("2026-03-19T18:00", LONDON),
        details: { title: "Gala" },
      },
    ];
    const occurrences = expandEvent(swim, days("2026-03-01", "2026-04-01", LONDON)).occurrences;
    expect(
      occurrences.map((occurrence) => [wall(occurrence.start, LONDON), occurrence.details.title, occurrence.changed]),
    ).toEqual([
      ["2026-03-03T18:15", "Swimming", false],
      ["2026-03-19T17:00", "Gala", true],
      ["2026-03-24T18:15", "Swimming", false],
    ]);
    // The moved occurrence is found where it now is, outside the range of its original day.
    const onlyThe19th = expandEvent(swim, days("2026-03-19", "2026-03-20", LONDON)).occurrences;
    expect(onlyThe19th.map((occurrence) => occurrence.recurrenceId)).toEqual([at("2026-03-17T18:15", LONDON)]);
    expect(expandEvent(swim, days("2026-03-17", "2026-03-18", LONDON)).occurrences).toEqual([]);
  });

  it("a zero-length event belongs to the range its start is in", () => {
    const reminder = timedEvent({ start: "2026-05-01T09:00", minutes: 0, timezone: LONDON });
    expect(
      expandEvent(reminder, {
        from: at("2026-05-01T09:00", LONDON),
        to: at("2026-05-01T10:00", LONDON),
        timezone: LONDON,
      }).occurrences,
    ).toHaveLength(1);
    expect(
      expandEvent(reminder, {
        from: at("2026-05-01T08:00", LONDON),
        to: at("2026-05-01T09:00", LONDON),
        timezone: LONDON,
      }).occurrences,
    ).toHaveLength(0);
  });

  it("a timed event that began before the range and is still going is in it", () => {
    const night = timedEvent({ start: "2026-05-01T22:00", minutes: 600, timezone: LONDON, rrule: "FREQ=DAILY" });
    const occurrences = expandEvent(night, {
      from: at("2026-05-10T06:00", LONDON),
      to: at("2026-05-10T07:00", LONDON),
      timezone: LONDON,
    }).occurrences;
    expect(occurrences.map((occurrence) => wall(occurrence.start, LONDON))).toEqual(["2026-05-09T22:00"]);
  });
});

describe("caps", () => {
  it(`refuses a range longer than ${MAX_AGENDA_DAYS} days or one that ends before it starts, naming the field`, () => {
    const from = at("2026-01-01T00:00");
    expect(calendarErrorOf(() => checkAgendaRange(from, from + 401 * 86_400))).toEqual({
      field: "to",
      status: 400,
      message: "the range can be at most 400 days",
    });
    expect(calendarErrorOf(() => checkAgendaRange(from, from))).toMatchObject({
      field: "to",
      message: "must be after from",
    });
    expect(() => checkAgendaRange(from, from + 400 * 86_400)).not.toThrow();
    const daily = timedEvent({ start: "2020-01-01T08:00", timezone: LONDON, rrule: "FREQ=DAILY" });
    expect(
      calendarErrorOf(() => expandEvent(daily, { from, to: from + 10_000 * 86_400, timezone: LONDON })),
    ).toMatchObject({ field: "to" });
  });

  it("an agenda stops at the occurrence cap, oldest first, and says it was truncated", () => {
    const items = Array.from({ length: 20 }, (_, index) => ({
      eventId: `e${index}`,
      event: timedEvent({
        start: `2026-01-01T${String(index).padStart(2, "0")}:00`,
        timezone: LONDON,
        rrule: "FREQ=DAILY",
      }),
    }));
    const range = days("2026-01-01", "2027-02-01", LONDON); // 396 days x 20 events
    const { occurrences, truncated } = expandAgenda(items, range, 5000);
    expect(truncated).toBe(true);
    expect(occurrences).toHaveLength(5000);
    for (let index = 1; index < occurrences.length; index++)
      expect(occurrences[index]!.start).toBeGreaterThanOrEqual(occurrences[index - 1]!.start);
    const untruncated = expandAgenda(items, days("2026-01-01", "2026-02-01", LONDON));
    expect(untruncated).toMatchObject({ truncated: false });
    expect(untruncated.occurrences).toHaveLength(31 * 20);
  });

  it("an agenda interleaves events by start and keeps each occurrence's event id", () => {
    const swim = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY" });
    const birthday = allDayEvent({ startDate: "2026-03-10", endDate: "2026-03-11" });
    const { occurrences } = expandAgenda(
      [
        { eventId: "swim", event: swim },
        { eventId: "birthday", event: birthday },
      ],
      days("2026-03-01", "2026-03-15", LONDON),
    );
    expect(occurrences.map((occurrence) => occurrence.eventId)).toEqual(["swim", "birthday", "swim"]);
  });
});

describe("findOccurrence", () => {
  const swim = timedEvent({ start: "2026-03-03T18:15", timezone: LONDON, rrule: "FREQ=WEEKLY;COUNT=4" });
  if (swim.allDay) throw new Error("timed");
  swim.exdates = [at("2026-03-10T18:15", LONDON)];
  swim.overrides = [
    {
      recurrenceId: at("2026-03-17T18:15", LONDON),
      start: at("2026-03-19T17:00", LONDON),
      end: at("2026-03-19T18:00", LONDON),
      details: {},
    },
  ];

  it("finds an occurrence by its start, and a moved one by its new or its original start", () => {
    expect(findOccurrence(swim, at("2026-03-24T18:15", LONDON), LONDON).recurrenceId).toBe(
      at("2026-03-24T18:15", LONDON),
    );
    expect(findOccurrence(swim, at("2026-03-19T17:00", LONDON), LONDON).recurrenceId).toBe(
      at("2026-03-17T18:15", LONDON),
    );
    expect(findOccurrence(swim, at("2026-03-17T18:15", LONDON), LONDON).changed).toBe(true);
  });

  it("answers 404 on occurrenceStart for a removed occurrence, a time the rule does not give, or after COUNT", () => {
    for (const local of ["2026-03-10T18:15", "2026-03-24T18:16", "2026-03-31T18:15"]) {
      expect(calendarErrorOf(() => findOccurrence(swim, at(local, LONDON), LONDON))).toMatchObject({
        field: "occurrenceStart",
        status: 404,
      });
    }
  });

  it("names an all-day occurrence by any instant of its day in the viewer's zone", () => {
    const birthday = allDayEvent({ startDate: "2026-07-14", endDate: "2026-07-15", rrule: "FREQ=YEARLY" });
    expect(findOccurrence(birthday, at("2030-07-14T00:00", "Pacific/Auckland"), "Pacific/Auckland").recurrenceId).toBe(
      "2030-07-14",
    );
    expect(
      findOccurrence(birthday, at("2030-07-14T23:00", "America/Los_Angeles"), "America/Los_Angeles").recurrenceId,
    ).toBe("2030-07-14");
    expect(
      calendarErrorOf(() => findOccurrence(birthday, at("2030-07-15T00:00", "Pacific/Auckland"), "Pacific/Auckland")),
    ).toMatchObject({ status: 404 });
  });
});
