import { readFile, rm, mkdtemp } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskObjectStore } from "@/lib/storage/disk/disk-store";
import { newObjectId } from "@/lib/storage/keys";
import type { ObjectStore } from "@/lib/storage/port";
import { startLoopbackS3, type LoopbackS3 } from "@/lib/storage/s3/loopback-s3-server";
import { S3ObjectStore } from "@/lib/storage/s3/s3-store";
import { MARKERS, phoneJpeg, phonePng, phoneWebp } from "./__fixtures__/photos";
import { expectNoMetadata, filesUnder, leaksIn } from "./__fixtures__/leaks";
import { processImage } from "./process";

/**
 * Nothing a phone writes into a photo reaches what Happr stores: for JPEG, PNG, WebP and HEIC fixtures
 * carrying EXIF (make, model, lens, GPS, dates), XMP (creator, location, the original file name) and
 * IPTC (city, by-line, object name), every derivative is processed, stored in both object stores (files
 * under a folder, and S3 on loopback) and read back, and every stored byte is searched, the WebP
 * structure walked and the metadata read with sharp.
 */
const heicFixture = readFileSync(path.join(import.meta.dirname, "__fixtures__/phone.heic"));

describe("no metadata of the original photo reaches a stored object", () => {
  let diskFolder: string;
  let s3: LoopbackS3;
  let stores: ObjectStore[];
  let inputs: Record<"jpeg" | "png" | "webp" | "heic", Buffer>;

  beforeAll(async () => {
    diskFolder = await mkdtemp(path.join(tmpdir(), "happr-strip-"));
    s3 = await startLoopbackS3();
    stores = [
      new DiskObjectStore({ directory: diskFolder }),
      new S3ObjectStore({
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
      }),
    ];
    inputs = { jpeg: await phoneJpeg(), png: await phonePng(), webp: await phoneWebp(), heic: heicFixture };
  });
  afterAll(async () => {
    (stores?.[1] as S3ObjectStore | undefined)?.destroy();
    await s3?.stop();
    await rm(diskFolder, { recursive: true, force: true });
  });

  it("the fixtures do carry GPS, make, model, XMP, IPTC and a file name (else this test proves nothing)", async () => {
    for (const [type, bytes] of Object.entries(inputs)) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, type).toBeDefined();
      const exif = Buffer.from(metadata.exif!);
      const tiff = exif.toString("latin1", 0, 6) === "Exif\0\0" ? exif.subarray(6) : exif;
      const tags = await exifr.parse(tiff, { gps: true, exif: true });
      expect(tags, type).toMatchObject({ Make: MARKERS.make, Model: MARKERS.model, LensModel: MARKERS.lens });
      expect(tags.latitude, type).toBeCloseTo(51.5073, 3);
      expect(tags.longitude, type).toBeCloseTo(-0.1275, 3);
      expect(metadata.xmpAsString, type).toContain(MARKERS.xmpCreator);
      expect(metadata.xmpAsString, type).toContain(`${MARKERS.fileName}.HEIC`);
      expect(metadata.xmpAsString, type).toContain(MARKERS.iptcCity);
    }
    const iptc = await exifr.parse(inputs.jpeg, { iptc: true, tiff: false, xmp: false });
    expect(iptc).toMatchObject({ City: MARKERS.iptcCity, Byline: MARKERS.iptcByline, ObjectName: MARKERS.fileName });
    expect(inputs.png.includes("Raw profile type iptc")).toBe(true);
    expect(leaksIn(inputs.heic)).toEqual(expect.arrayContaining([MARKERS.make, MARKERS.model, MARKERS.xmpCreator]));
  });

  it("every derivative of every fixture, stored in both stores and read back, holds none of it", async () => {
    const storedKeys: string[] = [];
    for (const [type, bytes] of Object.entries(inputs)) {
      const processed = await processImage(bytes);
      expect(processed.capturedOn, type).toBe("2024-05-01");
      const folder = `members/${newObjectId()}/cam/${newObjectId()}`;
      for (const derivative of Object.values(processed.derivatives)) {
        await expectNoMetadata(derivative.bytes, `${type} ${derivative.kind}`);
        const key = `${folder}/${derivative.kind}.webp`;
        storedKeys.push(key);
        for (const store of stores) {
          await store.put(key, derivative.bytes, { contentType: derivative.contentType });
          const back = await store.getBytes(key);
          expect(
            back && Buffer.from(back).equals(Buffer.from(derivative.bytes)),
            `${type} ${key} on ${store.kind}`,
          ).toBe(true);
          await expectNoMetadata(back!, `${type} ${derivative.kind} read back from ${store.kind}`);
        }
      }
    }
    for (const key of storedKeys) expect(key).not.toMatch(/IMG|4021|heic|jpe?g|png/i);

    // Every file either store wrote, its own bookkeeping included (s3rver keeps headers beside each object).
    const written = [...(await filesUnder(diskFolder)), ...(await filesUnder(s3.directory))];
    expect(written.length).toBeGreaterThanOrEqual(storedKeys.length * 2);
    for (const file of written) expect(leaksIn(await readFile(file)), file).toEqual([]);

    // What a browser gets from S3: the headers of a signed URL's answer name nothing of the photo.
    const url = await stores[1]!.signedUrl(storedKeys[0]!, { fileName: "photo.webp" });
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    const headers = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
    expect(leaksIn(Buffer.from(headers)), headers).toEqual([]);
    expect(answer.headers.get("content-disposition")).toBe('inline; filename="photo.webp"');
    await answer.arrayBuffer();
  });
});
