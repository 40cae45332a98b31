import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { circleMemberships, circles, shares } from "../db/schema/circles";
import { habitEntries, habits, habitScoreCheckpoints, habitTargets } from "../db/schema/habits";
import { memberProfiles } from "../db/schema/profile";
import { failure, makeCircle } from "../circles/testing";
import { revokeShare, shareItem } from "../circles/sharing";
import {
  answerSuggestion,
  archiveHabit,
  checkInHabit,
  childrenToSuggestTo,
  createHabit,
  getHabitHistory,
  getMyHabits,
  myHabitChoices,
  suggestHabit,
  undoHabitCheckIn,
  updateHabit,
} from "./store";
import { saveCheckpoints } from "./checkpoints";
import { itemKinds } from "@/lib/features";

const database = useTestDatabase([
  habitScoreCheckpoints,
  habitEntries,
  habitTargets,
  habits,
  shares,
  circleMemberships,
  circles,
  memberProfiles,
]);
// Wednesday 2026-03-11, 23:30 UTC: already Thursday in Auckland.
const now = new Date("2026-03-11T23:30:00Z");
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const options = () => ({ db: database.db, now });
const water = { title: "Water", kind: "COUNT", target: 8, unit: "glasses", schedule: "DAILY", restDaysPerWeek: 1 };
const run = { title: "Run", kind: "CHECK", schedule: "DAILY", restDaysPerWeek: 2 };

describe("habits", () => {
  it("creates, lists in the member's time zone, and versions a target change from today on", async () => {
    await database.db.insert(memberProfiles).values({ memberId: "ada", timezone: "Pacific/Auckland" });
    const habit = await createHabit("ada", water, options());
    expect(habit).toMatchObject({ ownerId: "ada", kind: "count", target: 8, todayState: "DUE", canCheckIn: true });
    const [row] = await database.db.select().from(habits).where(eq(habits.id, habit.id));
    expect(row!.startedOn).toBe("2026-03-12");
    await checkInHabit("ada", habit.id, { date: "2026-03-12", value: 8 }, options());
    // The next day the target goes up: yesterday stays done with the old target.
    const next = { db: database.db, now: new Date("2026-03-12T23:30:00Z") };
    const updated = await updateHabit("ada", habit.id, { ...water, target: 10 }, next);
    expect(updated.target).toBe(10);
    const versions = await database.db.select().from(habitTargets).where(eq(habitTargets.habitId, habit.id));
    expect(versions.map((v) => [v.effectiveFrom, v.target])).toEqual([
      ["2026-03-12", 8],
      ["2026-03-13", 10],
    ]);
    expect((await getMyHabits("ada", next))[0]).toMatchObject({ currentStreak: 1, todayState: "DUE" });
    // Changing only the title writes no new version.
    await updateHabit("ada", habit.id, { ...water, title: "Drink", target: 10 }, next);
    expect(await database.db.select().from(habitTargets).where(eq(habitTargets.habitId, habit.id))).toHaveLength(2);
  });

  it("a check-in is idempotent per habit, day and member; back-fill, rest and undo", async () => {
    const habit = await createHabit("ada", run, { db: database.db, now: at("2026-03-09") });
    await checkInHabit("ada", habit.id, { date: "2026-03-09" }, options());
    await checkInHabit("ada", habit.id, { date: "2026-03-09", note: "again" }, options());
    await checkInHabit("ada", habit.id, { date: "2026-03-10", rest: true }, options());
    const view = await checkInHabit("ada", habit.id, { date: "2026-03-11" }, options());
    expect(view).toMatchObject({ currentStreak: 2, todayState: "DONE" });
    const rows = await database.db.select().from(habitEntries);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.day === "2026-03-09")).toMatchObject({ note: "again", memberId: "ada", value: 1 });
    // Back-fill before the habit began counts too.
    await checkInHabit("ada", habit.id, { date: "2026-03-08" }, options());
    expect((await getMyHabits("ada", options()))[0]!.currentStreak).toBe(3);
    const undone = await undoHabitCheckIn("ada", habit.id, "2026-03-11", options());
    expect(undone).toMatchObject({ todayState: "DUE", currentStreak: 2 });
    await undoHabitCheckIn("ada", habit.id, "2026-03-11", options());
    const history = await getHabitHistory("ada", habit.id, { from: "2026-03-01", to: "2026-03-31" }, options());
    expect(history.entries.map((e) => [e.date, e.rest])).toEqual([
      ["2026-03-08", false],
      ["2026-03-09", false],
      ["2026-03-10", true],
    ]);
  });

  it("bad input answers 400 naming the field and writes nothing", async () => {
    const habit = await createHabit("ada", water, options());
    const before = await database.db.select().from(habitEntries);
    // Each call made only when its turn comes: a rejection nobody awaits yet is an unhandled one.
    const cases: [() => Promise<unknown>, string][] = [
      [() => checkInHabit("ada", habit.id, { date: "2026-02-30", value: 1 }, options()), "date"],
      [() => checkInHabit("ada", habit.id, { date: "2026-03-12", value: 1 }, options()), "date"],
      [() => checkInHabit("ada", habit.id, { date: "2026-03-11", value: -1 }, options()), "value"],
      [() => createHabit("ada", { ...water, schedule: "WEEKDAYS", weekdays: [0, 8] }, options()), "weekdays"],
      [() => createHabit("ada", { ...water, title: "x".repeat(81) }, options()), "title"],
      [() => createHabit("ada", { ...water, reminderTime: "7pm" }, options()), "reminderTime"],
      [() => updateHabit("ada", habit.id, { ...water, reminderTime: "25:00" }, options()), "reminderTime"],
      [() => getHabitHistory("ada", habit.id, { from: "2026-03-10", to: "2026-03-01" }, options()), "to"],
    ];
    for (const [call, field] of cases) expect(await failure(call())).toMatchObject({ status: 400, field });
    expect(await database.db.select().from(habitEntries)).toEqual(before);
    expect(await database.db.select().from(habits)).toHaveLength(1);
    expect((await database.db.select().from(habits))[0]!.reminderTime).toBeNull();
  });

  it("others' habits answer 404; sharing decides every read; EDIT lets the sharee check in, VIEW does not", async () => {
    const family = await makeCircle(database.db, "olga", { ada: "member", ben: "member" });
    await makeCircle(database.db, "zed", {});
    const habit = await createHabit("ada", { ...run, privateTitle: "R" }, options());
    for (const caller of ["olga", "ben", "zed"]) {
      expect(
        await failure(getHabitHistory(caller, habit.id, { from: "2026-03-01", to: "2026-03-11" }, options())),
      ).toMatchObject({ status: 404, message: "Habit not found" });
      expect(await failure(checkInHabit(caller, habit.id, { date: "2026-03-11" }, options()))).toMatchObject({
        status: 404,
      });
      expect(await getMyHabits(caller, options())).toEqual([]);
    }
    expect(await failure(updateHabit("ben", habit.id, run, options()))).toMatchObject({ status: 404 });
    expect(await failure(archiveHabit("ben", habit.id, options()))).toMatchObject({ status: 404 });
    expect(await failure(checkInHabit("ada", "not-a-uuid", { date: "2026-03-11" }, options()))).toMatchObject({
      status: 404,
    });

    const view = await shareItem(
      "ada",
      { itemType: "habit", itemId: habit.id, memberId: "ben", permission: "view" },
      { db: database.db, kinds: itemKinds },
    );
    expect((await getMyHabits("ben", options()))[0]).toMatchObject({
      id: habit.id,
      canCheckIn: false,
      // A sharee sees the code word as the title, and nothing else of it (lib/display.ts).
      title: "R",
      privateTitle: null,
    });
    expect(await failure(checkInHabit("ben", habit.id, { date: "2026-03-11" }, options()))).toMatchObject({
      status: 403,
    });
    expect(await failure(updateHabit("ben", habit.id, run, options()))).toMatchObject({ status: 403 });

    await shareItem(
      "ada",
      { itemType: "habit", itemId: habit.id, circleId: family, permission: "edit" },
      { db: database.db, kinds: itemKinds },
    );
    await checkInHabit("ben", habit.id, { date: "2026-03-11" }, options());
    await checkInHabit("ada", habit.id, { date: "2026-03-11" }, options());
    const history = await getHabitHistory("olga", habit.id, { from: "2026-03-11", to: "2026-03-11" }, options());
    expect(history.entries.map((e) => e.memberId).sort()).toEqual(["ada", "ben"]);
    expect(history.habit.currentStreak).toBe(1);
    // Ben undoes only his own entry.
    await undoHabitCheckIn("ben", habit.id, "2026-03-11", options());
    expect((await database.db.select().from(habitEntries)).map((e) => e.memberId)).toEqual(["ada"]);

    await revokeShare("ada", view.id, { db: database.db });
    await database.db.delete(shares);
    expect(await getMyHabits("ben", options())).toEqual([]);
    expect(await failure(checkInHabit("ben", habit.id, { date: "2026-03-11" }, options()))).toMatchObject({
      status: 404,
    });
    // Archived: gone from lists; sharing it answers 404 for others, still the owner's to share.
    await archiveHabit("ada", habit.id, options());
    expect(await getMyHabits("ada", options())).toEqual([]);
  });

  it("a guardian suggests a habit to a child; the child accepts or declines; nobody else sees it meanwhile", async () => {
    await makeCircle(database.db, "olga", { gus: "guardian", kit: "child", ada: "member" });
    // Kit is a child in a second circle Gus guards too: listed once. Ada looks after nobody.
    await makeCircle(database.db, "uma", { gus: "guardian", kit: "child", lou: "child" });
    expect((await childrenToSuggestTo("gus", options())).map((child) => child.childId)).toEqual(["kit", "lou"]);
    expect((await childrenToSuggestTo("olga", options())).map((child) => child.childId)).toEqual(["kit"]);
    expect(await childrenToSuggestTo("ada", options())).toEqual([]);
    expect(await childrenToSuggestTo("kit", options())).toEqual([]);
    expect(await failure(suggestHabit("olga", "lou", run, options()))).toMatchObject({ status: 404 });
    expect(await failure(suggestHabit("ada", "kit", run, options()))).toMatchObject({ status: 404 });
    expect(await failure(suggestHabit("gus", "ada", run, options()))).toMatchObject({ status: 404 });
    expect(await failure(suggestHabit("gus", "kit", { ...run, title: "" }, options()))).toMatchObject({
      field: "title",
    });
    const first = await suggestHabit("gus", "kit", run, options());
    const second = await suggestHabit("olga", "kit", { ...run, title: "Read" }, options());
    const list = await getMyHabits("kit", options());
    expect(list.map((h) => [h.title, h.pending, h.canCheckIn, h.suggestedBy])).toEqual([
      ["Run", true, false, "gus"],
      ["Read", true, false, "olga"],
    ]);
    expect(
      await failure(getHabitHistory("gus", first.id, { from: "2026-03-01", to: "2026-03-02" }, options())),
    ).toMatchObject({ status: 404 });
    expect(await failure(checkInHabit("kit", first.id, { date: "2026-03-11" }, options()))).toMatchObject({
      status: 409,
    });
    expect(await failure(answerSuggestion("gus", first.id, true, options()))).toMatchObject({ status: 404 });
    await answerSuggestion("kit", first.id, true, options());
    await answerSuggestion("kit", second.id, false, options());
    expect((await getMyHabits("kit", options())).map((h) => [h.title, h.pending])).toEqual([["Run", false]]);
    expect(await failure(answerSuggestion("kit", first.id, false, options()))).toMatchObject({ status: 409 });
    await checkInHabit("kit", first.id, { date: "2026-03-11" }, options());
  });

  it("a select's choices are the member's own live habits by their list title, without shared ones or suggestions waiting", async () => {
    await makeCircle(database.db, "olga", { gus: "guardian", kit: "child", ada: "member" });
    const running = await createHabit("ada", { ...run, privateTitle: "R" }, options());
    const drink = await createHabit("ada", water, options());
    const old = await createHabit("ada", { ...run, title: "Old" }, options());
    await archiveHabit("ada", old.id, options());
    const swim = await createHabit("olga", { ...run, title: "Swim" }, options());
    await shareItem(
      "olga",
      { itemType: "habit", itemId: swim.id, memberId: "ada", permission: "edit" },
      { db: database.db, kinds: itemKinds },
    );
    // What the selects listed when they were read from getMyHabits: the same list, in the same order.
    const fromViews = async (memberId: string) =>
      (await getMyHabits(memberId, options()))
        .filter((habit) => habit.ownerId === memberId && !habit.pending)
        .map((habit) => ({ id: habit.id, title: habit.privateTitle || habit.title }));
    expect(await myHabitChoices("ada", { db: database.db })).toEqual([
      { id: running.id, title: "R" },
      { id: drink.id, title: "Water" },
    ]);
    expect(await myHabitChoices("ada", { db: database.db })).toEqual(await fromViews("ada"));
    expect(await myHabitChoices("olga", { db: database.db })).toEqual([{ id: swim.id, title: "Swim" }]);

    const suggested = await suggestHabit("gus", "kit", { ...run, title: "Read" }, options());
    expect(await myHabitChoices("kit", { db: database.db })).toEqual([]);
    expect(await myHabitChoices("gus", { db: database.db })).toEqual([]);
    await answerSuggestion("kit", suggested.id, true, options());
    expect(await myHabitChoices("kit", { db: database.db })).toEqual([{ id: suggested.id, title: "Read" }]);
    expect(await myHabitChoices("kit", { db: database.db })).toEqual(await fromViews("kit"));
  });

  it("scores from the last Sunday's checkpoint; a back-filled day before it gives what the whole history gives", async () => {
    const db = database.db;
    const started = { db, now: new Date("2026-01-05T12:00:00Z") };
    const habit = await createHabit("ada", run, started);
    // Nine weeks, every day done but every fourth.
    const days = Array.from({ length: 65 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + i)).toISOString().slice(0, 10));
    await db
      .insert(habitEntries)
      .values(days.filter((_, i) => i % 4 !== 3).map((day) => ({ habitId: habit.id, day, memberId: "ada", value: 1 })));
    const later = { db, now: new Date("2026-03-11T12:00:00Z") }; // a Wednesday
    const checkpoints = () =>
      db
        .select({ day: habitScoreCheckpoints.throughDay })
        .from(habitScoreCheckpoints)
        .then((rows) => rows.map((row) => row.day).sort());
    const fromScratch = async () => {
      await db.delete(habitScoreCheckpoints);
      return (await getMyHabits("ada", later))[0]!;
    };

    const first = (await getMyHabits("ada", later))[0]!;
    // The last Sunday before today, and the last one at least 84 days back (none: the habit is younger).
    expect(await checkpoints()).toEqual(["2026-03-08"]);
    const resumed = (await getMyHabits("ada", later))[0]!;
    expect(resumed).toEqual(first);

    // A day back-filled before the checkpoint clears it (the answer, read after the write, is
    // scored from the whole history and keeps a new checkpoint), and the score is the whole history's.
    const backFilled = await checkInHabit("ada", habit.id, { date: "2026-02-21", value: 1 }, later);
    expect(backFilled.bestStreak).toBeGreaterThan(first.bestStreak);
    expect(backFilled.score).toBeGreaterThan(first.score);
    expect((await getMyHabits("ada", later))[0]).toEqual(await fromScratch());
    // An undo does the same.
    const undone = await undoHabitCheckIn("ada", habit.id, "2026-02-28", later);
    expect(undone.score).toBeLessThan(backFilled.score);
    expect((await getMyHabits("ada", later))[0]).toEqual(await fromScratch());
    expect(await checkpoints()).toEqual(["2026-03-08"]);
  });

  it("in zones a day ahead of and behind UTC, a read resumed from a checkpoint scores what the whole history does", async () => {
    const db = database.db;
    // Monday 2026-03-09, 10:30 UTC: already Tuesday on Kiritimati (UTC+14), still Sunday in Pago Pago (UTC-11).
    const now = new Date("2026-03-09T10:30:00Z");
    const days = Array.from({ length: 66 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + i)).toISOString().slice(0, 10));
    for (const [member, timezone, today] of [
      ["kai", "Pacific/Kiritimati", "2026-03-10"],
      ["pia", "Pacific/Pago_Pago", "2026-03-08"],
    ] as const) {
      await db.insert(memberProfiles).values({ memberId: member, timezone });
      const habit = await createHabit(member, run, { db, now: new Date("2026-01-05T12:00:00Z") });
      // Done every day but every fourth, up to and including each one's today (the UTC date's
      // neighbours), and a rest day planned for each one's tomorrow, which must not count yet.
      await db
        .insert(habitEntries)
        .values(
          days
            .filter((day, i) => i % 4 !== 3 && day <= today)
            .map((day) => ({ habitId: habit.id, day, memberId: member, value: 1 })),
        );
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await db.insert(habitEntries).values({ habitId: habit.id, day: tomorrow, memberId: member, rest: true });
      for (const historyDays of [0, 84]) {
        await db.delete(habitScoreCheckpoints);
        const [whole] = await getMyHabits(member, { db, now, historyDays });
        expect(whole!.todayState).toBe("DONE");
        expect((await db.select().from(habitScoreCheckpoints)).length).toBeGreaterThan(0);
        expect((await getMyHabits(member, { db, now, historyDays }))[0]).toEqual(whole);
      }
    }
  });

  it("a checkpoint computed from a read older than a write is not stored", async () => {
    const db = database.db;
    const habit = await createHabit("ada", run, { db, now: new Date("2026-01-05T12:00:00Z") });
    const [read] = await db.select().from(habits).where(eq(habits.id, habit.id));
    // A write lands between the read and the store.
    await checkInHabit(
      "ada",
      habit.id,
      { date: "2026-01-06", value: 1 },
      { db, now: new Date("2026-01-07T12:00:00Z") },
    );
    const stale = { throughDay: "2026-01-11", score: 0.5, currentStreak: 9, bestStreak: 9 };
    await saveCheckpoints(db, [{ habitId: habit.id, historyVersion: read!.historyVersion, checkpoints: [stale] }]);
    expect(await db.select().from(habitScoreCheckpoints)).toEqual([]);
  });
});
