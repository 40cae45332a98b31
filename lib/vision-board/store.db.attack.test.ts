import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { circleMemberships, circles, shares } from "../db/schema/circles";
import { images } from "../db/schema/uploads";
import { visionBoardItems, visionBoards, visionMilestones } from "../db/schema/vision-board";
import { failure, makeCircle } from "../circles/testing";
import { shareItem } from "../circles/sharing";
import { imageResponse } from "../uploads";
import { boardLinks, imageHolders, itemKinds } from "@/lib/features";
import {
  addBoardItem,
  addMilestone,
  cheerGoal,
  completeMilestone,
  getBoard,
  getGoal,
  getMyBoards,
  moveBoardItem,
  removeBoardItem,
  renameBoard,
  setChildBoardRight,
  setGoalStatus,
  updateBoardItem,
} from "./store";
import { uploadedPhoto } from "./testing";

// What a stranger (someone in no circle with the owner) or a former member tries with ids they learnt:
// every board, item, milestone and image id answers 404, exactly as one that does not exist.
const database = useTestDatabase([
  visionMilestones,
  visionBoardItems,
  visionBoards,
  images,
  shares,
  circleMemberships,
  circles,
]);
const options = () => ({ db: database.db, links: boardLinks });
const NO_SUCH = "00000000-0000-4000-8000-000000000000";

async function adasThings() {
  await makeCircle(database.db, "ada", { ben: "member" });
  const [mine, family] = await getMyBoards("ada", options());
  const goal = await addBoardItem("ada", mine!.id, { kind: "GOAL", title: "Secret plan" }, options());
  const planned = await addMilestone("ada", goal.id, "Step one", null, options());
  const uploadId = await uploadedPhoto(database.db, "ada");
  const photo = await addBoardItem("ada", family!.id, { kind: "PHOTO", uploadId }, options());
  return { mine: mine!, family: family!, goal, milestoneId: planned.milestones[0]!.id, photo, imageId: uploadId };
}

describe("a stranger gets 404 for every board, item, milestone and image id", () => {
  it("as for ids that do not exist", async () => {
    const { mine, family, goal, milestoneId, photo } = await adasThings();
    const notFound = { status: 404 };
    for (const boardId of [mine.id, family.id, NO_SUCH, "not-an-id"]) {
      expect(await failure(getBoard("eve", boardId, options()))).toMatchObject(notFound);
      expect(await failure(addBoardItem("eve", boardId, { kind: "WORDS", text: "hi" }, options()))).toMatchObject(
        notFound,
      );
      expect(await failure(renameBoard("eve", boardId, "Mine", options()))).toMatchObject(notFound);
    }
    for (const itemId of [goal.id, photo.id, NO_SUCH]) {
      expect(await failure(getGoal("eve", itemId, options()))).toMatchObject(notFound);
      expect(await failure(updateBoardItem("eve", itemId, { kind: "GOAL", title: "x" }, options()))).toMatchObject(
        notFound,
      );
      expect(await failure(moveBoardItem("eve", itemId, 0, options()))).toMatchObject(notFound);
      expect(await failure(removeBoardItem("eve", itemId, options()))).toMatchObject(notFound);
      expect(await failure(setGoalStatus("eve", itemId, "DONE", null, options()))).toMatchObject(notFound);
      expect(await failure(addMilestone("eve", itemId, "x", null, options()))).toMatchObject(notFound);
      expect(await failure(cheerGoal("eve", itemId, "x", options()))).toMatchObject(notFound);
    }
    for (const id of [milestoneId, NO_SUCH])
      expect(await failure(completeMilestone("eve", id, true, options()))).toMatchObject(notFound);
    // Nothing was changed by any of it.
    expect((await getBoard("ada", mine.id, options())).items.map((item) => item.title)).toEqual(["Secret plan"]);
  });

  it("the image route serves a board photo to whoever sees its board, and 404 to anyone else", async () => {
    const { imageId, photo } = await adasThings();
    await database.db.update(images).set({ status: "ready" });
    expect((await imageResponse("eve", imageId, "display", imageHolders, { db: database.db })).status).toBe(404);
    // Ben is in the circle, so the family board's photo reaches him (its bytes are not processed here:
    // the route answers 404 past the check for a missing derivative, so ask the holder rule itself).
    expect(await imageHolders["board-item"]!(database.db, "ben", { id: photo.id, ownerId: "ada" })).toBe(true);
    expect(await imageHolders["board-item"]!(database.db, "eve", { id: photo.id, ownerId: "ada" })).toBe(false);
  });

  it("a member who leaves the circle loses the family board at once", async () => {
    const { family } = await adasThings();
    expect((await getBoard("ben", family.id, options())).id).toBe(family.id);
    await database.db.delete(circleMemberships).where(eq(circleMemberships.memberId, "ben"));
    expect(await failure(getBoard("ben", family.id, options()))).toMatchObject({ status: 404 });
  });

  it("a goal shared for viewing cannot be changed, and a family-board goal cannot be shared outside its circle", async () => {
    const { goal, family } = await adasThings();
    await shareItem(
      "ada",
      { itemType: "goal", itemId: goal.id, memberId: "ben", permission: "view" },
      {
        db: database.db,
        kinds: itemKinds,
      },
    );
    expect(await failure(updateBoardItem("ben", goal.id, { kind: "GOAL", title: "Mine" }, options()))).toMatchObject({
      status: 403,
    });
    expect(await failure(removeBoardItem("ben", goal.id, options()))).toMatchObject({ status: 403 });
    // A shared goal is not a way onto the owner's board.
    expect(await failure(moveBoardItem("ben", goal.id, 0, options()))).toMatchObject({ status: 403 });
    const familyGoal = await addBoardItem("ada", family.id, { kind: "GOAL", title: "Trip" }, options());
    expect(
      await failure(
        shareItem(
          "ada",
          { itemType: "goal", itemId: familyGoal.id, memberId: "ben", permission: "edit" },
          {
            db: database.db,
            kinds: itemKinds,
          },
        ),
      ),
    ).toMatchObject({ status: 404 });
  });

  it("a child set to 'view' cannot add, move or slip a photo onto the family board", async () => {
    const circleId = await makeCircle(database.db, "ada", { kid: "child" });
    const family = (await getMyBoards("kid", options()))[1]!;
    await setChildBoardRight("ada", { circleId, childId: "kid", right: "VIEW" }, options());
    const uploadId = await uploadedPhoto(database.db, "kid");
    expect(await failure(addBoardItem("kid", family.id, { kind: "PHOTO", uploadId }, options()))).toMatchObject({
      status: 403,
    });
    expect(await failure(addBoardItem("kid", family.id, { kind: "WORDS", text: "hi" }, options()))).toMatchObject({
      status: 403,
    });
    // A child cannot set their own right.
    expect(
      await failure(setChildBoardRight("kid", { circleId, childId: "kid", right: "ADD" }, options())),
    ).toMatchObject({ status: 404 });
  });
});
