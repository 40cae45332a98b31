import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { makeCircle } from "@/lib/circles/testing";
import { readFeed } from "@/lib/calendar/store";
import { calendarEvents } from "@/lib/db/schema/calendar";
import { membersGraphqlForThisFile } from "./test-helpers";

const people = ["olga", "gus", "ada", "kit", "zed"] as const;
type Who = (typeof people)[number];
const members = Object.fromEntries(
  people.map((name) => [`member-${name}`, { memberId: `member-${name}`, email: `${name}@example.com`, name }]),
);
const id = (who: Who) => `member-${who}`;

const EVENT_FIELDS = `id ownerId title notes location allDay start end timezone startDate endDate rrule visibility people requiresAcknowledgement`;
const calendarOps = {
  getMyAgenda: `query($from: Int!, $to: Int!) { getMyAgenda(from: $from, to: $to) { statusCode message occurrences { eventId start end allDay title acknowledged } } }`,
  createEvent: `mutation($input: EventInput!) { createEvent(input: $input) { statusCode message event { ${EVENT_FIELDS} } } }`,
  updateEvent: `mutation($eventId: String!, $input: EventInput!, $scope: EditScope!, $occurrenceStart: Int) { updateEvent(eventId: $eventId, input: $input, scope: $scope, occurrenceStart: $occurrenceStart) { statusCode message event { ${EVENT_FIELDS} } } }`,
  deleteEvent: `mutation($eventId: String!, $scope: EditScope!, $occurrenceStart: Int) { deleteEvent(eventId: $eventId, scope: $scope, occurrenceStart: $occurrenceStart) { statusCode message } }`,
  acknowledgeEvent: `mutation($eventId: String!, $occurrenceStart: Int) { acknowledgeEvent(eventId: $eventId, occurrenceStart: $occurrenceStart) { statusCode message } }`,
  shareItem: `mutation($itemType: SharedItemType!, $itemId: String!, $memberId: String, $circleId: String, $permission: SharePermission!) { shareItem(itemType: $itemType, itemId: $itemId, memberId: $memberId, circleId: $circleId, permission: $permission) { statusCode message share { id itemType itemId memberId circleId permission } } }`,
  rotateCalendarFeed: `mutation($neutralTitles: Boolean!) { rotateCalendarFeed(neutralTitles: $neutralTitles) { statusCode message url } }`,
};

let db: Db;
const gql = membersGraphqlForThisFile({ members, idOf: id, onFixture: (fixture) => ({ db } = fixture) });

// Tuesdays at 18:00 UTC from 2027-01-05; the agenda asks for January 2027 (four Tuesdays).
const START = Date.UTC(2027, 0, 5, 18) / 1000;
const JANUARY = { from: Date.UTC(2027, 0, 1) / 1000, to: Date.UTC(2027, 1, 1) / 1000 };
const input = (fields: Record<string, unknown> = {}) => ({
  title: "Swimming",
  start: START,
  end: START + 3600,
  timezone: "Europe/London",
  visibility: "CIRCLE",
  ...fields,
});
const agendaTitles = async (who: Who) =>
  ((await gql(calendarOps.getMyAgenda, JANUARY, who)).occurrences as { title: string }[]).map((o) => o.title);

let circleId: string;
async function family() {
  await db.delete(calendarEvents);
  circleId ??= await makeCircle(db, id("olga"), {
    [id("gus")]: "guardian",
    [id("ada")]: "member",
    [id("kit")]: "child",
  });
  return circleId;
}
const create = async (who: Who, fields: Record<string, unknown>) => {
  const created = await gql(calendarOps.createEvent, { input: input(fields) }, who);
  expect(created).toMatchObject({ statusCode: 201 });
  return created.event as Record<string, any>;
};

describe("My Calendar over GraphQL", () => {
  it("guests and invalid credentials get 401 on every calendar operation", async () => {
    const variables = {
      ...JANUARY,
      input: input(),
      eventId: "x",
      scope: "ALL",
      itemType: "EVENT",
      itemId: "x",
      memberId: "x",
      permission: "VIEW",
      neutralTitles: true,
    };
    for (const [name, query] of Object.entries(calendarOps)) {
      for (const who of ["guest", "invalid"] as const) {
        const result = await gql(query, variables, who);
        expect(result, `${name} as ${who}`).toMatchObject({ statusCode: 401 });
      }
    }
  });

  it("creates a weekly event for the circle; everyone in it sees it in their agenda, nobody else", async () => {
    await family();
    const event = await create("olga", { rrule: "FREQ=WEEKLY;BYDAY=TU", people: [id("kit")] });
    expect(event).toMatchObject({
      ownerId: id("olga"),
      title: "Swimming",
      allDay: false,
      rrule: "FREQ=WEEKLY;BYDAY=TU",
      visibility: "CIRCLE",
      people: [id("kit")],
      requiresAcknowledgement: false,
    });
    const agenda = await gql(calendarOps.getMyAgenda, JANUARY, "kit");
    expect(agenda.statusCode).toBe(200);
    expect(agenda.occurrences.map((o: { start: number }) => o.start)).toEqual(
      [0, 1, 2, 3].map((week) => START + week * 7 * 86400),
    );
    expect(await agendaTitles("ada")).toHaveLength(4);
    expect(await agendaTitles("zed")).toEqual([]);
  });

  it("busy shows 'Busy' to others (agenda, event, feed); private reaches nobody else; 404 for others' ids", async () => {
    await family();
    const secret = await create("ada", { title: "Therapy", visibility: "PRIVATE", notes: "room 4" });
    const busy = await create("ada", { title: "Dentist", visibility: "BUSY", start: START + 7200, end: START + 9000 });
    expect(await agendaTitles("ada")).toEqual(["Therapy", "Dentist"]);
    expect(await agendaTitles("olga")).toEqual(["Busy"]);
    expect(await agendaTitles("kit")).toEqual(["Busy"]);
    // Someone else's ids: 404 exactly as an id that does not exist.
    for (const eventId of [secret.id, "00000000-0000-4000-8000-000000000000"]) {
      expect(await gql(calendarOps.updateEvent, { eventId, input: input(), scope: "ALL" }, "olga")).toMatchObject({
        statusCode: 404,
        message: "Event not found",
        event: null,
      });
      expect(await gql(calendarOps.deleteEvent, { eventId, scope: "ALL" }, "olga")).toMatchObject({ statusCode: 404 });
      expect(await gql(calendarOps.acknowledgeEvent, { eventId }, "olga")).toMatchObject({ statusCode: 404 });
      expect(
        await gql(
          calendarOps.shareItem,
          { itemType: "EVENT", itemId: eventId, memberId: id("ada"), permission: "VIEW" },
          "olga",
        ),
      ).toMatchObject({ statusCode: 404, message: "Item not found" });
    }
    // A viewer of the busy event cannot change it.
    expect(
      await gql(calendarOps.updateEvent, { eventId: busy.id, input: input(), scope: "ALL" }, "olga"),
    ).toMatchObject({ statusCode: 403 });
    // Feeds: Olga's shows the busy event as "Busy" and never Ada's private one.
    const { url } = await gql(calendarOps.rotateCalendarFeed, { neutralTitles: false }, "olga");
    const feed = (await readFeed(
      new URL(url).pathname
        .split("/")
        .pop()!
        .replace(/\.ics$/, ""),
      { host: "test" },
    ))!;
    expect(feed).toContain("SUMMARY:Busy");
    expect(feed).not.toMatch(/Dentist|Therapy|room 4/);
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it("shareItem with EVENT: the owner shares one event with one person, who then sees it", async () => {
    await family();
    const secret = await create("ada", { title: "Recital", visibility: "PRIVATE" });
    expect(await agendaTitles("gus")).toEqual([]);
    const shared = await gql(
      calendarOps.shareItem,
      { itemType: "EVENT", itemId: secret.id, memberId: id("gus"), permission: "VIEW" },
      "ada",
    );
    expect(shared).toMatchObject({
      statusCode: 201,
      share: { itemType: "EVENT", itemId: secret.id, permission: "VIEW" },
    });
    expect(await agendaTitles("gus")).toEqual(["Recital"]);
    expect(
      await gql(
        calendarOps.shareItem,
        { itemType: "EVENT", itemId: secret.id, memberId: id("zed"), permission: "VIEW" },
        "ada",
      ),
    ).toMatchObject({ statusCode: 400, message: "memberId: you can share only with people in your circles" });
  });

  it("bad input answers 400 naming the field and writes nothing", async () => {
    await family();
    const cases: [Record<string, unknown>, string][] = [
      [{ rrule: "FREQ=SECONDLY" }, "rrule"],
      [{ rrule: "FREQ=DAILY;COUNT=5000" }, "rrule"],
      [{ end: START - 60 }, "end"],
      [{ timezone: "Nowhere/Special" }, "timezone"],
      [{ start: null, end: null, startDate: "2027-02-30", endDate: "2027-03-01" }, "startDate"],
      [{ visibility: "PEOPLE", people: [id("zed")] }, "people"],
    ];
    for (const [fields, field] of cases) {
      const result = await gql(calendarOps.createEvent, { input: input(fields) }, "olga");
      expect(result, field).toMatchObject({ statusCode: 400, event: null });
      expect(result.message.startsWith(`${field}: `), result.message).toBe(true);
    }
    expect(await db.select().from(calendarEvents)).toEqual([]);
    const tooLong = await gql(calendarOps.getMyAgenda, { from: JANUARY.from, to: JANUARY.from + 401 * 86400 }, "olga");
    expect(tooLong).toMatchObject({ statusCode: 400, occurrences: [] });
    expect(tooLong.message).toMatch(/^to: /);
  });

  it("updates and deletes this, this and following, or all occurrences", async () => {
    await family();
    const series = await create("olga", { rrule: "FREQ=WEEKLY;BYDAY=TU" });
    const week = (n: number) => START + n * 7 * 86400;
    const one = await gql(
      calendarOps.updateEvent,
      {
        eventId: series.id,
        input: input({ title: "Gala", rrule: "FREQ=WEEKLY;BYDAY=TU" }),
        scope: "THIS",
        occurrenceStart: week(1),
      },
      "olga",
    );
    expect(one).toMatchObject({ statusCode: 200, event: { id: series.id } });
    const split = await gql(
      calendarOps.updateEvent,
      {
        eventId: series.id,
        input: input({ title: "Squad", start: week(3), end: week(3) + 3600, rrule: "FREQ=WEEKLY;BYDAY=TU" }),
        scope: "FOLLOWING",
        occurrenceStart: week(3),
      },
      "olga",
    );
    expect(split.event.id).not.toBe(series.id);
    expect(await agendaTitles("ada")).toEqual(["Swimming", "Gala", "Swimming", "Squad"]);
    expect(
      await gql(calendarOps.deleteEvent, { eventId: series.id, scope: "THIS", occurrenceStart: week(2) }, "olga"),
    ).toMatchObject({ statusCode: 200 });
    expect(await gql(calendarOps.deleteEvent, { eventId: series.id, scope: "THIS" }, "olga")).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^occurrenceStart: /),
    });
    expect(await gql(calendarOps.deleteEvent, { eventId: split.event.id, scope: "ALL" }, "olga")).toMatchObject({
      statusCode: 200,
    });
    expect(await agendaTitles("olga")).toEqual(["Swimming", "Gala"]);
  });

  it("an attendee acknowledges an occurrence; the agenda says so; others cannot", async () => {
    await family();
    const lesson = await create("olga", {
      rrule: "FREQ=WEEKLY;BYDAY=TU",
      people: [id("kit")],
      requiresAcknowledgement: true,
    });
    expect(
      await gql(calendarOps.acknowledgeEvent, { eventId: lesson.id, occurrenceStart: START }, "kit"),
    ).toMatchObject({
      statusCode: 200,
    });
    const agenda = await gql(calendarOps.getMyAgenda, JANUARY, "kit");
    expect(agenda.occurrences.map((o: { acknowledged: boolean }) => o.acknowledged)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(
      await gql(calendarOps.acknowledgeEvent, { eventId: lesson.id, occurrenceStart: START }, "ada"),
    ).toMatchObject({
      statusCode: 403,
    });
    expect(
      await gql(calendarOps.acknowledgeEvent, { eventId: lesson.id, occurrenceStart: START + 60 }, "kit"),
    ).toMatchObject({ statusCode: 404 });
  });

  it("rotateCalendarFeed gives a new private link each time, and the old one stops", async () => {
    await family();
    await create("olga", { title: "Book club" });
    const first = await gql(calendarOps.rotateCalendarFeed, { neutralTitles: true }, "olga");
    expect(first).toMatchObject({ statusCode: 201 });
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const tokenOf = (url: string) =>
      new URL(url).pathname
        .split("/")
        .pop()!
        .replace(/\.ics$/, "");
    const neutral = (await readFeed(tokenOf(first.url), { host: "test" }))!;
    expect(neutral).toContain("SUMMARY:Busy");
    expect(neutral).not.toContain("Book club");
    const second = await gql(calendarOps.rotateCalendarFeed, { neutralTitles: false }, "olga");
    expect(second.url).not.toBe(first.url);
    expect(await readFeed(tokenOf(first.url), { host: "test" })).toBeNull();
    expect(await readFeed(tokenOf(second.url), { host: "test" })).toContain("SUMMARY:Book club");
  });
});
