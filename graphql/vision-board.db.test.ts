import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { makeCircle } from "@/lib/circles/testing";
import { childConsents, circleMemberships, circles, shares } from "@/lib/db/schema/circles";
import { visionBoards } from "@/lib/db/schema/vision-board";
import { uploadedPhoto } from "@/lib/vision-board/testing";
import { membersGraphqlForThisFile } from "./test-helpers";

const people = ["ada", "ben", "kid", "eve"] as const;
type Who = (typeof people)[number];
const id = (who: Who) => `member-${who}`;
const members = Object.fromEntries(
  people.map((name) => [id(name), { memberId: id(name), email: `${name}@example.com`, name }]),
);

const ITEM = `id boardId ownerId ownerName mine canEdit kind position size title privateTitle text colour image { url } area why
  targetDate targetCount targetUnit countDone status statusNote progress milestones { id title date done eventId } habitIds
  cheers { fromName note }`;
const BOARD = `id name kind circleId canAdd viewOnly items { ${ITEM} }`;
const ops = {
  getMyBoards: `query { getMyBoards { statusCode message boards { ${BOARD} } } }`,
  getBoard: `query($boardId: String!) { getBoard(boardId: $boardId) { statusCode message board { ${BOARD} } } }`,
  getGoal: `query($itemId: String!) { getGoal(itemId: $itemId) { statusCode message item { ${ITEM} } } }`,
  createBoard: `mutation($name: String!) { createBoard(name: $name) { statusCode message board { ${BOARD} } } }`,
  addBoardItem: `mutation($boardId: String!, $input: BoardItemInput!) { addBoardItem(boardId: $boardId, input: $input) { statusCode message item { ${ITEM} } } }`,
  updateBoardItem: `mutation($itemId: String!, $input: BoardItemInput!) { updateBoardItem(itemId: $itemId, input: $input) { statusCode message item { ${ITEM} } } }`,
  moveBoardItem: `mutation($itemId: String!, $position: Int!) { moveBoardItem(itemId: $itemId, position: $position) { statusCode message board { ${BOARD} } } }`,
  removeBoardItem: `mutation($itemId: String!) { removeBoardItem(itemId: $itemId) { statusCode message } }`,
  setGoalStatus: `mutation($itemId: String!, $status: GoalStatus!, $note: String) { setGoalStatus(itemId: $itemId, status: $status, note: $note) { statusCode message item { ${ITEM} } } }`,
  addMilestone: `mutation($itemId: String!, $title: String!, $date: String) { addMilestone(itemId: $itemId, title: $title, date: $date) { statusCode message item { ${ITEM} } } }`,
  completeMilestone: `mutation($milestoneId: String!, $done: Boolean!) { completeMilestone(milestoneId: $milestoneId, done: $done) { statusCode message item { ${ITEM} } } }`,
  cheerGoal: `mutation($itemId: String!, $note: String) { cheerGoal(itemId: $itemId, note: $note) { statusCode message } }`,
  setChildBoardRight: `mutation($circleId: String!, $childId: String!, $right: String!) { setChildBoardRight(circleId: $circleId, childId: $childId, right: $right) { statusCode message } }`,
  shareItem: `mutation($itemId: String!, $memberId: String) { shareItem(itemType: GOAL, itemId: $itemId, memberId: $memberId, permission: VIEW) { statusCode message } }`,
};

let db: Db;
const gql = membersGraphqlForThisFile({ members, idOf: id, onFixture: (fixture) => ({ db } = fixture) });
// Each test starts with no circles and no boards (the items go with their boards).
beforeEach(async () => {
  for (const table of [visionBoards, shares, childConsents, circleMemberships, circles]) await db.delete(table);
});
const NO_SUCH = "00000000-0000-4000-8000-000000000000";

const boardsOf = async (who: Who) => {
  const answer = await gql(ops.getMyBoards, {}, who);
  expect(answer.statusCode).toBe(200);
  return answer.boards as Record<string, any>[];
};
const add = async (who: Who, boardId: string, input: Record<string, unknown>) => {
  const answer = await gql(ops.addBoardItem, { boardId, input }, who);
  expect(answer, JSON.stringify(answer)).toMatchObject({ statusCode: 201, message: "Item added" });
  return answer.item as Record<string, any>;
};

describe("My Vision Board over GraphQL", () => {
  it("guests and invalid credentials get 401 on every board operation", async () => {
    const variables = {
      boardId: NO_SUCH,
      itemId: NO_SUCH,
      milestoneId: NO_SUCH,
      circleId: NO_SUCH,
      childId: "x",
      right: "VIEW",
      name: "x",
      title: "x",
      done: true,
      position: 0,
      status: "DONE",
      input: { kind: "WORDS", text: "x" },
    };
    for (const [name, query] of Object.entries(ops)) {
      if (name === "shareItem") continue;
      for (const who of ["guest", "invalid"] as const)
        expect(await gql(query, variables, who), name).toMatchObject({
          statusCode: 401,
          message: "User is not authenticated",
        });
    }
  });

  it("a goal with a photo, a dated milestone, progress, reorder, let go; cheers for the owner alone", async () => {
    await makeCircle(db, id("ada"), { [id("ben")]: { role: "member", name: "Ben" } }, { ownerName: "Ada" });
    const [mine, family] = await boardsOf("ada");
    expect(mine).toMatchObject({ name: "My board", kind: "MINE", canAdd: true, items: [] });
    expect(family).toMatchObject({ kind: "FAMILY", canAdd: true });

    const goal = await add("ada", mine!.id, {
      kind: "GOAL",
      title: "Read 12 books",
      privateTitle: "Pages",
      why: "Bedtime stories",
      targetCount: 12,
      targetUnit: "books",
      countDone: 3,
      size: "LARGE",
    });
    expect(goal).toMatchObject({
      kind: "GOAL",
      size: "LARGE",
      status: "ACTIVE",
      progress: 0.25,
      title: "Read 12 books",
    });
    const uploadId = await uploadedPhoto(db, id("ada"));
    const photo = await add("ada", mine!.id, { kind: "PHOTO", uploadId, title: "Library" });
    // Still being processed: no image yet.
    expect(photo).toMatchObject({ kind: "PHOTO", position: 1, image: null });

    const planned = await gql(ops.addMilestone, { itemId: goal.id, title: "First book", date: "2026-12-01" }, "ada");
    expect(planned).toMatchObject({ statusCode: 201, item: { milestones: [{ title: "First book", done: false }] } });
    expect(planned.item.milestones[0].eventId).toEqual(expect.any(String));
    const done = await gql(ops.completeMilestone, { milestoneId: planned.item.milestones[0].id, done: true }, "ada");
    expect(done.item.progress).toBeCloseTo((1 + 0.25) / 2);

    const moved = await gql(ops.moveBoardItem, { itemId: photo.id, position: 0 }, "ada");
    expect(moved.board.items.map((item: { id: string }) => item.id)).toEqual([photo.id, goal.id]);

    const letGo = await gql(
      ops.setGoalStatus,
      { itemId: goal.id, status: "LET_GO", note: "Audiobooks instead" },
      "ada",
    );
    expect(letGo.item).toMatchObject({ status: "LET_GO", statusNote: "Audiobooks instead" });

    expect(await gql(ops.shareItem, { itemId: goal.id, memberId: id("ben") }, "ada")).toMatchObject({
      statusCode: 201,
    });
    const seen = await gql(ops.getGoal, { itemId: goal.id }, "ben");
    expect(seen.item).toMatchObject({ title: "Pages", privateTitle: null, why: null, mine: false, canEdit: false });
    expect(await gql(ops.cheerGoal, { itemId: goal.id, note: "Go Ada" }, "ben")).toMatchObject({ statusCode: 200 });
    expect((await gql(ops.getGoal, { itemId: goal.id }, "ada")).item.cheers).toEqual([
      { fromName: "Ben", note: "Go Ada" },
    ]);
    expect((await gql(ops.getGoal, { itemId: goal.id }, "ben")).item.cheers).toEqual([]);
  });

  it("the family board: everyone adds and each item shows whose it is; a child set to VIEW cannot add", async () => {
    const circleId = await makeCircle(
      db,
      id("ada"),
      { [id("ben")]: { role: "member", name: "Ben" }, [id("kid")]: { role: "child", name: "Kit" } },
      { ownerName: "Ada" },
    );
    const family = (await boardsOf("ben")).find((board) => board.circleId === circleId)!;
    await add("ben", family.id, { kind: "WORDS", text: "Camping in June" });
    const board = await gql(ops.getBoard, { boardId: family.id }, "ada");
    expect(board.board.items[0]).toMatchObject({ ownerName: "Ben", mine: false, text: "Camping in June" });

    expect(await gql(ops.setChildBoardRight, { circleId, childId: id("kid"), right: "VIEW" }, "ben")).toMatchObject({
      statusCode: 404,
    });
    expect(await gql(ops.setChildBoardRight, { circleId, childId: id("kid"), right: "VIEW" }, "ada")).toMatchObject({
      statusCode: 200,
    });
    const kids = (await boardsOf("kid")).find((entry) => entry.circleId === circleId)!;
    expect(kids).toMatchObject({ canAdd: false, viewOnly: true });
    expect(
      await gql(ops.addBoardItem, { boardId: family.id, input: { kind: "WORDS", text: "Puppy" } }, "kid"),
    ).toMatchObject({ statusCode: 403 });
  });

  it("bad input names the field; a stranger gets 404 for every board, item and milestone id", async () => {
    await makeCircle(db, id("ada"), {});
    const [mine] = await boardsOf("ada");
    expect(
      await gql(ops.addBoardItem, { boardId: mine!.id, input: { kind: "COLOUR", colour: "teal" } }, "ada"),
    ).toMatchObject({ statusCode: 400, message: "colour must be a colour as #rrggbb" });
    const goal = await add("ada", mine!.id, { kind: "GOAL", title: "Quiet plan" });
    const planned = await gql(ops.addMilestone, { itemId: goal.id, title: "Step" }, "ada");
    const notFound = { statusCode: 404 };
    expect(await gql(ops.getBoard, { boardId: mine!.id }, "eve")).toMatchObject({ ...notFound, board: null });
    expect(await gql(ops.getGoal, { itemId: goal.id }, "eve")).toMatchObject({ ...notFound, item: null });
    expect(await gql(ops.moveBoardItem, { itemId: goal.id, position: 0 }, "eve")).toMatchObject(notFound);
    expect(await gql(ops.removeBoardItem, { itemId: goal.id }, "eve")).toMatchObject(notFound);
    expect(
      await gql(ops.completeMilestone, { milestoneId: planned.item.milestones[0].id, done: true }, "eve"),
    ).toMatchObject(notFound);
    expect(await gql(ops.getGoal, { itemId: goal.id }, "ada")).toMatchObject({ statusCode: 200 });
  });
});
