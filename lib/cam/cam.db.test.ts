import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { shares } from "../db/schema/circles";
import { momentReactions, moments } from "../db/schema/cam";
import { habits } from "../db/schema/habits";
import { images } from "../db/schema/uploads";
import { failure, makeCircle } from "../circles/testing";
import { revokeShare, shareItem } from "../circles/sharing";
import { CAPTURED, phoneJpeg } from "../images/__fixtures__/photos";
import { imageResponse, processPendingImages, uploadQuota } from "../uploads";
import type { ObjectStore } from "../storage";
import {
  createAlbum,
  createMoment,
  deleteMoment,
  getMoment,
  getMyAlbums,
  getMyMoments,
  reactToMoment,
  setChildCamSharing,
  updateMoment,
} from "./store";
import { momentImageHolder } from "./kind";
import { camPhotoFiles, exportCam, forgetCam } from "./export";
import { unzipSync } from "fflate";
import { askableDownloads, camLinks, itemKinds, memberFeatures } from "../features";
import { zipDownload } from "../member-data/zip";
import { CAM_TABLES, momentWithPhoto, temporaryStore, uploadPhoto } from "./testing";

const database = useTestDatabase([...CAM_TABLES, habits]);
let temp: Awaited<ReturnType<typeof temporaryStore>>;
let photo: Buffer;
beforeAll(async () => {
  temp = await temporaryStore();
  photo = await phoneJpeg();
});
afterAll(() => temp.remove());

const opts = () => ({ db: database.db, store: temp.store });
const writes = () => ({ ...opts(), kinds: itemKinds, links: camLinks, processNow: false });
const holders = { moment: momentImageHolder };
const serve = (viewer: string, url: string) => {
  const [, , , imageId, variant] = url.split("/");
  return imageResponse(viewer, imageId!, variant!, holders, opts());
};

describe("a moment's photo, from upload to the timeline", () => {
  it("is processing until the job ran, then ready with its sizes, placeholder and the photo's capture day", async () => {
    const uploadId = await uploadPhoto(database.db, temp.store, "ana", photo);
    const created = await createMoment("ana", { uploadId, note: "Day one", alt: "Shoes by the door" }, writes());
    expect(created.image).toMatchObject({ status: "processing", url: null, thumbnailUrl: null });
    expect(created.mine).toBe(true);

    await processPendingImages(opts());
    const ready = await getMoment("ana", created.id, opts());
    // The fixture is 800 × 600 stored on its side (orientation 6): shown 600 × 800.
    expect(ready.image).toMatchObject({ status: "ready", width: 600, height: 800 });
    expect(ready.image.url).toBe(`/api/images/${uploadId}/display`);
    expect(ready.image.thumbnailUrl).toBe(`/api/images/${uploadId}/thumbnail`);
    expect(ready.image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(ready.day).toBe(CAPTURED.day);
    expect(ready).toMatchObject({ note: "Day one", alt: "Shoes by the door" });

    // The original bytes are gone: only the two derivatives are stored.
    const [row] = await database.db.select().from(images).where(eq(images.id, uploadId));
    expect(row!.pieces).toEqual([]);
    const response = await serve("ana", ready.image.thumbnailUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="photo.webp"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // Another site's page cannot embed or read it, even if a browser sent the cookie along.
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await response.arrayBuffer()).toString("latin1", 8, 12)).toBe("WEBP");
  });

  it("keeps a day the member chose over the photo's, and lists newest first with paging and filters", async () => {
    const first = await momentWithPhoto(database.db, temp.store, "ana", photo, { day: "2026-01-02" });
    const album = await createAlbum("ana", { name: "Garden" }, opts());
    const second = await momentWithPhoto(database.db, temp.store, "ana", photo, { albumId: album.id });
    expect((await getMoment("ana", first.id, opts())).day).toBe("2026-01-02");

    const all = await getMyMoments("ana", {}, opts());
    expect(all.map((moment) => moment.id)).toEqual([second.id, first.id]);
    expect((await getMyMoments("ana", { albumId: album.id }, opts())).map((moment) => moment.id)).toEqual([second.id]);
    expect((await getMyMoments("ana", { limit: 1 }, opts())).map((moment) => moment.id)).toEqual([second.id]);
    const older = await getMyMoments("ana", { before: all[0]!.createdAt + 1, limit: 5 }, opts());
    expect(older.length).toBeGreaterThanOrEqual(1);
    expect(await getMyAlbums("ana", opts())).toEqual([expect.objectContaining({ name: "Garden", momentCount: 1 })]);
  });

  it("attaches only the member's own habit and album, naming the field", async () => {
    const [mine] = await database.db
      .insert(habits)
      .values({ ownerId: "ana", title: "Walk", kind: "check", startedOn: "2026-01-01" })
      .returning();
    const [theirs] = await database.db
      .insert(habits)
      .values({ ownerId: "ben", title: "Run", kind: "check", startedOn: "2026-01-01" })
      .returning();
    const ok = await momentWithPhoto(database.db, temp.store, "ana", photo, { habitId: mine!.id });
    expect(ok.habitId).toBe(mine!.id);
    expect((await getMyMoments("ana", { habitId: mine!.id }, opts())).map((moment) => moment.id)).toEqual([ok.id]);

    const uploadId = await uploadPhoto(database.db, temp.store, "ana", photo);
    expect(await failure(createMoment("ana", { uploadId, habitId: theirs!.id }, writes()))).toMatchObject({
      status: 422,
      field: "habitId",
    });
    const bensAlbum = await createAlbum("ben", { name: "Ben's" }, opts());
    expect(await failure(createMoment("ana", { uploadId, albumId: bensAlbum.id }, writes()))).toMatchObject({
      status: 404,
      field: "albumId",
    });
    // An id that is no goal (goals of the Vision Board: lib/vision-board/goal-moments.db.test.ts).
    expect(await failure(createMoment("ana", { uploadId, goalId: "g1" }, writes()))).toMatchObject({
      status: 404,
      field: "goalId",
    });
    expect(await failure(createMoment("ana", { uploadId, note: "x".repeat(1001) }, writes()))).toMatchObject({
      status: 400,
      field: "note",
    });
    expect(await failure(createMoment("ana", { uploadId, day: "2026-02-30" }, writes()))).toMatchObject({
      status: 400,
      field: "day",
    });
    expect(await failure(createMoment("ana", {}, writes()))).toMatchObject({ status: 400, field: "uploadId" });
    // None of those refusals wrote a moment or took the upload.
    expect((await database.db.select().from(images).where(eq(images.id, uploadId)))[0]!.holderId).toBeNull();
  });

  it("updates what the input names, swaps the photo (the old one deleted) and deletes everything with the moment", async () => {
    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo, { note: "Before" });
    const [before] = await database.db
      .select({ imageId: moments.imageId })
      .from(moments)
      .where(eq(moments.id, moment.id));
    const updated = await updateMoment("ana", moment.id, { alt: "A new description" }, writes());
    expect(updated).toMatchObject({ note: "Before", alt: "A new description" });

    const uploadId = await uploadPhoto(database.db, temp.store, "ana", photo);
    await updateMoment("ana", moment.id, { uploadId }, writes());
    await processPendingImages(opts());
    const swapped = await getMoment("ana", moment.id, opts());
    expect(swapped.image.url).toBe(`/api/images/${uploadId}/display`);
    expect(await database.db.select().from(images).where(eq(images.id, before!.imageId))).toEqual([]);

    await deleteMoment("ana", moment.id, opts());
    expect(await failure(getMoment("ana", moment.id, opts()))).toMatchObject({ status: 404 });
    expect(await database.db.select().from(images).where(eq(images.id, uploadId))).toEqual([]);
    expect((await serve("ana", swapped.image.url!)).status).toBe(404);
  });
});

describe("sharing a moment", () => {
  it("reaches the circle while shared, view only, and stops at the next request once revoked", async () => {
    const circleId = await makeCircle(
      database.db,
      "ana",
      { ben: { role: "member", name: "Ben" } },
      { ownerName: "Ana" },
    );
    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo);
    const ready = await getMoment("ana", moment.id, opts());
    expect(await failure(getMoment("ben", moment.id, opts()))).toMatchObject({ status: 404 });
    expect((await serve("ben", ready.image.url!)).status).toBe(404);

    expect(
      await failure(
        shareItem(
          "ana",
          { itemType: "moment", itemId: moment.id, circleId, permission: "edit" },
          { db: database.db, kinds: itemKinds },
        ),
      ),
    ).toMatchObject({ status: 400, field: "permission" });
    const share = await shareItem(
      "ana",
      { itemType: "moment", itemId: moment.id, circleId, permission: "view" },
      { db: database.db, kinds: itemKinds },
    );

    const seen = await getMoment("ben", moment.id, opts());
    expect(seen).toMatchObject({ mine: false, ownerName: "Ana", reactions: [], shares: [], albumId: null });
    expect((await getMyMoments("ben", {}, opts())).map((item) => item.id)).toEqual([moment.id]);
    expect((await serve("ben", ready.image.thumbnailUrl!)).status).toBe(200);
    expect((await getMoment("ana", moment.id, opts())).shares).toEqual([
      expect.objectContaining({ shareId: share.id, circleId, name: "ana's circle" }),
    ]);
    expect(await failure(updateMoment("ben", moment.id, { note: "mine now" }, writes()))).toMatchObject({
      status: 404,
    });
    expect(await failure(deleteMoment("ben", moment.id, opts()))).toMatchObject({ status: 404 });

    await revokeShare("ana", share.id, { db: database.db });
    expect(await failure(getMoment("ben", moment.id, opts()))).toMatchObject({ status: 404 });
    expect(await getMyMoments("ben", {}, opts())).toEqual([]);
    expect((await serve("ben", ready.image.url!)).status).toBe(404);
  });

  it("shows reactions to the owner alone, with who sent them, never as a count", async () => {
    const circleId = await makeCircle(database.db, "ana", {
      ben: { role: "member", name: "Ben" },
      cai: { role: "member", name: "Cai" },
    });
    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo);
    await shareItem(
      "ana",
      { itemType: "moment", itemId: moment.id, circleId, permission: "view" },
      { db: database.db, kinds: itemKinds },
    );
    await reactToMoment("ben", moment.id, { reaction: "hug", note: "So proud" }, opts());
    await reactToMoment("cai", moment.id, { reaction: "star" }, opts());
    await reactToMoment("cai", moment.id, { reaction: "clap" }, opts());

    const owners = await getMoment("ana", moment.id, opts());
    expect(owners.reactions.map(({ reaction, note, fromName }) => ({ reaction, note, fromName }))).toEqual([
      { reaction: "hug", note: "So proud", fromName: "Ben" },
      { reaction: "clap", note: null, fromName: "Cai" },
    ]);
    for (const viewer of ["ben", "cai"]) {
      const theirs = await getMoment(viewer, moment.id, opts());
      expect(theirs.reactions).toEqual([]);
      expect(JSON.stringify(theirs)).not.toMatch(/So proud|hug|clap|count/i);
    }
    expect(await failure(reactToMoment("ana", moment.id, { reaction: "heart" }, opts()))).toMatchObject({
      status: 400,
    });
    expect(await failure(reactToMoment("ben", moment.id, { reaction: "thumbs" }, opts()))).toMatchObject({
      field: "reaction",
    });
    expect(await failure(reactToMoment("stranger", moment.id, { reaction: "heart" }, opts()))).toMatchObject({
      status: 404,
    });
  });
});

describe("a child's moments", () => {
  it("stay private until a carer lets the child share, then reach only the child's own circle", async () => {
    const circleId = await makeCircle(database.db, "mum", { kid: { role: "child", name: "Kid" }, gran: "member" });
    const otherCircle = await makeCircle(database.db, "uncle", { kid: "member" });
    const moment = await momentWithPhoto(database.db, temp.store, "kid", photo);
    const share = { itemType: "moment", itemId: moment.id, circleId, permission: "view" };

    expect(await failure(shareItem("kid", share, { db: database.db, kinds: itemKinds }))).toMatchObject({
      status: 403,
    });
    expect(await failure(setChildCamSharing("gran", { childId: "kid", mayShare: true }, opts()))).toMatchObject({
      status: 404,
    });
    expect(await failure(setChildCamSharing("uncle", { childId: "kid", mayShare: true }, opts()))).toMatchObject({
      status: 404,
    });
    await setChildCamSharing("mum", { childId: "kid", mayShare: true }, opts());

    // Outside the circle their account was made in: refused, the circle and the person alike.
    expect(
      await failure(shareItem("kid", { ...share, circleId: otherCircle }, { db: database.db, kinds: itemKinds })),
    ).toMatchObject({ status: 400, field: "circleId" });
    expect(
      await failure(
        shareItem("kid", { ...share, circleId: undefined, memberId: "uncle" }, { db: database.db, kinds: itemKinds }),
      ),
    ).toMatchObject({ status: 400, field: "memberId" });

    await shareItem("kid", share, { db: database.db, kinds: itemKinds });
    expect((await getMoment("gran", moment.id, opts())).id).toBe(moment.id);
    expect(await failure(getMoment("uncle", moment.id, opts()))).toMatchObject({ status: 404 });

    // The carer turns sharing off: the earlier share stops reaching anyone at once.
    await setChildCamSharing("mum", { childId: "kid", mayShare: false }, opts());
    expect(await failure(getMoment("gran", moment.id, opts()))).toMatchObject({ status: 404 });
    expect(await getMyMoments("gran", {}, opts())).toEqual([]);
    const ready = await getMoment("kid", moment.id, opts());
    expect((await serve("gran", ready.image.url!)).status).toBe(404);
  });

  it("a share given to the uncle's circle before the rule (written directly) never reaches outside the child's circle", async () => {
    await makeCircle(database.db, "mum", { kid: { role: "child" } });
    const otherCircle = await makeCircle(database.db, "uncle", { kid: "member", cousin: "member" });
    await setChildCamSharing("mum", { childId: "kid", mayShare: true }, opts());
    const moment = await momentWithPhoto(database.db, temp.store, "kid", photo);
    await database.db
      .insert(shares)
      .values({ itemType: "moment", itemId: moment.id, ownerId: "kid", circleId: otherCircle, permission: "view" });
    expect(await failure(getMoment("cousin", moment.id, opts()))).toMatchObject({ status: 404 });
    expect(await getMyMoments("cousin", {}, opts())).toEqual([]);
    const ready = await getMoment("kid", moment.id, opts());
    expect((await serve("cousin", ready.image.url!)).status).toBe(404);
  });
});

describe("quota and erasure", () => {
  it("counts stored derivatives, and forgetting removes moments, reactions written, images and objects", async () => {
    const circleId = await makeCircle(database.db, "ana", { ben: "member" });
    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo);
    const bens = await momentWithPhoto(database.db, temp.store, "ben", photo);
    await shareItem(
      "ben",
      { itemType: "moment", itemId: bens.id, circleId, permission: "view" },
      { db: database.db, kinds: itemKinds },
    );
    await reactToMoment("ana", bens.id, { reaction: "heart" }, opts());
    const quota = await uploadQuota("ana", { db: database.db });
    expect(quota.usedBytes).toBeGreaterThan(0);
    expect(quota.usedBytes).toBeLessThan(photo.length * 2);

    await database.db.transaction((tx) => forgetCam(tx, "ana", { store: temp.store }));
    expect(await database.db.select().from(moments).where(eq(moments.ownerId, "ana"))).toEqual([]);
    expect(await database.db.select().from(images).where(eq(images.ownerId, "ana"))).toEqual([]);
    expect(await database.db.select().from(momentReactions).where(eq(momentReactions.authorId, "ana"))).toEqual([]);
    expect(await temp.store.deletePrefix("members/ana/")).toBe(0);
    expect((await getMoment("ben", bens.id, opts())).image.status).toBe("ready");
    expect(moment.id).toBeTruthy();
  });
});

describe("the data download", () => {
  it("leaves Cam out unless asked; asked, a ZIP holds the JSON index and each photo", async () => {
    const cam = memberFeatures.find((feature) => feature.name === "cam")!;
    expect("download" in cam).toBe(false);
    expect(askableDownloads).toEqual(["cam"]);

    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo, { note: "Day one", alt: "Shoes" });
    const index = await exportCam("ana", { db: database.db });
    expect(index.moments).toEqual([
      expect.objectContaining({
        id: moment.id,
        note: "Day one",
        alt: "Shoes",
        photo: { file: `cam/${moment.id}.webp`, width: 600, height: 800 },
      }),
    ]);
    const stream = zipDownload(JSON.stringify({ cam: index }), [camPhotoFiles("ana", opts())]);
    const zipped = new Uint8Array(await new Response(stream).arrayBuffer());
    const entries = unzipSync(zipped);
    expect(Object.keys(entries).sort()).toEqual([`cam/${moment.id}.webp`, "happr-data.json"]);
    expect(JSON.parse(new TextDecoder().decode(entries["happr-data.json"]!)).cam.moments[0].id).toBe(moment.id);
    expect(Buffer.from(entries[`cam/${moment.id}.webp`]!).toString("latin1", 8, 12)).toBe("WEBP");
  });
});

/**
 * The processing job decodes and re-encodes a photo (half a second for 12 megapixels) outside any
 * transaction (lib/jobs SlowJobHandler): on the embedded database a transaction has the one session to
 * itself, so every page of the server would wait for the photo.
 */
/** The temporary store, its derivatives' writes held until the test lets them through. */
function heldStore() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = () => {};
  const writing = new Promise<void>((resolve) => (reached = resolve));
  const store: ObjectStore = Object.assign(Object.create(temp.store) as ObjectStore, {
    put: async (key: string, bytes: Uint8Array, options: { contentType: string }) => {
      if (key.endsWith(".webp")) {
        reached();
        await released;
      }
      return temp.store.put(key, bytes, options);
    },
  });
  return { store, writing, release };
}

const withinTwoSeconds = <T>(query: Promise<T>) =>
  Promise.race([query, new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 2000))]);

async function momentBeingProcessed(store: ObjectStore) {
  const uploadId = await uploadPhoto(database.db, temp.store, "ada", photo);
  const moment = await createMoment(
    "ada",
    { uploadId },
    { db: database.db, store, kinds: itemKinds, links: camLinks, processNow: false },
  );
  return { moment, imageId: uploadId };
}

describe("processing a photo", () => {
  it("holds neither the database nor the image's row while it decodes and stores, then shows the photo", async () => {
    const held = heldStore();
    const { imageId } = await momentBeingProcessed(held.store);
    const processing = processPendingImages({ db: database.db, store: held.store });
    await held.writing;
    // Another request meanwhile: it reads and even locks the image's row at once.
    const meanwhile = await withinTwoSeconds(
      database.db.transaction((tx) =>
        tx.select({ status: images.status }).from(images).where(eq(images.id, imageId)).for("update", { noWait: true }),
      ),
    );
    expect(meanwhile).toEqual([{ status: "processing" }]);
    held.release();
    await processing;
    const [moment] = await getMyMoments("ada", {}, { db: database.db, store: temp.store });
    expect(moment!.image.status).toBe("ready");
    const [row] = await database.db.select().from(images).where(eq(images.id, imageId));
    expect(row).toMatchObject({ status: "ready", pieces: [] });
    expect(row!.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it("a moment deleted while its photo was processed leaves no stored image behind", async () => {
    const held = heldStore();
    const { moment, imageId } = await momentBeingProcessed(held.store);
    const [row] = await database.db.select().from(images).where(eq(images.id, imageId));
    const processing = processPendingImages({ db: database.db, store: held.store });
    await held.writing;
    await deleteMoment("ada", moment.id, { db: database.db, store: temp.store });
    held.release();
    await processing;
    expect(await database.db.select().from(images).where(eq(images.id, imageId))).toEqual([]);
    for (const variant of ["display", "thumbnail"])
      expect(await temp.store.getBytes(`${row!.objectPrefix}${variant}.webp`)).toBeNull();
  });
});
