import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { images } from "../db/schema/uploads";
import { failure, makeCircle } from "../circles/testing";
import { shareItem } from "../circles/sharing";
import { camLinks, itemKinds } from "../features";
import { jpegBomb, phoneJpeg, pngBomb } from "../images/__fixtures__/photos";
import {
  MAX_PIECE_BYTES,
  MAX_UPLOAD_BYTES,
  QUOTA_BYTES,
  createImageUpload,
  imageResponse,
  processPendingImages,
  receiveUploadBody,
  uploadProgress,
} from "../uploads";
import { createMoment, deleteMoment, getMoment, getMyMoments, reactToMoment, updateMoment } from "./store";
import { momentImageHolder } from "./kind";
import { CAM_TABLES, bodyOf, momentWithPhoto, temporaryStore, uploadPhoto } from "./testing";

/**
 * What an attacker tries against Happr Cam and its uploads: someone else's moment ids and image URLs
 * (a stranger, a circle member it was not shared with), someone else's upload id, reactions read by
 * anyone but the owner, a decompression bomb, more bytes than declared, bytes that are not a photo.
 */
const database = useTestDatabase([...CAM_TABLES]);
let temp: Awaited<ReturnType<typeof temporaryStore>>;
let photo: Buffer;
beforeAll(async () => {
  temp = await temporaryStore();
  photo = await phoneJpeg();
});
afterAll(() => temp.remove());
const opts = () => ({ db: database.db, store: temp.store });
const writes = () => ({ ...opts(), kinds: itemKinds, links: camLinks, processNow: false });
const serve = (viewer: string, url: string) => {
  const [, , , imageId, variant] = url.split("/");
  return imageResponse(viewer, imageId!, variant!, { moment: momentImageHolder }, opts());
};

describe("someone else's moments", () => {
  it("answer 404 to a stranger and to a circle member it was not shared with, for every operation and image URL", async () => {
    await makeCircle(database.db, "ana", { ben: "member" });
    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo, { note: "private" });
    const ready = await getMoment("ana", moment.id, opts());
    for (const attacker of ["eve", "ben"]) {
      expect(await failure(getMoment(attacker, moment.id, opts()))).toMatchObject({
        status: 404,
        message: "Moment not found",
      });
      expect(await failure(updateMoment(attacker, moment.id, { note: "x" }, writes()))).toMatchObject({ status: 404 });
      expect(await failure(deleteMoment(attacker, moment.id, opts()))).toMatchObject({ status: 404 });
      expect(await failure(reactToMoment(attacker, moment.id, { reaction: "heart" }, opts()))).toMatchObject({
        status: 404,
      });
      expect(await getMyMoments(attacker, {}, opts())).toEqual([]);
      for (const url of [ready.image.url!, ready.image.thumbnailUrl!]) {
        const response = await serve(attacker, url);
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).not.toBe("image/webp");
      }
      expect(
        await failure(
          shareItem(
            attacker,
            { itemType: "moment", itemId: moment.id, memberId: attacker, permission: "view" },
            { db: database.db, kinds: itemKinds },
          ),
        ),
      ).toMatchObject({ status: 404 });
    }
    // An id that is not one, a variant that is not served, the original's name: 404 alike.
    const imageId = ready.image.url!.split("/")[3]!;
    for (const [id, variant] of [
      ["not-a-uuid", "display"],
      [imageId, "original"],
      [imageId, "placeholder"],
      [imageId, "../display"],
    ])
      expect((await imageResponse("ana", id!, variant!, { moment: momentImageHolder }, opts())).status).toBe(404);
    // A holder kind nobody registered serves nothing, even to the owner.
    expect((await imageResponse("ana", imageId, "display", {}, opts())).status).toBe(404);
    expect((await getMoment("ana", moment.id, opts())).note).toBe("private");
  });

  it("never shows reactions, nor how many, to anyone but the owner", async () => {
    const circleId = await makeCircle(database.db, "ana", { ben: "member", cai: "member" });
    const moment = await momentWithPhoto(database.db, temp.store, "ana", photo);
    await shareItem(
      "ana",
      { itemType: "moment", itemId: moment.id, circleId, permission: "view" },
      { db: database.db, kinds: itemKinds },
    );
    await reactToMoment("ben", moment.id, { reaction: "heart", note: "BENSECRETNOTE" }, opts());
    const cais = [await getMoment("cai", moment.id, opts()), ...(await getMyMoments("cai", {}, opts()))];
    const bens = [await getMoment("ben", moment.id, opts()), ...(await getMyMoments("ben", {}, opts()))];
    for (const view of [...cais, ...bens]) {
      expect(view.reactions).toEqual([]);
      expect(JSON.stringify(view)).not.toContain("BENSECRETNOTE");
      expect(Object.keys(view).join()).not.toMatch(/count|total/i);
    }
    expect((await getMoment("ana", moment.id, opts())).reactions).toHaveLength(1);
  });
});

describe("someone else's upload", () => {
  it("answers 404 to its bytes, its progress and a moment that names it; the owner's upload is untouched", async () => {
    const { uploadId } = await createImageUpload(
      "ana",
      { contentType: "image/jpeg", byteSize: photo.length },
      { db: database.db },
    );
    expect(
      await failure(receiveUploadBody("eve", uploadId, { contentRange: null, body: bodyOf(photo) }, opts())),
    ).toMatchObject({
      status: 404,
    });
    expect(await failure(uploadProgress("eve", uploadId, opts()))).toMatchObject({ status: 404 });
    expect(await failure(createMoment("eve", { uploadId }, writes()))).toMatchObject({
      status: 404,
      field: "uploadId",
    });
    expect(await failure(uploadProgress("ana", "../../etc/passwd", opts()))).toMatchObject({ status: 404 });
    expect(await uploadProgress("ana", uploadId, opts())).toMatchObject({ received: 0 });
    // One moment per upload: a second moment of the owner's cannot take it from the first.
    await receiveUploadBody("ana", uploadId, { contentRange: null, body: bodyOf(photo) }, opts());
    await createMoment("ana", { uploadId }, writes());
    expect(await failure(createMoment("ana", { uploadId }, writes()))).toMatchObject({
      status: 409,
      field: "uploadId",
    });
  });
});

describe("bytes that are not a photo we take", () => {
  it("refuses a type by the bytes, whatever the declared type says, and keeps nothing of them", async () => {
    expect(
      await failure(createImageUpload("ana", { contentType: "text/html", byteSize: 10 }, { db: database.db })),
    ).toMatchObject({
      status: 415,
      field: "contentType",
    });
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(8000, 0x20)]);
    const { uploadId } = await createImageUpload(
      "ana",
      { contentType: "image/jpeg", byteSize: pdf.length },
      { db: database.db },
    );
    expect(
      await failure(receiveUploadBody("ana", uploadId, { contentRange: null, body: bodyOf(pdf) }, opts())),
    ).toMatchObject({
      status: 415,
    });
    expect(await uploadProgress("ana", uploadId, opts())).toMatchObject({ received: 0 });
    const [row] = await database.db.select().from(images).where(eq(images.id, uploadId));
    expect(await temp.store.deletePrefix(row!.objectPrefix)).toBe(0);
  });

  it("refuses more bytes than declared, a chunk over the piece size, a photo over the limit and past the quota", async () => {
    const { uploadId } = await createImageUpload(
      "ana",
      { contentType: "image/jpeg", byteSize: 5000 },
      { db: database.db },
    );
    const tooMany = Buffer.concat([photo.subarray(0, 4000), Buffer.alloc(20_000)]);
    expect(
      await failure(receiveUploadBody("ana", uploadId, { contentRange: null, body: bodyOf(tooMany) }, opts())),
    ).toMatchObject({
      status: 413,
    });
    expect(await uploadProgress("ana", uploadId, opts())).toMatchObject({ received: 0 });

    const big = await createImageUpload(
      "ana",
      { contentType: "image/jpeg", byteSize: MAX_PIECE_BYTES * 2 },
      { db: database.db },
    );
    expect(
      await failure(
        receiveUploadBody(
          "ana",
          big.uploadId,
          { contentRange: `bytes 0-${MAX_PIECE_BYTES}/${MAX_PIECE_BYTES * 2}`, body: bodyOf(photo) },
          opts(),
        ),
      ),
    ).toMatchObject({ status: 413 });
    expect(
      await failure(
        createImageUpload("ana", { contentType: "image/jpeg", byteSize: MAX_UPLOAD_BYTES + 1 }, { db: database.db }),
      ),
    ).toMatchObject({ status: 413, field: "byteSize" });
    await database.db
      .update(images)
      .set({ status: "ready", storedBytes: QUOTA_BYTES - 1000 })
      .where(eq(images.id, uploadId));
    expect(
      await failure(createImageUpload("ana", { contentType: "image/jpeg", byteSize: 5000 }, { db: database.db })),
    ).toMatchObject({
      status: 413,
      field: "byteSize",
    });
  });

  it("takes chunks in order only, says how much arrived, and resumes from there", async () => {
    const { uploadId } = await createImageUpload(
      "ana",
      { contentType: "image/jpeg", byteSize: photo.length },
      { db: database.db },
    );
    const half = 4096;
    expect(photo.length).toBeGreaterThan(half);
    const range = (first: number, last: number) => `bytes ${first}-${last}/${photo.length}`;
    expect(
      await failure(
        receiveUploadBody(
          "ana",
          uploadId,
          { contentRange: range(half, photo.length - 1), body: bodyOf(photo.subarray(half)) },
          opts(),
        ),
      ),
    ).toMatchObject({ status: 409 });
    const first = await receiveUploadBody(
      "ana",
      uploadId,
      { contentRange: range(0, half - 1), body: bodyOf(photo.subarray(0, half)) },
      opts(),
    );
    expect(first).toMatchObject({ received: half, complete: false });
    // The same chunk again (a retry after a lost answer) is refused, not appended twice.
    expect(
      await failure(
        receiveUploadBody(
          "ana",
          uploadId,
          { contentRange: range(0, half - 1), body: bodyOf(photo.subarray(0, half)) },
          opts(),
        ),
      ),
    ).toMatchObject({ status: 409 });
    const { received } = await uploadProgress("ana", uploadId, opts());
    const rest = await receiveUploadBody(
      "ana",
      uploadId,
      { contentRange: range(received, photo.length - 1), body: bodyOf(photo.subarray(received)) },
      opts(),
    );
    expect(rest).toMatchObject({ received: photo.length, complete: true });
    const moment = await createMoment("ana", { uploadId }, writes());
    await processPendingImages(opts());
    expect((await getMoment("ana", moment.id, opts())).image.status).toBe("ready");
  });
});

describe("a decompression bomb", () => {
  it("is refused by the job without being decoded: the moment's photo fails with a message and no bytes are kept", async () => {
    for (const bomb of [pngBomb(100_000, 100_000, deflateSync), await jpegBomb(60_000, 60_000)]) {
      const uploadId = await uploadPhoto(database.db, temp.store, "ana", bomb, "image/png");
      const moment = await createMoment("ana", { uploadId }, writes());
      await processPendingImages(opts());
      const failed = await getMoment("ana", moment.id, opts());
      expect(failed.image).toMatchObject({ status: "failed", url: null });
      expect(failed.image.error).toMatch(/megapixels/);
      const [row] = await database.db.select().from(images).where(eq(images.id, uploadId));
      expect(row!.pieces).toEqual([]);
      expect(await temp.store.deletePrefix(row!.objectPrefix)).toBe(0);
      expect((await imageResponse("ana", uploadId, "display", { moment: momentImageHolder }, opts())).status).toBe(404);
    }
  });
});
