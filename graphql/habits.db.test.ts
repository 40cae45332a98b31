import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { addDays, localDateOf } from "@/lib/time";
import { makeCircle } from "@/lib/circles/testing";
import { habitEntries, habits } from "@/lib/db/schema/habits";
import { membersGraphqlForThisFile } from "./test-helpers";

const people = ["olga", "ada", "ben", "zed"] as const;
type Who = (typeof people)[number];
const id = (who: Who) => `member-${who}`;
const members = Object.fromEntries(
  people.map((name) => [id(name), { memberId: id(name), email: `${name}@example.com`, name }]),
);

const HABIT = `id ownerId title privateTitle kind target unit schedule weekdays timesPerWeek restDaysPerWeek reminderTime todayState score currentStreak bestStreak canCheckIn`;
const habitOps = {
  getMyHabits: `query { getMyHabits { statusCode message habits { ${HABIT} } } }`,
  getHabitHistory: `query($habitId: String!, $from: String!, $to: String!) { getHabitHistory(habitId: $habitId, from: $from, to: $to) { statusCode message habit { ${HABIT} } entries { date value rest note memberId } } }`,
  createHabit: `mutation($input: HabitInput!) { createHabit(input: $input) { statusCode message habit { ${HABIT} } } }`,
  updateHabit: `mutation($habitId: String!, $input: HabitInput!) { updateHabit(habitId: $habitId, input: $input) { statusCode message habit { ${HABIT} } } }`,
  archiveHabit: `mutation($habitId: String!) { archiveHabit(habitId: $habitId) { statusCode message } }`,
  checkInHabit: `mutation($habitId: String!, $date: String!, $value: Float, $rest: Boolean, $note: String) { checkInHabit(habitId: $habitId, date: $date, value: $value, rest: $rest, note: $note) { statusCode message habit { ${HABIT} } } }`,
  undoHabitCheckIn: `mutation($habitId: String!, $date: String!) { undoHabitCheckIn(habitId: $habitId, date: $date) { statusCode message habit { ${HABIT} } } }`,
  shareItem: `mutation($itemType: SharedItemType!, $itemId: String!, $memberId: String, $circleId: String, $permission: SharePermission!) { shareItem(itemType: $itemType, itemId: $itemId, memberId: $memberId, circleId: $circleId, permission: $permission) { statusCode message share { id itemType itemId memberId circleId permission } } }`,
};

let db: Db;
const gql = membersGraphqlForThisFile({ members, idOf: id, onFixture: (fixture) => ({ db } = fixture) });

// The members have no time zone: their days are UTC days.
const today = () => localDateOf(Math.floor(Date.now() / 1000), "UTC");
const input = (fields: Record<string, unknown> = {}) => ({
  title: "Morning run",
  kind: "CHECK",
  schedule: "DAILY",
  restDaysPerWeek: 2,
  ...fields,
});
const create = async (who: Who, fields: Record<string, unknown> = {}) => {
  const created = await gql(habitOps.createHabit, { input: input(fields) }, who);
  expect(created).toMatchObject({ statusCode: 201, message: "Habit created" });
  return created.habit as Record<string, any>;
};
const notFound = { statusCode: 404, message: "Habit not found" };

describe("My Habits over GraphQL", () => {
  it("guests and invalid credentials get 401 on every habit operation", async () => {
    const variables = { input: input(), habitId: "x", date: "2026-01-01", from: "2026-01-01", to: "2026-01-02" };
    for (const [name, query] of Object.entries(habitOps)) {
      if (name === "shareItem") continue;
      for (const who of ["guest", "invalid"] as const)
        expect(await gql(query, variables, who), name).toMatchObject({
          statusCode: 401,
          message: "User is not authenticated",
        });
    }
  });

  it("create, list with the private title, update, check in, rest, undo, history and archive", async () => {
    await db.delete(habits);
    const habit = await create("ada", { privateTitle: "MR", reminderTime: "07:00" });
    expect(habit).toMatchObject({
      ownerId: id("ada"),
      title: "Morning run",
      privateTitle: "MR",
      kind: "CHECK",
      target: null,
      schedule: "DAILY",
      restDaysPerWeek: 2,
      reminderTime: "07:00",
      todayState: "DUE",
      score: 0,
      currentStreak: 0,
      canCheckIn: true,
    });
    const list = await gql(habitOps.getMyHabits, {}, "ada");
    expect(list.habits.map((h: { title: string }) => h.title)).toEqual(["MR"]);

    const yesterday = addDays(today(), -1);
    expect(await gql(habitOps.checkInHabit, { habitId: habit.id, date: addDays(today(), -2) }, "ada")).toMatchObject({
      statusCode: 200,
      // Yesterday, with no entry yet, is missed.
      habit: { currentStreak: 0, bestStreak: 1 },
    });
    await gql(habitOps.checkInHabit, { habitId: habit.id, date: yesterday, rest: true, note: "tired" }, "ada");
    const done = await gql(habitOps.checkInHabit, { habitId: habit.id, date: today() }, "ada");
    expect(done.habit).toMatchObject({ todayState: "DONE", currentStreak: 2, bestStreak: 2 });
    // Again for the same day: the same entry.
    await gql(habitOps.checkInHabit, { habitId: habit.id, date: today() }, "ada");
    expect(await db.select().from(habitEntries)).toHaveLength(3);
    const history = await gql(
      habitOps.getHabitHistory,
      { habitId: habit.id, from: addDays(today(), -7), to: today() },
      "ada",
    );
    expect(history.habit.title).toBe("Morning run");
    expect(history.entries).toEqual([
      { date: addDays(today(), -2), value: 1, rest: false, note: null, memberId: id("ada") },
      { date: yesterday, value: null, rest: true, note: "tired", memberId: id("ada") },
      { date: today(), value: 1, rest: false, note: null, memberId: id("ada") },
    ]);
    expect(await gql(habitOps.undoHabitCheckIn, { habitId: habit.id, date: today() }, "ada")).toMatchObject({
      statusCode: 200,
      habit: { todayState: "DUE" },
    });
    const updated = await gql(
      habitOps.updateHabit,
      { habitId: habit.id, input: input({ title: "Run", schedule: "TIMES_PER_WEEK", timesPerWeek: 3 }) },
      "ada",
    );
    expect(updated.habit).toMatchObject({ title: "Run", schedule: "TIMES_PER_WEEK", timesPerWeek: 3 });
    expect(await gql(habitOps.archiveHabit, { habitId: habit.id }, "ada")).toEqual({
      statusCode: 200,
      message: "Habit archived",
    });
    expect((await gql(habitOps.getMyHabits, {}, "ada")).habits).toEqual([]);
    expect(await gql(habitOps.checkInHabit, { habitId: habit.id, date: today() }, "ada")).toMatchObject(notFound);
  });

  it("bad input answers 400 naming the field and writes nothing", async () => {
    await db.delete(habits);
    const habit = await create("ada", { kind: "COUNT", target: 8, unit: "glasses" });
    const cases: [string, Record<string, unknown>, string][] = [
      [habitOps.checkInHabit, { habitId: habit.id, date: "2026-02-30", value: 1 }, "date"],
      [habitOps.checkInHabit, { habitId: habit.id, date: addDays(today(), 1), value: 1 }, "date"],
      [habitOps.checkInHabit, { habitId: habit.id, date: today(), value: -2 }, "value"],
      [habitOps.createHabit, { input: input({ schedule: "WEEKDAYS", weekdays: [0] }) }, "weekdays"],
      [habitOps.createHabit, { input: input({ title: "x".repeat(81) }) }, "title"],
      [habitOps.createHabit, { input: input({ reminderTime: "7:5" }) }, "reminderTime"],
      [
        habitOps.updateHabit,
        { habitId: habit.id, input: input({ kind: "COUNT", target: 8, reminderTime: "x" }) },
        "reminderTime",
      ],
    ];
    for (const [query, variables, field] of cases) {
      const answer = await gql(query, variables, "ada");
      expect(answer.statusCode, field).toBe(400);
      expect(answer.message.startsWith(field), answer.message).toBe(true);
    }
    expect(await db.select().from(habitEntries)).toEqual([]);
    expect(await db.select().from(habits)).toHaveLength(1);
  });

  it("others' habits answer 404; shareItem with HABIT; EDIT lets a circle member check in, VIEW only see", async () => {
    await db.delete(habits);
    const circleId = await makeCircle(db, id("olga"), { [id("ada")]: "member", [id("ben")]: "member" });
    const habit = await create("ada");
    for (const who of ["ben", "olga", "zed"] as const) {
      expect(await gql(habitOps.getHabitHistory, { habitId: habit.id, from: today(), to: today() }, who)).toMatchObject(
        notFound,
      );
      expect(await gql(habitOps.checkInHabit, { habitId: habit.id, date: today() }, who)).toMatchObject(notFound);
      expect(await gql(habitOps.undoHabitCheckIn, { habitId: habit.id, date: today() }, who)).toMatchObject(notFound);
      expect(await gql(habitOps.updateHabit, { habitId: habit.id, input: input() }, who)).toMatchObject(notFound);
      expect(await gql(habitOps.archiveHabit, { habitId: habit.id }, who)).toMatchObject(notFound);
      expect((await gql(habitOps.getMyHabits, {}, who)).habits).toEqual([]);
    }
    // Only the owner shares it.
    const shareVars = { itemType: "HABIT", itemId: habit.id, memberId: id("ben"), permission: "VIEW" };
    expect(await gql(habitOps.shareItem, shareVars, "ben")).toMatchObject({ statusCode: 404 });
    expect(await gql(habitOps.shareItem, shareVars, "ada")).toMatchObject({
      statusCode: 201,
      share: { itemType: "HABIT", itemId: habit.id, permission: "VIEW" },
    });
    expect((await gql(habitOps.getMyHabits, {}, "ben")).habits).toMatchObject([{ id: habit.id, canCheckIn: false }]);
    expect(await gql(habitOps.checkInHabit, { habitId: habit.id, date: today() }, "ben")).toMatchObject({
      statusCode: 403,
    });
    expect(await gql(habitOps.updateHabit, { habitId: habit.id, input: input() }, "ben")).toMatchObject({
      statusCode: 403,
    });

    expect(
      await gql(habitOps.shareItem, { itemType: "HABIT", itemId: habit.id, circleId, permission: "EDIT" }, "ada"),
    ).toMatchObject({ statusCode: 201 });
    expect(await gql(habitOps.checkInHabit, { habitId: habit.id, date: today() }, "ben")).toMatchObject({
      statusCode: 200,
      habit: { todayState: "DONE", canCheckIn: true },
    });
    const history = await gql(habitOps.getHabitHistory, { habitId: habit.id, from: today(), to: today() }, "olga");
    expect(history.entries).toMatchObject([{ memberId: id("ben") }]);
    // The outsider still sees nothing.
    expect(await gql(habitOps.getHabitHistory, { habitId: habit.id, from: today(), to: today() }, "zed")).toMatchObject(
      notFound,
    );
  });
});
