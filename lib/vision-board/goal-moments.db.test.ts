import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { moments } from "../db/schema/cam";
import { memberSettings } from "../db/schema/settings";
import {
  visionBoardItems,
  visionBoards,
  visionChildRights,
  visionGoalCheers,
  visionMilestones,
} from "../db/schema/vision-board";
import { failure, makeCircle } from "../circles/testing";
import { revokeShare, shareItem } from "../circles/sharing";
import { phoneJpeg } from "../images/__fixtures__/photos";
import { boardLinks, camLinks, itemKinds } from "../features";
// A test may reach both features: the code never does (they meet in lib/features.ts).
import { createMoment, getMoment, getMyMoments, setChildCamSharing, updateMoment } from "../cam";
import { CAM_TABLES, momentWithPhoto, temporaryStore, uploadPhoto } from "../cam/testing";
import { addBoardItem, getGoal, getMyBoards, goalChoices, removeBoardItem, setGoalStatus } from "./store";
import { forgetVisionBoard } from "./export";
import { goalShares, loadGoalPage } from "./page";

// Cam moments on a Vision Board goal: attached only to the member's own goal (the check handed to
// Cam by lib/features.ts), listed on the goal's page by Cam's own rule, and never left pointing at a
// goal that is gone.
const database = useTestDatabase([
  visionGoalCheers,
  visionChildRights,
  visionMilestones,
  visionBoardItems,
  visionBoards,
  memberSettings,
  ...CAM_TABLES,
]);
let temp: Awaited<ReturnType<typeof temporaryStore>>;
let photo: Buffer;
beforeAll(async () => {
  temp = await temporaryStore();
  photo = await phoneJpeg({ width: 64, height: 48 });
});
afterAll(() => temp.remove());

const board = () => ({ db: database.db, links: boardLinks });
const cam = () => ({ db: database.db, store: temp.store });
const writes = () => ({ ...cam(), kinds: itemKinds, links: camLinks, processNow: false });
const share = (ownerId: string, input: Record<string, unknown>) =>
  shareItem(ownerId, input, { db: database.db, kinds: itemKinds });
const goalOn = async (memberId: string, which: "mine" | "family", title: string) => {
  const boards = await getMyBoards(memberId, board());
  const target = boards.find((entry) => entry.kind === which)!;
  return addBoardItem(memberId, target.id, { kind: "GOAL", title }, board());
};
const momentOn = (memberId: string, input: Record<string, unknown> = {}) =>
  momentWithPhoto(database.db, temp.store, memberId, photo, input);
const idsOf = (list: { id: string }[]) => list.map((entry) => entry.id).sort();

describe("a moment on a goal", () => {
  it("attaches to the member's own goal, on their board or a family board, and shows on the goal's page", async () => {
    await makeCircle(database.db, "ada", { ben: "member" });
    const goal = await goalOn("ada", "mine", "Read 12 books");
    const familyGoal = await goalOn("ada", "family", "Walk to the lake");
    const first = await momentOn("ada", { goalId: goal.id, note: "Book one done" });
    expect(first.goalId).toBe(goal.id);
    const second = await momentOn("ada", { goalId: familyGoal.id });
    expect(second.goalId).toBe(familyGoal.id);
    const loose = await momentOn("ada");
    // Cam's list by goal, as the API's getMyMoments(goalId) answers it.
    expect(idsOf(await getMyMoments("ada", { goalId: goal.id }, cam()))).toEqual([first.id]);
    expect(await getMyMoments("ada", { goalId: "not-an-id" }, cam())).toEqual([]);

    const page = await loadGoalPage("ada", goal.id, board());
    expect(page!.moments).toEqual([
      // The day Cam shows: the photo's capture day once processed.
      expect.objectContaining({
        id: first.id,
        mine: true,
        note: "Book one done",
        day: (await getMoment("ada", first.id, cam())).day,
      }),
    ]);
    expect(page!.moments[0]!.image).toMatchObject({
      status: "ready",
      thumbnailUrl: expect.stringMatching(/^\/api\/images\/.+\/thumbnail$/),
    });

    // Moved to the other goal, then off it: the fields given replace, the others stay.
    await updateMoment("ada", loose.id, { goalId: familyGoal.id }, writes());
    expect(idsOf(await getMyMoments("ada", { goalId: familyGoal.id }, cam()))).toEqual(idsOf([second, loose]));
    const off = await updateMoment("ada", loose.id, { goalId: null, note: "Just a walk" }, writes());
    expect(off).toMatchObject({ goalId: null, note: "Just a walk" });

    // The Cam form's choices: the member's own active goals, and a moment's current goal whatever its status.
    await setGoalStatus("ada", goal.id, "DONE", null, board());
    expect((await goalChoices("ada", { db: database.db })).map((choice) => choice.title)).toEqual(["Walk to the lake"]);
    expect((await goalChoices("ada", { db: database.db, include: goal.id })).map((choice) => choice.id)).toEqual([
      goal.id,
      familyGoal.id,
    ]);
    expect(await goalChoices("ben", { db: database.db, include: goal.id })).toEqual([]);
  });

  it("removing the goal, or its owner's erasure, leaves the moments in Cam without it", async () => {
    await makeCircle(database.db, "ada", { ben: "member" });
    const goal = await goalOn("ada", "mine", "Learn to swim");
    const moment = await momentOn("ada", { goalId: goal.id });
    await removeBoardItem("ada", goal.id, board());
    expect(await getMoment("ada", moment.id, cam())).toMatchObject({ id: moment.id, goalId: null });

    const familyGoal = await goalOn("ada", "family", "Camp out");
    const other = await momentOn("ada", { goalId: familyGoal.id });
    await database.db.transaction((tx) => forgetVisionBoard(tx, "ada"));
    const [row] = await database.db.select().from(moments).where(eq(moments.id, other.id));
    expect(row!.goalId).toBeNull();
  });
});

describe("attacks on a goal's moments", () => {
  it("attaching a moment to someone else's goal is refused, even one shared with the member to edit", async () => {
    await makeCircle(database.db, "ada", { ben: "member" });
    const bensGoal = await goalOn("ben", "mine", "Ben's plan");
    const bensFamilyGoal = await goalOn("ben", "family", "Ben's family plan");
    const adasWords = await addBoardItem(
      "ada",
      (await getMyBoards("ada", board()))[0]!.id,
      { kind: "WORDS", text: "Breathe" },
      board(),
    );
    await share("ben", { itemType: "goal", itemId: bensGoal.id, memberId: "ada", permission: "edit" });
    // Ada can see (and edit) Ben's goal, but it is not hers: Cam's moments mark their owner's own goals.
    expect((await getGoal("ada", bensGoal.id, board())).canEdit).toBe(true);

    const uploadId = await uploadPhoto(database.db, temp.store, "ada", photo);
    for (const goalId of [bensGoal.id, bensFamilyGoal.id, adasWords.id, "00000000-0000-4000-8000-000000000000"])
      expect(await failure(createMoment("ada", { uploadId, goalId }, writes()))).toMatchObject({
        status: 404,
        field: "goalId",
      });
    // Nothing was written, and the upload is still hers to use.
    expect(await getMyMoments("ada", {}, cam())).toEqual([]);
    const mine = await createMoment("ada", { uploadId }, writes());

    expect(await failure(updateMoment("ada", mine.id, { goalId: bensGoal.id }, writes()))).toMatchObject({
      status: 404,
      field: "goalId",
    });
    expect((await getMoment("ada", mine.id, cam())).goalId).toBeNull();
    // Nor may Ben put his goal on Ada's moment.
    expect(await failure(updateMoment("ben", mine.id, { goalId: bensGoal.id }, writes()))).toMatchObject({
      status: 404,
    });
    expect(await getMyMoments("ben", { goalId: bensGoal.id }, cam())).toEqual([]);
  });

  it("a viewer of a shared goal sees only the moments on it they may see, and nothing of the goal id", async () => {
    const circleId = await makeCircle(database.db, "ada", { ben: "member", cy: "member" });
    const goal = await goalOn("ada", "mine", "Run 5 km");
    const shown = await momentOn("ada", { goalId: goal.id, note: "First run" });
    const kept = await momentOn("ada", { goalId: goal.id, note: "Private run" });
    await share("ada", { itemType: "goal", itemId: goal.id, memberId: "ben", permission: "view" });
    await share("ada", { itemType: "moment", itemId: shown.id, memberId: "ben", permission: "view" });

    const bens = await loadGoalPage("ben", goal.id, board());
    expect(bens!.moments.map((moment) => [moment.id, moment.mine, moment.note])).toEqual([
      [shown.id, false, "First run"],
    ]);
    expect(bens!.shares).toEqual([]);
    // The moment itself shows ben no goal id; the list by goal gives him only what he may see.
    expect((await getMoment("ben", shown.id, cam())).goalId).toBeNull();
    expect(idsOf(await getMyMoments("ben", { goalId: goal.id }, cam()))).toEqual([shown.id]);
    expect(await failure(getMoment("ben", kept.id, cam()))).toMatchObject({ status: 404 });

    // Someone with the moment but not the goal gets no goal page at all.
    await share("ada", { itemType: "moment", itemId: kept.id, circleId, permission: "view" });
    expect(await loadGoalPage("cy", goal.id, board())).toBeNull();
    expect(await loadGoalPage("eve", goal.id, board())).toBeNull();
  });

  it("a child's moment on their family-board goal follows Cam's rule for children", async () => {
    const circleId = await makeCircle(database.db, "mum", { kid: { role: "child", name: "Kid" }, gran: "member" });
    const goal = await goalOn("kid", "family", "Learn to ride a bike");
    await setChildCamSharing("mum", { childId: "kid", mayShare: true }, cam());
    const moment = await momentOn("kid", { goalId: goal.id, note: "No stabilisers" });
    await share("kid", { itemType: "moment", itemId: moment.id, circleId, permission: "view" });
    expect((await loadGoalPage("gran", goal.id, board()))!.moments.map((entry) => entry.id)).toEqual([moment.id]);

    // The carers turn sharing off: the goal is still the family's to see, the photo is not.
    await setChildCamSharing("mum", { childId: "kid", mayShare: false }, cam());
    expect((await loadGoalPage("gran", goal.id, board()))!.moments).toEqual([]);
    expect((await loadGoalPage("kid", goal.id, board()))!.moments.map((entry) => entry.id)).toEqual([moment.id]);
  });
});

describe("a goal's shares on its page", () => {
  it("lists whom it is shared with, and once taken back the other member gets 404 for the goal", async () => {
    const circleId = await makeCircle(database.db, "ada", { ben: { role: "member", name: "Ben" }, cy: "member" });
    const goal = await goalOn("ada", "mine", "Plant a garden");
    const other = await goalOn("ada", "mine", "Another goal");
    await share("ada", { itemType: "goal", itemId: goal.id, memberId: "ben", permission: "view" });
    await share("ada", { itemType: "goal", itemId: goal.id, circleId, permission: "edit" });
    await share("ada", { itemType: "goal", itemId: other.id, memberId: "cy", permission: "view" });

    const listed = await goalShares("ada", goal.id, { db: database.db });
    expect(listed.map((entry) => [entry.memberId, entry.circleId, entry.targetName, entry.permission])).toEqual([
      ["ben", null, "Ben", "view"],
      [null, circleId, "ada's circle", "edit"],
    ]);
    // Someone else's list of that goal's shares: nothing (they are the owner's).
    expect(await goalShares("ben", goal.id, { db: database.db })).toEqual([]);
    // Only the owner takes a share back.
    expect(await failure(revokeShare("ben", listed[0]!.id, { db: database.db }))).toMatchObject({ status: 404 });

    await revokeShare("ada", listed[0]!.id, { db: database.db });
    // Ben still sees it through the circle's share; once that goes too, the goal answers 404.
    expect((await getGoal("ben", goal.id, board())).id).toBe(goal.id);
    await revokeShare("ada", listed[1]!.id, { db: database.db });
    expect(await failure(getGoal("ben", goal.id, board()))).toMatchObject({ status: 404 });
    expect(await failure(getGoal("cy", goal.id, board()))).toMatchObject({ status: 404 });
    expect(await loadGoalPage("ben", goal.id, board())).toBeNull();
    expect(await goalShares("ada", goal.id, { db: database.db })).toEqual([]);
    // The other goal's share is untouched.
    expect((await getGoal("cy", other.id, board())).id).toBe(other.id);
  });
});
