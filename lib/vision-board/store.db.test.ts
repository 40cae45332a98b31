import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { circleMemberships, circles, shares } from "../db/schema/circles";
import { calendarEvents } from "../db/schema/calendar";
import { habitEntries, habits, habitTargets } from "../db/schema/habits";
import { images } from "../db/schema/uploads";
import {
  visionBoardItems,
  visionBoards,
  visionChildRights,
  visionGoalCheers,
  visionMilestones,
} from "../db/schema/vision-board";
import { failure, makeCircle } from "../circles/testing";
import { shareItem } from "../circles/sharing";
import { checkInHabit, createHabit, getMyHabits } from "../habits/store";
import { boardLinks, itemKinds } from "@/lib/features";
import {
  addBoardItem,
  addMilestone,
  cheerGoal,
  completeMilestone,
  createBoard,
  getBoard,
  getGoal,
  getMyBoards,
  goalsInProgress,
  moveBoardItem,
  removeBoardItem,
  renameBoard,
  setChildBoardRight,
  setGoalStatus,
  updateBoardItem,
} from "./store";
import { exportVisionBoard, forgetVisionBoard } from "./export";
import { uploadedPhoto } from "./testing";

const database = useTestDatabase([
  visionGoalCheers,
  visionChildRights,
  visionMilestones,
  visionBoardItems,
  visionBoards,
  images,
  calendarEvents,
  habitEntries,
  habitTargets,
  habits,
  shares,
  circleMemberships,
  circles,
]);
const now = new Date("2026-03-11T12:00:00Z");
const options = () => ({ db: database.db, now, links: boardLinks });
const myBoard = async (memberId: string) => (await getMyBoards(memberId, options()))[0]!;
const words = (text: string) => ({ kind: "WORDS", text });

describe("boards", () => {
  it("makes My board once on first read, and one family board per circle", async () => {
    const circleId = await makeCircle(database.db, "ada", { ben: "member" }, { name: "The Lovelaces" });
    const first = await getMyBoards("ben", options());
    const again = await getMyBoards("ben", options());
    expect(first.map((board) => [board.kind, board.name, board.circleId])).toEqual([
      ["mine", "My board", null],
      ["family", "The Lovelaces", circleId],
    ]);
    expect(again.map((board) => board.id)).toEqual(first.map((board) => board.id));
    // Ada sees the same family board, not a second one.
    const ada = await getMyBoards("ada", options());
    expect(ada[1]!.id).toBe(first[1]!.id);
  });

  it("adds extra boards, renames one's own (a neutral 'Notes'), and names the field when a name is bad", async () => {
    const year = await createBoard("ada", "2027", options());
    expect((await getMyBoards("ada", options())).map((board) => board.name)).toEqual(["My board", "2027"]);
    const mine = await myBoard("ada");
    expect((await renameBoard("ada", mine.id, "Notes", options())).name).toBe("Notes");
    expect(await failure(createBoard("ada", " ", options()))).toMatchObject({ status: 400, field: "name" });
    expect(year.kind).toBe("extra");
  });
});

describe("items", () => {
  it("keeps an ordered grid: adds at the end, moves with renumbering, closes the gap on removal", async () => {
    const board = await myBoard("ada");
    const [a, b, c] = [
      await addBoardItem("ada", board.id, words("a"), options()),
      await addBoardItem("ada", board.id, { kind: "COLOUR", colour: "#33AA99", size: "LARGE" }, options()),
      await addBoardItem("ada", board.id, words("c"), options()),
    ];
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(b).toMatchObject({ colour: "#33aa99", size: "large" });
    const moved = await moveBoardItem("ada", c.id, 0, options());
    expect(moved.items.map((item) => [item.text ?? item.colour, item.position])).toEqual([
      ["c", 0],
      ["a", 1],
      ["#33aa99", 2],
    ]);
    // Past the end means last; the order is what a later read sees.
    await moveBoardItem("ada", c.id, 99, options());
    expect((await getBoard("ada", board.id, options())).items.map((item) => item.id)).toEqual([a.id, b.id, c.id]);
    await removeBoardItem("ada", a.id, options());
    expect((await getBoard("ada", board.id, options())).items.map((item) => [item.id, item.position])).toEqual([
      [b.id, 0],
      [c.id, 1],
    ]);
  });

  it("refuses bad input with a message naming the field", async () => {
    const board = await myBoard("ada");
    const cases: [unknown, string][] = [
      [{ kind: "STICKER" }, "kind"],
      [{ kind: "GOAL" }, "title"],
      [{ kind: "WORDS" }, "text"],
      [{ kind: "COLOUR", colour: "teal" }, "colour"],
      [{ kind: "PHOTO" }, "uploadId"],
      [{ kind: "WORDS", text: "x", why: "because" }, "why"],
      [{ kind: "GOAL", title: "Read", targetCount: 0 }, "targetCount"],
      [{ kind: "GOAL", title: "Read", targetDate: "2026-02-30" }, "targetDate"],
      [{ kind: "GOAL", title: "Read", size: "HUGE" }, "size"],
      [{ kind: "GOAL", title: "x".repeat(81) }, "title"],
    ];
    for (const [input, field] of cases)
      expect(await failure(addBoardItem("ada", board.id, input, options())), JSON.stringify(input)).toMatchObject({
        status: 400,
        field,
      });
    const item = await addBoardItem("ada", board.id, words("x"), options());
    expect(await failure(updateBoardItem("ada", item.id, { kind: "GOAL", title: "y" }, options()))).toMatchObject({
      status: 400,
      field: "kind",
    });
    expect(await failure(moveBoardItem("ada", item.id, -1, options()))).toMatchObject({
      status: 400,
      field: "position",
    });
  });

  it("takes a photo through the image pipeline: the upload is held by the item and processed", async () => {
    const board = await myBoard("ada");
    const uploadId = await uploadedPhoto(database.db, "ada");
    const item = await addBoardItem("ada", board.id, { kind: "PHOTO", uploadId, title: "The coast" }, options());
    expect(item.image).toMatchObject({ status: "processing", url: null });
    const [row] = await database.db.select().from(images).where(eq(images.id, uploadId));
    expect(row).toMatchObject({ holderKind: "board-item", holderId: item.id, status: "processing" });
    // An upload another item holds cannot be taken again.
    expect(await failure(addBoardItem("ada", board.id, { kind: "PHOTO", uploadId }, options()))).toMatchObject({
      status: 409,
      field: "uploadId",
    });
    await removeBoardItem("ada", item.id, options());
    expect(await database.db.select().from(images).where(eq(images.id, uploadId))).toEqual([]);
  });
});

describe("goals", () => {
  it("turns into a plan: a dated milestone is an event in the calendar, habits' scores and milestones fill the progress", async () => {
    const board = await myBoard("ada");
    const habit = await createHabit(
      "ada",
      { title: "Read 20 minutes", kind: "CHECK", schedule: "DAILY" },
      { db: database.db, now },
    );
    const goal = await addBoardItem(
      "ada",
      board.id,
      {
        kind: "GOAL",
        title: "Read 12 books",
        why: "Stories at bedtime again",
        area: "Learning",
        targetDate: "2026-12-31",
        targetCount: 12,
        targetUnit: "books",
        habitIds: [habit.id],
      },
      options(),
    );
    expect(goal).toMatchObject({ status: "active", habitIds: [habit.id], targetCount: 12, progress: 0 });

    const planned = await addMilestone("ada", goal.id, "Finish the first book", "2026-03-20", options());
    const milestone = planned.milestones[0]!;
    expect(milestone).toMatchObject({ title: "Finish the first book", date: "2026-03-20", done: false });
    const [event] = await database.db.select().from(calendarEvents).where(eq(calendarEvents.id, milestone.eventId!));
    expect(event).toMatchObject({ ownerId: "ada", title: "Finish the first book", startDate: "2026-03-20" });

    // Check-ins raise the linked habit's score, and with it the goal's progress.
    const before = (await getGoal("ada", goal.id, options())).progress!;
    for (const day of ["2026-03-09", "2026-03-10", "2026-03-11"])
      await checkInHabit("ada", habit.id, { date: day }, { db: database.db, now });
    const after = (await getGoal("ada", goal.id, options())).progress!;
    expect(after).toBeGreaterThan(before);
    // The linked habits are scored alone, as the habits' own list scores them; someone else's is left out.
    const bens = await createHabit(
      "ben",
      { title: "Ben's", kind: "CHECK", schedule: "DAILY" },
      { db: database.db, now },
    );
    const [listed] = await getMyHabits("ada", { db: database.db }); // today, as the board scores
    const scores = await boardLinks.habitScores("ada", [habit.id, bens.id, "not-an-id"], database.db);
    expect([...scores]).toEqual([[habit.id, listed!.score]]);
    expect(listed!.score).not.toBe(0);

    const done = await completeMilestone("ada", milestone.id, true, options());
    expect(done.milestones[0]!.done).toBe(true);
    expect(done.progress!).toBeGreaterThan(after);
  });

  it("a whole board shows each goal as the goal's own view does: milestones in date order, linked habits, progress", async () => {
    const board = await myBoard("ada");
    const habits = [];
    for (const title of ["Walk", "Read"])
      habits.push(await createHabit("ada", { title, kind: "CHECK", schedule: "DAILY" }, { db: database.db, now }));
    await checkInHabit("ada", habits[0]!.id, { date: "2026-03-10" }, { db: database.db, now });
    const goals = [];
    for (const [n, habitIds] of [[], [habits[0]!.id], [habits[0]!.id, habits[1]!.id]].entries()) {
      const goal = await addBoardItem(
        "ada",
        board.id,
        { kind: "GOAL", title: `Goal ${n}`, targetCount: n ? 10 : null, countDone: n, habitIds },
        options(),
      );
      for (const [title, date] of [
        ["Later", "2026-09-01"],
        ["Undated", null],
        ["Sooner", "2026-04-01"],
      ] as const)
        await addMilestone("ada", goal.id, `${title} ${n}`, date, options());
      goals.push(goal);
    }
    await addBoardItem("ada", board.id, { kind: "WORDS", text: "Slow and steady" }, options());
    const sooner = (await getGoal("ada", goals[1]!.id, options())).milestones[0]!;
    await completeMilestone("ada", sooner.id, true, options());

    const { cheers: _cheers, ...goalView } = await getGoal("ada", goals[1]!.id, options());
    expect(goalView.milestones.map((m) => [m.title, m.done])).toEqual([
      ["Sooner 1", true],
      ["Later 1", false],
      ["Undated 1", false],
    ]);
    expect(goalView.habitIds).toEqual([habits[0]!.id]);
    const read = await getBoard("ada", board.id, options());
    expect(read.items.map((item) => item.kind)).toEqual(["goal", "goal", "goal", "words"]);
    for (const goal of goals) {
      const { cheers: _none, ...own } = await getGoal("ada", goal.id, options());
      expect(read.items.find((item) => item.id === goal.id)).toEqual(own);
    }
    expect(read.items[2]!.habitIds.toSorted()).toEqual([habits[0]!.id, habits[1]!.id].toSorted());
    expect(read.items[1]!.progress).toBeGreaterThan(0);
    expect((await getMyBoards("ada", options()))[0]!.items).toEqual(read.items);
  });

  it("links only the member's own habits", async () => {
    const board = await myBoard("ada");
    const bens = await createHabit("ben", { title: "Run", kind: "CHECK", schedule: "DAILY" }, { db: database.db, now });
    expect(
      await failure(addBoardItem("ada", board.id, { kind: "GOAL", title: "Run", habitIds: [bens.id] }, options())),
    ).toMatchObject({ status: 400, field: "habitIds" });
  });

  it("lets a goal go with a note, keeping what it reached; back to active clears the note", async () => {
    const board = await myBoard("ada");
    const goal = await addBoardItem("ada", board.id, { kind: "GOAL", title: "Marathon" }, options());
    const planned = await addMilestone("ada", goal.id, "10 km", null, options());
    await completeMilestone("ada", planned.milestones[0]!.id, true, options());
    await addMilestone("ada", goal.id, "Half", null, options());
    const letGo = await setGoalStatus("ada", goal.id, "LET_GO", "My knees said no; walking instead", options());
    expect(letGo).toMatchObject({ status: "let_go", statusNote: "My knees said no; walking instead", progress: 0.5 });
    expect((await setGoalStatus("ada", goal.id, "ACTIVE", null, options())).statusNote).toBeNull();
    expect(await failure(setGoalStatus("ada", goal.id, "GIVEN_UP", null, options()))).toMatchObject({
      field: "status",
    });
  });

  it("lists the member's own goals in progress for Today: active ones only, in board order, at most the limit, with milestones and progress", async () => {
    const board = await myBoard("ada");
    const habit = await createHabit(
      "ada",
      { title: "Walk", kind: "CHECK", schedule: "DAILY" },
      { db: database.db, now },
    );
    await addBoardItem("ada", board.id, { kind: "GOAL", title: "First", habitIds: [habit.id] }, options());
    await addBoardItem("ada", board.id, words("not a goal"), options());
    const letGo = await addBoardItem("ada", board.id, { kind: "GOAL", title: "Let go" }, options());
    await setGoalStatus("ada", letGo.id, "LET_GO", null, options());
    const second = await addBoardItem("ada", board.id, { kind: "GOAL", title: "Second" }, options());
    const planned = await addMilestone("ada", second.id, "Half", null, options());
    await completeMilestone("ada", planned.milestones[0]!.id, true, options());
    await addMilestone("ada", second.id, "All", null, options());
    const third = await addBoardItem("ada", board.id, { kind: "GOAL", title: "Third" }, options());
    await addMilestone("ada", third.id, "Start", null, options());
    await addBoardItem("ben", (await myBoard("ben")).id, { kind: "GOAL", title: "Ben's" }, options());

    const goals = await goalsInProgress("ada", { ...options(), limit: 2 });
    expect(goals.map((goal) => goal.title)).toEqual(["First", "Second"]);
    expect(goals[0]).toMatchObject({ habitIds: [habit.id], milestones: [] });
    // Only the listed goals' milestones: the third's is not among them.
    expect(goals[1]!.milestones.map((milestone) => [milestone.title, milestone.done])).toEqual([
      ["Half", true],
      ["All", false],
    ]);
    expect(goals[1]!.progress).toBe(0.5);
    expect((await goalsInProgress("ada", options())).map((goal) => goal.title)).toEqual(["First", "Second", "Third"]);
  });

  it("removing a goal removes its milestones' calendar events", async () => {
    const board = await myBoard("ada");
    const goal = await addBoardItem("ada", board.id, { kind: "GOAL", title: "Garden" }, options());
    await addMilestone("ada", goal.id, "Plant beans", "2026-04-01", options());
    expect(await database.db.select().from(calendarEvents)).toHaveLength(1);
    await removeBoardItem("ada", goal.id, options());
    expect(await database.db.select().from(calendarEvents)).toEqual([]);
  });
});

describe("the family board", () => {
  it("everyone in the circle adds, each item shows whose it is; only its owner changes it", async () => {
    await makeCircle(database.db, "ada", { ben: { role: "member", name: "Ben" } }, { ownerName: "Ada" });
    const family = (await getMyBoards("ben", options()))[1]!;
    const bens = await addBoardItem("ben", family.id, { kind: "GOAL", title: "Camping trip" }, options());
    await addBoardItem("ada", family.id, words("Sunday pancakes"), options());
    const seen = await getBoard("ada", family.id, options());
    expect(seen.items.map((item) => [item.ownerName, item.mine, item.title ?? item.text])).toEqual([
      ["Ben", false, "Camping trip"],
      ["Ada", true, "Sunday pancakes"],
    ]);
    expect(
      await failure(updateBoardItem("ada", bens.id, { kind: "GOAL", title: "Mine now" }, options())),
    ).toMatchObject({
      status: 403,
    });
    expect(await failure(removeBoardItem("ada", bens.id, options()))).toMatchObject({ status: 403 });
    // Reordering the shared grid is everyone's.
    expect((await moveBoardItem("ada", bens.id, 1, options())).items[1]!.id).toBe(bens.id);
  });

  it("a child adds until a carer sets 'view'; only the circle's carers set it", async () => {
    const circleId = await makeCircle(database.db, "ada", { kid: "child", ben: "member", gran: "guardian" });
    const family = (await getMyBoards("kid", options()))[1]!;
    expect(family.canAdd).toBe(true);
    await addBoardItem("kid", family.id, words("A puppy"), options());
    expect(
      await failure(setChildBoardRight("ben", { circleId, childId: "kid", right: "VIEW" }, options())),
    ).toMatchObject({
      status: 404,
    });
    await setChildBoardRight("gran", { circleId, childId: "kid", right: "VIEW" }, options());
    const viewOnly = await getBoard("kid", family.id, options());
    expect(viewOnly).toMatchObject({ canAdd: false, viewOnly: true });
    expect(await failure(addBoardItem("kid", family.id, words("Another puppy"), options()))).toMatchObject({
      status: 403,
    });
    expect(await failure(moveBoardItem("kid", viewOnly.items[0]!.id, 0, options()))).toMatchObject({ status: 403 });
    // Their own board stays theirs.
    await addBoardItem("kid", (await myBoard("kid")).id, words("Swim"), options());
  });

  it("a child's photo reaches the family board only when their carers let them share photos (Happr Cam's rule)", async () => {
    await makeCircle(database.db, "ada", { kid: "child" });
    const family = (await getMyBoards("kid", options()))[1]!;
    const uploadId = await uploadedPhoto(database.db, "kid");
    expect(await failure(addBoardItem("kid", family.id, { kind: "PHOTO", uploadId }, options()))).toMatchObject({
      status: 403,
      field: "uploadId",
    });
    // On their own board it is theirs alone, so it is taken.
    await addBoardItem("kid", (await myBoard("kid")).id, { kind: "PHOTO", uploadId }, options());
  });
});

describe("sharing one goal", () => {
  it("shares a goal view or edit through the sharing rule; cheers reach the owner alone", async () => {
    await makeCircle(database.db, "ada", { ben: "member", cy: "member" });
    const goal = await addBoardItem(
      "ada",
      (await myBoard("ada")).id,
      { kind: "GOAL", title: "Learn Welsh", privateTitle: "Project W", why: "For Nain" },
      options(),
    );
    expect(await failure(getGoal("ben", goal.id, options()))).toMatchObject({ status: 404 });
    await shareItem(
      "ada",
      { itemType: "goal", itemId: goal.id, memberId: "ben", permission: "view" },
      { db: database.db, kinds: itemKinds },
    );
    const seen = await getGoal("ben", goal.id, options());
    // Behind the code word: nothing that says what it hides.
    expect(seen).toMatchObject({ title: "Project W", realTitle: null, privateTitle: null, why: null, canEdit: false });
    expect(await failure(setGoalStatus("ben", goal.id, "DONE", null, options()))).toMatchObject({ status: 403 });
    await cheerGoal("ben", goal.id, "Da iawn!", options());
    await cheerGoal("ben", goal.id, "Gwych!", options());
    expect((await getGoal("ada", goal.id, options())).cheers.map((cheer) => cheer.note)).toEqual(["Gwych!"]);
    expect((await getGoal("ben", goal.id, options())).cheers).toEqual([]);

    await shareItem(
      "ada",
      { itemType: "goal", itemId: goal.id, memberId: "cy", permission: "edit" },
      { db: database.db, kinds: itemKinds },
    );
    // An editor adds a milestone; behind the code word they see none of them, the owner sees it.
    expect((await addMilestone("cy", goal.id, "Order a book", null, options())).milestones).toEqual([]);
    expect((await getGoal("ada", goal.id, options())).milestones.map((row) => row.title)).toEqual(["Order a book"]);
    expect(await failure(addMilestone("cy", goal.id, "Class", "2026-04-01", options()))).toMatchObject({
      status: 403,
      field: "date",
    });
  });
});

describe("the data download and the erasure", () => {
  it("exports the member's boards and goals, and forgets them (their family-board items too)", async () => {
    await makeCircle(database.db, "ada", { ben: "member" });
    const [mine, family] = await getMyBoards("ben", options());
    await addBoardItem("ben", mine!.id, { kind: "GOAL", title: "Swim a mile", privateTitle: "Blue" }, options());
    await addBoardItem("ada", family!.id, words("Ada's"), options());
    await addBoardItem("ben", family!.id, words("Ben's"), options());
    const exported = await exportVisionBoard("ben", { db: database.db });
    expect(exported.map((board) => [board.kind, board.items.map((item) => item.title ?? item.text)])).toEqual([
      ["mine", ["Swim a mile"]],
      ["family", ["Ben's"]],
    ]);
    await database.db.transaction((tx) => forgetVisionBoard(tx, "ben"));
    expect(await database.db.select().from(visionBoards).where(eq(visionBoards.ownerId, "ben"))).toEqual([]);
    expect((await getBoard("ada", family!.id, options())).items.map((item) => [item.text, item.position])).toEqual([
      ["Ada's", 0],
    ]);
  });
});
