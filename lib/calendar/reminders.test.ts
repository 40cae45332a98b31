import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "./event";
import { nextReminderAfter, remindersDue } from "./reminders";
import { allDayEvent, at, timedEvent, wall } from "./test-helpers";

const LONDON = "Europe/London";
const swim = (rrule: string | null) =>
  timedEvent({ start: "2026-03-17T18:15", timezone: LONDON, rrule: rrule ?? undefined });
const next = (event: CalendarEvent, after: number, zones = [LONDON], lastEnd: number | null = null) => {
  const found = nextReminderAfter(event, zones, after, lastEnd);
  return found === null ? null : wall(found, LONDON);
};

describe("when an event reminds", () => {
  it("an hour before each occurrence, skipping removed ones and following moved ones", () => {
    const event = swim("FREQ=WEEKLY;BYDAY=TU");
    expect(next(event, at("2026-03-10T00:00", LONDON))).toBe("2026-03-17T17:15");
    const removed = { ...event, exdates: [at("2026-03-17T18:15", LONDON)] } as CalendarEvent;
    expect(next(removed, at("2026-03-10T00:00", LONDON))).toBe("2026-03-24T17:15");
    const moved = {
      ...event,
      overrides: [
        {
          recurrenceId: at("2026-03-17T18:15", LONDON),
          start: at("2026-03-19T09:00", LONDON),
          end: at("2026-03-19T10:00", LONDON),
          details: { title: "Gala" },
        },
      ],
    } as CalendarEvent;
    expect(next(moved, at("2026-03-10T00:00", LONDON))).toBe("2026-03-19T08:00");
    const [due] = remindersDue(moved, LONDON, at("2026-03-19T07:00", LONDON), at("2026-03-19T08:00", LONDON));
    expect(due!.details.title).toBe("Gala");
  });

  it("ends with COUNT or UNTIL: no reminder after the last occurrence's", () => {
    const counted = swim("FREQ=WEEKLY;BYDAY=TU;COUNT=2");
    expect(next(counted, at("2026-03-20T00:00", LONDON), [LONDON], at("2026-03-25T00:00", LONDON))).toBe(
      "2026-03-24T17:15",
    );
    expect(next(counted, at("2026-03-24T17:15", LONDON), [LONDON], at("2026-03-25T00:00", LONDON))).toBeNull();
    const one = swim(null);
    expect(next(one, at("2026-03-17T17:15", LONDON), [LONDON], at("2026-03-17T19:15", LONDON))).toBeNull();
  });

  it("an all-day occurrence at 08:00 on its day in each zone: the earliest morning first", () => {
    const birthday = allDayEvent({ startDate: "2026-05-14", endDate: "2026-05-15", rrule: "FREQ=YEARLY" });
    const after = at("2026-05-01T00:00", LONDON);
    expect(next(birthday, after, [LONDON])).toBe("2026-05-14T08:00");
    expect(nextReminderAfter(birthday, [LONDON, "Pacific/Auckland"], after, null)).toBe(
      at("2026-05-14T08:00", "Pacific/Auckland"),
    );
  });

  it("a late run drops reminders of occurrences that are over", () => {
    const event = swim("FREQ=DAILY");
    const since = at("2026-03-17T00:00", LONDON);
    // Down from midnight to 21:00: the 18:15 swim is over, tomorrow's is not due yet.
    expect(remindersDue(event, LONDON, since, at("2026-03-17T21:00", LONDON))).toEqual([]);
    expect(remindersDue(event, LONDON, since, at("2026-03-17T18:30", LONDON))).toHaveLength(1);
  });
});
