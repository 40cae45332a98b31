import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskObjectStore } from "./disk/disk-store";
import { newObjectId } from "./keys";
import { StorageError, type ObjectStore } from "./port";
import { presignedSignatureIsValid, startLoopbackS3, type LoopbackS3 } from "./s3/loopback-s3-server";
import { S3ObjectStore } from "./s3/s3-store";

/**
 * One contract for both object stores: files under a folder, and S3 (s3rver, a real S3-compatible
 * server on loopback, started here). Each run uses its own key space.
 */
type Adapter = {
  name: string;
  start(): Promise<{ store: ObjectStore; stop(): Promise<void> }>;
  /**
   * Whether replacing an object whole is this adapter's own doing (disk: a temporary file renamed
   * over the old one). S3 gives it itself (a GET answers the old object or the new one, whole), and
   * s3rver, its stand-in here, writes in place: racing it would test s3rver, not our adapter.
   */
  atomicReplaceIsOurs: boolean;
};

const adapters: Adapter[] = [
  {
    name: "disk",
    atomicReplaceIsOurs: true,
    async start() {
      const directory = await mkdtemp(path.join(tmpdir(), "happr-objects-"));
      return { store: new DiskObjectStore({ directory }), stop: () => rm(directory, { recursive: true, force: true }) };
    },
  },
  {
    name: "s3",
    atomicReplaceIsOurs: false,
    async start() {
      const server: LoopbackS3 = await startLoopbackS3();
      const store = new S3ObjectStore({
        bucket: server.bucket,
        region: server.region,
        endpoint: server.endpoint,
        credentials: server.credentials,
        forcePathStyle: true,
        // Small listing pages, so erasing a few dozen objects walks several of them.
        listPageSize: 10,
      });
      return {
        store,
        async stop() {
          store.destroy();
          await server.stop();
        },
      };
    },
  },
];

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data ? new TextDecoder().decode(data) : null);

describe.each(adapters)("object store contract: $name", (adapter) => {
  let store: ObjectStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, stop } = await adapter.start());
  });
  afterAll(async () => {
    await stop?.();
  });

  it("gives back what was stored, with its content type and size, as a stream and as bytes", async () => {
    const key = `members/${newObjectId()}/cam/${newObjectId()}/display.webp`;
    await store.put(key, bytes("the display size"), { contentType: "image/webp" });
    const object = await store.get(key);
    expect(object).toMatchObject({ contentType: "image/webp", size: 16 });
    expect(await new Response(object!.body).text()).toBe("the display size");
    expect(text(await store.getBytes(key))).toBe("the display size");
  });

  it("replaces an object whole, and answers null for one that is not there", async () => {
    const key = `replace/${newObjectId()}`;
    await store.put(key, bytes("first"), { contentType: "image/jpeg" });
    await store.put(key, bytes("second version"), { contentType: "image/webp" });
    expect(await store.get(key)).toMatchObject({ contentType: "image/webp", size: 14 });
    expect(text(await store.getBytes(key))).toBe("second version");
    expect(await store.get(`replace/${newObjectId()}`)).toBeNull();
    expect(await store.getBytes(`replace/${newObjectId()}`)).toBeNull();
  });

  it("keeps binary bytes exactly, a few megabytes included", async () => {
    const key = `binary/${newObjectId()}.bin`;
    const data = new Uint8Array(3 * 1024 * 1024 + 7);
    for (let index = 0; index < data.length; index++) data[index] = (index * 31 + (index >> 8)) & 0xff;
    await store.put(key, data, { contentType: "application/octet-stream" });
    const back = await store.getBytes(key);
    expect(back?.length).toBe(data.length);
    expect(Buffer.from(back!).equals(Buffer.from(data))).toBe(true);
  });

  it("deletes an object, and deleting one that is not there is not an error", async () => {
    const key = `delete/${newObjectId()}`;
    await store.put(key, bytes("gone soon"), { contentType: "image/png" });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it("holds an object and objects below the same name side by side", async () => {
    const base = `nested/${newObjectId()}`;
    await store.put(base, bytes("parent"), { contentType: "image/webp" });
    await store.put(`${base}/child`, bytes("child"), { contentType: "image/webp" });
    expect(text(await store.getBytes(base))).toBe("parent");
    expect(text(await store.getBytes(`${base}/child`))).toBe("child");
  });

  it("erases every object under a prefix and nothing beside it (a member whose id starts the same keeps theirs)", async () => {
    const run = newObjectId();
    const erased = [`${run}/members/1/cam/a/thumb.webp`, `${run}/members/1/cam/a/display.webp`, `${run}/members/1/x`];
    const kept = [`${run}/members/10/cam/a/thumb.webp`, `${run}/members/1`, `${run}/members/2/x`];
    for (const key of [...erased, ...kept]) await store.put(key, bytes(key), { contentType: "image/webp" });
    expect(await store.deletePrefix(`${run}/members/1/`)).toBe(3);
    for (const key of erased) expect(await store.get(key), key).toBeNull();
    for (const key of kept) expect(text(await store.getBytes(key)), key).toBe(key);
    expect(await store.deletePrefix(`${run}/members/1/`)).toBe(0);
    expect(await store.deletePrefix(`${run}/nobody/`)).toBe(0);
  });

  it("erases more objects than one listing page holds", async () => {
    const prefix = `many/${newObjectId()}/`;
    const keys = Array.from({ length: 35 }, (_, index) => `${prefix}${index}/thumb.webp`);
    await Promise.all(keys.map((key) => store.put(key, bytes("x"), { contentType: "image/webp" })));
    expect(await store.deletePrefix(prefix)).toBe(keys.length);
    for (const key of keys) expect(await store.get(key), key).toBeNull();
  });

  it.runIf(adapter.atomicReplaceIsOurs)("never shows a half-written object while writers race on one key", async () => {
    const key = `race/${newObjectId()}`;
    const versions = Array.from({ length: 8 }, (_, index) => new Uint8Array(256 * 1024).fill(65 + index));
    const reads: (Uint8Array | null)[] = [];
    await Promise.all([
      ...versions.map((data) => store.put(key, data, { contentType: "application/octet-stream" })),
      ...Array.from({ length: 8 }, async () => reads.push(await store.getBytes(key))),
    ]);
    reads.push(await store.getBytes(key));
    for (const read of reads) {
      if (read === null) continue;
      expect(read.length).toBe(256 * 1024);
      expect(read.every((value) => value === read[0])).toBe(true);
    }
    expect(reads.at(-1)).not.toBeNull();
  });

  it("refuses keys that could name something else, in every operation, before reaching the store", async () => {
    const bad = [
      "",
      "../escape",
      "a/../../escape",
      "/etc/passwd",
      "a//b",
      "a/./b",
      ".hidden",
      "a/.tmp-1234",
      "a/",
      "a\\b",
      "a\0b",
      "a b",
      "caf\u00e9",
      "x".repeat(513),
      "%2e%2e/escape",
    ];
    for (const key of bad) {
      await expect(store.put(key, bytes("x"), { contentType: "image/webp" }), JSON.stringify(key)).rejects.toThrow(
        StorageError,
      );
      await expect(store.get(key), JSON.stringify(key)).rejects.toThrow(StorageError);
      await expect(store.delete(key), JSON.stringify(key)).rejects.toThrow(StorageError);
      await expect(store.signedUrl(key), JSON.stringify(key)).rejects.toThrow(StorageError);
    }
    for (const prefix of ["", "/", "members", "../", "a//", "members/../"]) {
      await expect(store.deletePrefix(prefix), JSON.stringify(prefix)).rejects.toThrow(
        /is not (a prefix|an object key)/,
      );
    }
  });

  it("refuses a content type that is not one (a header could be split with it)", async () => {
    for (const contentType of ["", "webp", "image/webp\r\nSet-Cookie: a=b", "text/html; charset=utf-8"]) {
      await expect(store.put(`type/${newObjectId()}`, bytes("x"), { contentType }), contentType).rejects.toThrow(
        /is not a content type/,
      );
    }
  });

  it("gives a short-lived URL bound to one object where the store has URLs (S3), else none (disk)", async () => {
    const key = `signed/${newObjectId()}/display.webp`;
    await store.put(key, bytes("signed bytes"), { contentType: "image/webp" });
    await expect(store.signedUrl(key, { expiresInSeconds: 0 })).rejects.toThrow(/from 1 to 900/);
    await expect(store.signedUrl(key, { expiresInSeconds: 901 })).rejects.toThrow(/from 1 to 900/);
    await expect(store.signedUrl(key, { fileName: 'a"; x=y' })).rejects.toThrow(/file name/);
    const url = await store.signedUrl(key, { expiresInSeconds: 60, fileName: "photo.webp" });
    if (store.kind === "disk") {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-disposition")).toBe('inline; filename="photo.webp"');
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(await answer.text()).toBe("signed bytes");

    // Bound to that one object: its SigV4 signature (which S3 checks; s3rver does not) covers the key, so
    // the same signature for another key, or a changed signature, is refused.
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    expect(presignedSignatureIsValid(url!, credentials)).toBe(true);
    const other = `signed/${newObjectId()}/display.webp`;
    expect(presignedSignatureIsValid(url!.replace(key, other), credentials)).toBe(false);
    expect(presignedSignatureIsValid(url!.replace("photo.webp", "other.webp"), credentials)).toBe(false);
    expect(presignedSignatureIsValid(url!.replace("X-Amz-Expires=60", "X-Amz-Expires=900"), credentials)).toBe(false);
    // And it stops working when it expires.
    const brief = await store.signedUrl(key, { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(brief!)).status).toBe(403);
  });
});
