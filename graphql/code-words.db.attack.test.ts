import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { makeCircle } from "@/lib/circles/testing";
import { getHabitHistory, getMyHabits } from "@/lib/habits/store";
import { exportHabitCsv } from "@/lib/habits/export";
import { getAgenda, getEvent } from "@/lib/calendar/store";
import { membersGraphqlForThisFile } from "./test-helpers";

/**
 * Attack: a circle member reads a habit and an event that the owner gave a code word, over GraphQL
 * and through the lib the pages use. Before, the answers held the real title beside the code word,
 * and the habit's reminder time ("reminderTime":"07:30"). Now a sharee gets the code word only.
 */
const people = ["olga", "ada"] as const;
type Who = (typeof people)[number];
const id = (who: Who) => `member-${who}`;
const members = Object.fromEntries(
  people.map((name) => [id(name), { memberId: id(name), email: `${name}@example.com`, name }]),
);

const HABIT = `id ownerId title privateTitle kind reminderTime canCheckIn`;
const EVENT = `id ownerId title notes location visibility`;
const ops = {
  createHabit: `mutation($input: HabitInput!) { createHabit(input: $input) { statusCode message habit { ${HABIT} } } }`,
  getMyHabits: `query { getMyHabits { statusCode message habits { ${HABIT} } } }`,
  getHabitHistory: `query($habitId: String!, $from: String!, $to: String!) { getHabitHistory(habitId: $habitId, from: $from, to: $to) { statusCode message habit { ${HABIT} } } }`,
  shareItem: `mutation($itemType: SharedItemType!, $itemId: String!, $memberId: String, $permission: SharePermission!) { shareItem(itemType: $itemType, itemId: $itemId, memberId: $memberId, permission: $permission) { statusCode message } }`,
  createEvent: `mutation($input: EventInput!) { createEvent(input: $input) { statusCode message event { ${EVENT} } } }`,
  updateEvent: `mutation($eventId: String!, $input: EventInput!, $scope: EditScope!) { updateEvent(eventId: $eventId, input: $input, scope: $scope) { statusCode message event { ${EVENT} } } }`,
  getMyAgenda: `query($from: Int!, $to: Int!) { getMyAgenda(from: $from, to: $to) { statusCode occurrences { eventId title } } }`,
};

let db: Db;
const gql = membersGraphqlForThisFile({ members, idOf: id, onFixture: (fixture) => ({ db } = fixture) });
const START = Date.UTC(2027, 0, 5, 18) / 1000;
const REAL = /Therapy|07:30|Clinic/;
let circle: Promise<string> | undefined;
const family = () => (circle ??= makeCircle(db, id("olga"), { [id("ada")]: "member" }));

describe("attack: a sharee never reads the real title behind a code word, nor the reminder time", () => {
  it("a habit shared with a circle member answers the code word and no reminder time, over GraphQL and in the lib", async () => {
    await family();
    const created = await gql(
      ops.createHabit,
      {
        input: {
          title: "Therapy homework",
          privateTitle: "Blue",
          kind: "CHECK",
          schedule: "DAILY",
          restDaysPerWeek: 0,
          reminderTime: "07:30",
        },
      },
      "olga",
    );
    const habitId = created.habit.id as string;
    expect(
      await gql(ops.shareItem, { itemType: "HABIT", itemId: habitId, memberId: id("ada"), permission: "EDIT" }, "olga"),
    ).toMatchObject({ statusCode: 201 });

    const list = await gql(ops.getMyHabits, {}, "ada");
    expect(list.habits).toEqual([expect.objectContaining({ title: "Blue", privateTitle: null, reminderTime: null })]);
    const history = await gql(ops.getHabitHistory, { habitId, from: "2026-01-01", to: "2026-01-02" }, "ada");
    expect(history.habit).toMatchObject({ title: "Blue", privateTitle: null, reminderTime: null });
    expect(JSON.stringify([list, history])).not.toMatch(REAL);

    // The lib the /habits pages and the CSV download read.
    const lib = [
      await getMyHabits(id("ada"), { db }),
      await getHabitHistory(id("ada"), habitId, { from: "2026-01-01", to: "2026-01-02" }, { db }),
      await exportHabitCsv(id("ada"), habitId, { db }),
    ];
    expect(JSON.stringify(lib)).not.toMatch(REAL);
    // The owner's CSV is named by the code word too (the file lands in a downloads folder).
    expect((await exportHabitCsv(id("olga"), habitId, { db })).title).toBe("Blue");
    // The owner still reads and changes both.
    expect(
      (await gql(ops.getHabitHistory, { habitId, from: "2026-01-01", to: "2026-01-02" }, "olga")).habit,
    ).toMatchObject({ title: "Therapy homework", privateTitle: "Blue", reminderTime: "07:30" });
  });

  it("an event shared with a circle member answers the code word, over GraphQL and in the lib", async () => {
    await family();
    const input = {
      title: "Clinic",
      privateTitle: "Errand",
      start: START,
      end: START + 3600,
      timezone: "UTC",
      visibility: "CIRCLE",
    };
    const created = await gql(ops.createEvent, { input }, "olga");
    const eventId = created.event.id as string;
    await gql(ops.shareItem, { itemType: "EVENT", itemId: eventId, memberId: id("ada"), permission: "EDIT" }, "olga");

    const range = { from: START - 86400, to: START + 86400 };
    const agenda = await gql(ops.getMyAgenda, range, "ada");
    expect(agenda.occurrences).toEqual([{ eventId, title: "Errand" }]);
    // An editor's save answers the event as they may see it, and keeps the real title stored.
    const saved = await gql(
      ops.updateEvent,
      { eventId, input: { ...input, title: "Errand", privateTitle: null }, scope: "ALL" },
      "ada",
    );
    expect(saved).toMatchObject({ statusCode: 200, event: { title: "Errand" } });
    const lib = [await getEvent(id("ada"), eventId, { db }), await getAgenda(id("ada"), range, { db })];
    expect(JSON.stringify([agenda, saved, lib])).not.toMatch(REAL);
    expect(await getEvent(id("olga"), eventId, { db })).toMatchObject({ title: "Clinic", privateTitle: "Errand" });
  });
});
