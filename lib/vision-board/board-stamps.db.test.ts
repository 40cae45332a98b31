import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../db/testing";
import { memberProfiles } from "../db/schema/profile";
import { circleMemberships, circles } from "../db/schema/circles";
import { makeCircle } from "../circles/testing";
import { habitEntries, habits, habitTargets } from "../db/schema/habits";
import { visionBoardItems, visionBoards, visionGoalHabits, visionMilestones } from "../db/schema/vision-board";
import { archiveHabit, checkInHabit, createHabit } from "../habits/store";
import { boardLinks } from "@/lib/features";
import { addBoardItem, createBoard, getBoard, getGoal, getMyBoards } from "./store";

// A board read again is answered from what this instance remembers of it while its stamp is unchanged
// (lib/vision-board/views.ts). These tests write behind that memory's back, in SQL as a migration or
// an operator would and through other features' code, and read the board again after each write.
const database = useTestDatabase([
  visionMilestones,
  visionGoalHabits,
  visionBoardItems,
  visionBoards,
  habitEntries,
  habitTargets,
  habits,
  memberProfiles,
  circleMemberships,
  circles,
]);
// Wednesday 11 March 2026, noon in London: the habits' "today" is the clock's, so the clock is set.
const now = new Date("2026-03-11T12:00:00Z");
const options = () => ({ db: database.db, now, links: boardLinks });
const habitOptions = () => ({ db: database.db, now: new Date() });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now });
});
afterEach(() => {
  vi.useRealTimers();
});

async function boardWithGoal(memberId: string) {
  const [board] = await getMyBoards(memberId, options());
  const habit = await createHabit(memberId, { title: "Swim", kind: "CHECK", schedule: "DAILY" }, habitOptions());
  const goal = await addBoardItem(
    memberId,
    board!.id,
    { kind: "GOAL", title: "Swim a mile", habitIds: [habit.id] },
    options(),
  );
  const read = async () => {
    const items = (await getBoard(memberId, board!.id, options())).items;
    return { items, goal: items.find((item) => item.id === goal.id) };
  };
  return { board: board!, habit, goal, read };
}

const stampOf = async (boardId: string) =>
  (await database.db.select().from(visionBoards).where(eq(visionBoards.id, boardId)))[0]!.contentsStamp;

describe("a board read again", () => {
  it("shows every write since, whichever code made it: items, milestones, links, check-ins, the habit itself", async () => {
    const { board, habit, goal, read } = await boardWithGoal("ada");
    const calm = await addBoardItem("ada", board.id, { kind: "WORDS", text: "Calm" }, options());
    expect((await read()).items.map((item) => item.title ?? item.text)).toEqual(["Swim a mile", "Calm"]);

    await database.db.update(visionBoardItems).set({ text: "Calmer" }).where(eq(visionBoardItems.id, calm.id));
    expect((await read()).items.map((item) => item.title ?? item.text)).toEqual(["Swim a mile", "Calmer"]);

    await database.db.insert(visionMilestones).values({ itemId: goal.id, title: "First length" });
    expect((await read()).goal!.milestones.map((m) => [m.title, m.done])).toEqual([["First length", false]]);
    const undone = (await read()).goal!.progress!;
    await database.db.update(visionMilestones).set({ doneAt: now }).where(eq(visionMilestones.itemId, goal.id));
    const milestoneDone = (await read()).goal!;
    expect(milestoneDone.milestones[0]!.done).toBe(true);
    expect(milestoneDone.progress!).toBeGreaterThan(undone);

    // A check-in is the habits' own write: the goal's progress moves with its score.
    await checkInHabit("ada", habit.id, { date: "2026-03-11" }, habitOptions());
    const checkedIn = (await read()).goal!;
    expect(checkedIn.progress!).toBeGreaterThan(milestoneDone.progress!);
    expect(checkedIn.progress).toBe((await getGoal("ada", goal.id, options())).progress);
    // Taken back in SQL.
    await database.db.delete(habitEntries).where(eq(habitEntries.habitId, habit.id));
    expect((await read()).goal!.progress).toBe(milestoneDone.progress);

    // Made again in SQL.
    await database.db.insert(habitEntries).values({ habitId: habit.id, day: "2026-03-11", memberId: "ada", value: 1 });
    expect((await read()).goal!.progress).toBe(checkedIn.progress);

    // Its schedule changed in SQL to Mondays alone: Wednesday's check-in no longer counts.
    await database.db
      .update(habitTargets)
      .set({ schedule: "weekdays", weekdays: [1] })
      .where(eq(habitTargets.habitId, habit.id));
    expect((await read()).goal!.progress).toBe(milestoneDone.progress);
    await database.db
      .update(habitTargets)
      .set({ schedule: "daily", weekdays: null })
      .where(eq(habitTargets.habitId, habit.id));
    expect((await read()).goal!.progress).toBe(checkedIn.progress);

    // The habit archived: it no longer counts.
    await archiveHabit("ada", habit.id, habitOptions());
    expect((await read()).goal!.progress).toBe((await getGoal("ada", goal.id, options())).progress);
    expect((await read()).goal!.progress).not.toBe(checkedIn.progress);

    await database.db.delete(visionGoalHabits).where(eq(visionGoalHabits.itemId, goal.id));
    expect((await read()).goal!.habitIds).toEqual([]);

    await database.db.delete(visionBoardItems).where(eq(visionBoardItems.id, calm.id));
    expect((await read()).items.map((item) => item.id)).toEqual([goal.id]);
  });

  it("counts its goals' habits again when the owner's zone changes, and when their day ends", async () => {
    const { habit, read } = await boardWithGoal("ada");
    await database.db.insert(memberProfiles).values({ memberId: "ada", timezone: "Europe/London" });
    const inZone = (timezone: string) =>
      database.db.update(memberProfiles).set({ timezone }).where(eq(memberProfiles.memberId, "ada"));
    await checkInHabit("ada", habit.id, { date: "2026-03-11" }, habitOptions());
    const done = (await read()).goal!.progress!;

    // Thursday evening in London: Thursday is open until it ends, so nothing moves.
    vi.setSystemTime(new Date("2026-03-12T23:59:00Z"));
    expect((await read()).goal!.progress).toBe(done);
    // In Tokyo it is Friday already: Thursday counts as missed.
    await inZone("Asia/Tokyo");
    const missed = (await read()).goal!.progress!;
    expect(missed).toBeLessThan(done);
    await inZone("Europe/London");
    expect((await read()).goal!.progress).toBe(done);
    // Friday in London too.
    vi.setSystemTime(new Date("2026-03-13T00:00:00Z"));
    expect((await read()).goal!.progress).toBe(missed);
  });

  it("is one viewer's at a time: another member of the circle sees the family board as theirs to see", async () => {
    await makeCircle(database.db, "ada", { ben: { role: "member", name: "Ben" } }, { ownerName: "Ada" });
    const family = (await getMyBoards("ada", options()))[1]!;
    await addBoardItem("ada", family.id, { kind: "GOAL", title: "Surprise party", privateTitle: "Plan B" }, options());
    const seenBy = async (memberId: string) =>
      (await getBoard(memberId, family.id, options())).items.map((item) => [item.mine, item.title, item.realTitle]);

    for (let round = 0; round < 2; round++) {
      expect(await seenBy("ada")).toEqual([[true, "Plan B", "Surprise party"]]);
      expect(await seenBy("ben")).toEqual([[false, "Plan B", null]]);
    }
    // A name in the circle is read with each view, and the views follow it.
    await database.db.update(circleMemberships).set({ name: "Mum" }).where(eq(circleMemberships.memberId, "ada"));
    expect((await getBoard("ben", family.id, options())).items[0]!.ownerName).toBe("Mum");
  });

  it("keeps its stamp through writes it does not show: another board's items, a habit no goal links", async () => {
    const { board, read } = await boardWithGoal("ada");
    await read();
    const before = await stampOf(board.id);

    const extra = await createBoard("ada", "2027", options());
    await addBoardItem("ada", extra.id, { kind: "WORDS", text: "Elsewhere" }, options());
    const unlinked = await createHabit("ada", { title: "Stretch", kind: "CHECK", schedule: "DAILY" }, habitOptions());
    await checkInHabit("ada", unlinked.id, { date: "2026-03-11" }, habitOptions());
    await boardWithGoal("ben");

    expect(await stampOf(board.id)).toBe(before);
    expect((await read()).items.map((item) => item.title)).toEqual(["Swim a mile"]);
  });
});
