import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { makeCircle } from "@/lib/circles/testing";
import { installObjectStore } from "@/lib/storage";
import { phoneJpeg } from "@/lib/images/__fixtures__/photos";
import { processPendingImages, receiveUploadBody } from "@/lib/uploads";
import { bodyOf, temporaryStore } from "@/lib/cam/testing";
import { boardLinks } from "@/lib/features";
import { addBoardItem, getMyBoards } from "@/lib/vision-board";
import { membersGraphqlForThisFile } from "./test-helpers";

const people = ["ana", "ben", "eve", "mum", "kid"] as const;
type Who = (typeof people)[number];
const id = (who: Who) => `member-${who}`;
const members = Object.fromEntries(
  people.map((name) => [id(name), { memberId: id(name), email: `${name}@example.com`, name }]),
);

const MOMENT = `id ownerId ownerName image { url thumbnailUrl width height placeholder alt } note day alt habitId albumId goalId reactions { reaction note at } createdAt`;
const camOps = {
  getMyMoments: `query($habitId: String, $albumId: String, $before: Int, $limit: Int) { getMyMoments(habitId: $habitId, albumId: $albumId, before: $before, limit: $limit) { statusCode message moments { ${MOMENT} } } }`,
  getMoment: `query($momentId: String!) { getMoment(momentId: $momentId) { statusCode message moment { ${MOMENT} } } }`,
  createImageUpload: `mutation($contentType: String!, $byteSize: Int!) { createImageUpload(contentType: $contentType, byteSize: $byteSize) { statusCode message uploadId uploadUrl maxBytes } }`,
  createMoment: `mutation($input: MomentInput!) { createMoment(input: $input) { statusCode message moment { ${MOMENT} } } }`,
  updateMoment: `mutation($momentId: String!, $input: MomentInput!) { updateMoment(momentId: $momentId, input: $input) { statusCode message moment { ${MOMENT} } } }`,
  deleteMoment: `mutation($momentId: String!) { deleteMoment(momentId: $momentId) { statusCode message } }`,
  reactToMoment: `mutation($momentId: String!, $reaction: String!, $note: String) { reactToMoment(momentId: $momentId, reaction: $reaction, note: $note) { statusCode message } }`,
  getMyAlbums: `query { getMyAlbums { statusCode message albums { id name createdAt momentCount } } }`,
  createAlbum: `mutation($name: String!) { createAlbum(name: $name) { statusCode message album { id name momentCount } } }`,
  getMyImageQuota: `query { getMyImageQuota { statusCode message usedBytes limitBytes } }`,
  setChildCamSharing: `mutation($childId: String!, $mayShare: Boolean!) { setChildCamSharing(childId: $childId, mayShare: $mayShare) { statusCode message } }`,
};
const momentsOfGoalOp = `query($goalId: String) { getMyMoments(goalId: $goalId) { statusCode message moments { id goalId } } }`;
const shareOp = `mutation($itemType: SharedItemType!, $itemId: String!, $circleId: String, $permission: SharePermission!) { shareItem(itemType: $itemType, itemId: $itemId, circleId: $circleId, permission: $permission) { statusCode message share { id itemType } } }`;
const revokeOp = `mutation($shareId: String!) { revokeShare(shareId: $shareId) { statusCode message } }`;

let db: Db;
const gql = membersGraphqlForThisFile({ members, idOf: id, onFixture: (fixture) => ({ db } = fixture) });
let temp: Awaited<ReturnType<typeof temporaryStore>>;
let photo: Buffer;
beforeAll(async () => {
  temp = await temporaryStore();
  installObjectStore(temp.store);
  photo = await phoneJpeg();
});
afterAll(() => temp.remove());

/** As an app does: ask again until the photo is processed (the job runs right after createMoment). */
async function whenReady(who: Who, momentId: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    await processPendingImages({ db, store: temp.store });
    const moment = (await gql(camOps.getMoment, { momentId }, who)).moment;
    if (moment.image) return moment;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`moment ${momentId} was never processed`);
}

/** The app's way: createImageUpload, the bytes (as the PUT route takes them), createMoment, the job. */
async function postMoment(who: Who, input: Record<string, unknown> = {}) {
  const upload = await gql(camOps.createImageUpload, { contentType: "image/jpeg", byteSize: photo.length }, who);
  expect(upload).toMatchObject({
    statusCode: 201,
    uploadUrl: `/api/uploads/${upload.uploadId}`,
    maxBytes: 40 * 1024 * 1024,
  });
  await receiveUploadBody(
    id(who),
    upload.uploadId,
    { contentRange: null, body: bodyOf(photo) },
    { db, store: temp.store },
  );
  const created = await gql(camOps.createMoment, { input: { uploadId: upload.uploadId, ...input } }, who);
  expect(created).toMatchObject({ statusCode: 201, message: "Moment saved" });
  return created.moment as Record<string, any>;
}

describe("Happr Cam over GraphQL", () => {
  it("guests and invalid credentials get 401 on every Cam operation", async () => {
    const variables = {
      momentId: "x",
      input: {},
      contentType: "image/jpeg",
      byteSize: 10,
      reaction: "heart",
      name: "A",
      childId: "x",
      mayShare: true,
    };
    for (const [name, query] of Object.entries(camOps))
      for (const who of ["guest", "invalid"] as const)
        expect(await gql(query, variables, who), name).toMatchObject({
          statusCode: 401,
          message: "User is not authenticated",
        });
  });

  it("upload, a moment with image null while processing, then the image; share, react, revoke, delete", async () => {
    const circleId = await makeCircle(
      db,
      id("ana"),
      { [id("ben")]: { role: "member", name: "Ben" } },
      { ownerName: "Ana" },
    );
    const moment = await postMoment("ana", { note: "First walk", alt: "Trainers on a path", day: "2026-03-01" });
    expect(moment).toMatchObject({
      image: null,
      note: "First walk",
      alt: "Trainers on a path",
      day: "2026-03-01",
      reactions: [],
    });
    const ready = await whenReady("ana", moment.id);
    expect(ready.image).toMatchObject({ width: 600, height: 800, alt: "Trainers on a path" });
    expect(ready.image.url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/display$/);
    expect(typeof ready.createdAt).toBe("number");

    const notFound = { statusCode: 404, message: "Moment not found" };
    expect(await gql(camOps.getMoment, { momentId: moment.id }, "ben")).toMatchObject(notFound);
    expect(await gql(camOps.getMoment, { momentId: moment.id }, "eve")).toMatchObject(notFound);
    expect(
      await gql(shareOp, { itemType: "MOMENT", itemId: moment.id, circleId, permission: "EDIT" }, "ana"),
    ).toMatchObject({
      statusCode: 400,
    });
    const shared = await gql(shareOp, { itemType: "MOMENT", itemId: moment.id, circleId, permission: "VIEW" }, "ana");
    expect(shared).toMatchObject({ statusCode: 201, share: { itemType: "MOMENT" } });
    expect((await gql(camOps.getMyMoments, {}, "ben")).moments).toEqual([
      expect.objectContaining({ id: moment.id, ownerName: "Ana" }),
    ]);
    expect(
      await gql(camOps.reactToMoment, { momentId: moment.id, reaction: "hug", note: "Lovely" }, "ben"),
    ).toMatchObject({
      statusCode: 200,
    });
    expect((await gql(camOps.getMoment, { momentId: moment.id }, "ben")).moment.reactions).toEqual([]);
    expect((await gql(camOps.getMoment, { momentId: moment.id }, "ana")).moment.reactions).toEqual([
      expect.objectContaining({ reaction: "hug", note: "Lovely" }),
    ]);
    expect(await gql(camOps.updateMoment, { momentId: moment.id, input: { note: "x" } }, "ben")).toMatchObject(
      notFound,
    );

    expect(await gql(revokeOp, { shareId: shared.share.id }, "ana")).toMatchObject({ statusCode: 200 });
    expect(await gql(camOps.getMoment, { momentId: moment.id }, "ben")).toMatchObject(notFound);
    expect(await gql(camOps.deleteMoment, { momentId: moment.id }, "ben")).toMatchObject(notFound);
    expect(await gql(camOps.deleteMoment, { momentId: moment.id }, "ana")).toMatchObject({ statusCode: 200 });
    expect(await gql(camOps.getMoment, { momentId: moment.id }, "ana")).toMatchObject(notFound);
  });

  it("albums, the quota, bad input naming the field, and the carers' switch", async () => {
    const album = (await gql(camOps.createAlbum, { name: "Garden" }, "ana")).album;
    const moment = await postMoment("ana", { albumId: album.id });
    await whenReady("ana", moment.id);
    expect(
      (await gql(camOps.getMyMoments, { albumId: album.id }, "ana")).moments.map((m: { id: string }) => m.id),
    ).toEqual([moment.id]);
    expect((await gql(camOps.getMyAlbums, {}, "ana")).albums).toEqual([
      expect.objectContaining({ name: "Garden", momentCount: 1 }),
    ]);
    const quota = await gql(camOps.getMyImageQuota, {}, "ana");
    expect(quota).toMatchObject({ statusCode: 200, limitBytes: 1024 ** 3 });
    expect(quota.usedBytes).toBeGreaterThan(0);
    expect(await gql(camOps.createImageUpload, { contentType: "application/pdf", byteSize: 100 }, "ana")).toMatchObject(
      {
        statusCode: 415,
        uploadId: null,
      },
    );
    expect(await gql(camOps.createMoment, { input: { note: "no photo" } }, "ana")).toMatchObject({
      statusCode: 400,
      moment: null,
    });
    expect(await gql(camOps.getMyMoments, { limit: 500 }, "ana")).toMatchObject({ statusCode: 400 });

    await makeCircle(db, id("mum"), { [id("kid")]: "child" });
    expect(await gql(camOps.setChildCamSharing, { childId: id("kid"), mayShare: true }, "eve")).toMatchObject({
      statusCode: 404,
    });
    expect(await gql(camOps.setChildCamSharing, { childId: id("kid"), mayShare: true }, "mum")).toMatchObject({
      statusCode: 200,
    });
  });

  it("every operation of the shared contract is built: the Lounge's, the last to land, answer results", async () => {
    // graphql/lounge.db.test.ts tests them; here only that none is left answering a GraphQL error.
    expect(await gql(`query { getLoungeRooms { statusCode message } }`, {}, "ana")).toMatchObject({ statusCode: 200 });
    expect(
      await gql(`mutation { joinLounge(loungeName: "x", rulesVersion: 1) { statusCode } }`, {}, "ana"),
    ).toMatchObject({ statusCode: 400 });
    expect(await gql(camOps.getMyAlbums, {}, "ana")).toMatchObject({ statusCode: 200 });
  });

  it("attaches a moment to the caller's own goal (goalId), lists a goal's moments, and refuses anyone else's goal", async () => {
    const board = { db, links: boardLinks };
    const goalOf = async (who: Who) =>
      addBoardItem(id(who), (await getMyBoards(id(who), board))[0]!.id, { kind: "GOAL", title: "Run" }, board);
    const [goal, bensGoal] = [await goalOf("ana"), await goalOf("ben")];
    const moment = await postMoment("ana", { goalId: goal.id });
    expect(moment.goalId).toBe(goal.id);
    expect(await gql(momentsOfGoalOp, { goalId: goal.id }, "ana")).toMatchObject({
      statusCode: 200,
      moments: [{ id: moment.id, goalId: goal.id }],
    });
    expect((await gql(momentsOfGoalOp, { goalId: goal.id }, "ben")).moments).toEqual([]);

    const upload = await gql(camOps.createImageUpload, { contentType: "image/jpeg", byteSize: photo.length }, "ana");
    expect(
      await gql(camOps.createMoment, { input: { uploadId: upload.uploadId, goalId: bensGoal.id } }, "ana"),
    ).toMatchObject({ statusCode: 404, message: "Goal not found: choose one of your own goals.", moment: null });
    expect(
      await gql(camOps.updateMoment, { momentId: moment.id, input: { goalId: bensGoal.id } }, "ana"),
    ).toMatchObject({ statusCode: 404 });
    expect(await gql(camOps.updateMoment, { momentId: moment.id, input: { goalId: null } }, "ana")).toMatchObject({
      statusCode: 200,
      moment: { goalId: null },
    });
  });
});
