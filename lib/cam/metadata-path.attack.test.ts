import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { moments } from "../db/schema/cam";
import { images } from "../db/schema/uploads";
import { jobs } from "../db/schema/jobs";
import { CAPTURED, MARKERS, phoneJpeg, phonePng, phoneWebp } from "../images/__fixtures__/photos";
import { expectNoMetadata, filesUnder, leaksIn } from "../images/__fixtures__/leaks";
import type { ObjectStore } from "../storage";
import { startLoopbackS3, type LoopbackS3 } from "../storage/s3/loopback-s3-server";
import { S3ObjectStore } from "../storage/s3/s3-store";
import { imageResponse } from "../uploads";
import { getMoment } from "./store";
import { momentImageHolder } from "./kind";
import { momentWithPhoto, temporaryStore } from "./testing";

/**
 * The no-metadata rule through the real path: each fixture (JPEG, PNG, WebP, the iPhone HEIC, all with
 * EXIF make, model, GPS, XMP and IPTC) uploaded, named by a moment, processed by the job and served,
 * on disk and on S3 over loopback. Every file either store holds afterwards, every served body and
 * every response header: no GPS, make, model, XMP, IPTC or original file name.
 */
const heic = readFileSync(path.join(import.meta.dirname, "../images/__fixtures__/phone.heic"));
const database = useTestDatabase([moments, images, jobs]);
let disk: Awaited<ReturnType<typeof temporaryStore>>;
let s3: LoopbackS3;
let s3Store: S3ObjectStore;
beforeAll(async () => {
  disk = await temporaryStore();
  s3 = await startLoopbackS3();
  s3Store = new S3ObjectStore({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    credentials: s3.credentials,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  s3Store?.destroy();
  await s3?.stop();
  await disk?.remove();
});

const headerText = (response: Response) => [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");

describe("a photo uploaded as a member does", () => {
  for (const storeName of ["disk", "s3"] as const) {
    it(`leaves no metadata in any object stored or answer served (${storeName})`, async () => {
      const store: ObjectStore = storeName === "disk" ? disk.store : s3Store;
      const folder = storeName === "disk" ? disk.directory : s3.directory;
      const fixtures = { jpeg: await phoneJpeg(), png: await phonePng(), webp: await phoneWebp(), heic };
      for (const [type, bytes] of Object.entries(fixtures)) {
        expect(leaksIn(bytes), `${type} fixture`).toEqual(expect.arrayContaining([MARKERS.make]));
        const moment = await momentWithPhoto(database.db, store, "ana", bytes);
        const ready = await getMoment("ana", moment.id, { db: database.db });
        expect(ready.image.status, type).toBe("ready");
        expect(ready.day, type).toBe(CAPTURED.day);
        for (const url of [ready.image.url!, ready.image.thumbnailUrl!]) {
          const [, , , imageId, variant] = url.split("/");
          const response = await imageResponse(
            "ana",
            imageId!,
            variant!,
            { moment: momentImageHolder },
            { db: database.db, store },
          );
          expect(leaksIn(Buffer.from(headerText(response))), `${type} ${variant} headers`).toEqual([]);
          expect(headerText(response)).toContain('filename="photo.webp"');
          const served =
            response.status === 302
              ? new Uint8Array(await (await fetch(response.headers.get("location")!)).arrayBuffer())
              : new Uint8Array(await response.arrayBuffer());
          await expectNoMetadata(served, `${type} ${variant} served from ${storeName}`);
        }
        expect(JSON.stringify(ready)).not.toMatch(/IMG_4021|Apple|iPhone|GPS/);
      }
      // Every file the store holds now (the originals' pieces are gone): none carries a marker.
      const files = await filesUnder(folder);
      expect(files.length).toBeGreaterThanOrEqual(8);
      for (const file of files) {
        expect(leaksIn(await readFile(file)), file).toEqual([]);
        expect(file).not.toMatch(/IMG|4021|\.heic|\.jpe?g|\.png/i);
      }
    });
  }
});
