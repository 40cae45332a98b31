import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/testing";
import { calendarEvents } from "../../db/schema/calendar";
import { rateLimitCounters } from "../../db/schema/site";
import { failure } from "../../circles/testing";
import { IMPORTS_PER_HOUR, MAX_EVENTS_PER_CALENDAR, importCalendar } from ".";

/** One member cannot keep the calendar readers busy: imports are counted per hour (issue 38). */

const database = useTestDatabase([calendarEvents, rateLimitCounters]);
const file = [
  "BEGIN:VCALENDAR",
  "BEGIN:VEVENT",
  "UID:swim",
  "DTSTART;TZID=Europe/London:20260105T090000",
  "SUMMARY:Swim",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

describe("imports per hour", () => {
  it(`takes ${IMPORTS_PER_HOUR} files an hour from a member, then answers 429 saying when to try again`, async () => {
    const now = new Date("2026-03-02T10:00:00Z");
    for (let index = 0; index < IMPORTS_PER_HOUR; index++)
      await importCalendar("olga", file, { db: database.db, now, fileName: "a.ics" });
    expect(await failure(importCalendar("olga", file, { db: database.db, now, fileName: "a.ics" }))).toMatchObject({
      status: 429,
      field: "file",
      message: expect.stringMatching(/^you can import 20 files an hour\. Please try again in 60 minutes\.$/),
    });
    // Someone else is not held back, and the next hour the member may import again.
    await importCalendar("ada", file, { db: database.db, now });
    await importCalendar("olga", file, { db: database.db, now: new Date("2026-03-02T11:00:01Z") });
  }, 120_000);
});

describe("events per calendar", () => {
  it(`an import that would take a calendar past ${MAX_EVENTS_PER_CALENDAR} events writes nothing`, async () => {
    await importCalendar("olga", file, { db: database.db });
    // The calendar filled to the cap with copies of that event.
    await database.db.execute(sql`
      insert into calendar_events
      select (jsonb_populate_record(null::calendar_events,
        to_jsonb(e) || jsonb_build_object('id', gen_random_uuid(), 'uid', 'copy-' || g))).*
      from calendar_events e, generate_series(1, ${MAX_EVENTS_PER_CALENDAR - 1}) g`);
    const another = file.replace("UID:swim", "UID:run");
    expect(await failure(importCalendar("olga", another, { db: database.db }))).toMatchObject({
      status: 400,
      field: "file",
      message: `a calendar holds at most ${MAX_EVENTS_PER_CALENDAR} events, and this file would take it to ${MAX_EVENTS_PER_CALENDAR + 1}; nothing was imported`,
    });
    const [held] = await database.db
      .execute(sql`select count(*)::int as events from calendar_events where uid = 'run'`)
      .then((result) => (result as unknown as { rows: Array<{ events: number }> }).rows);
    expect(held!.events).toBe(0);
    // Updating what is already there still works.
    expect((await importCalendar("olga", file, { db: database.db })).updated).toHaveLength(1);
  }, 120_000);
});
