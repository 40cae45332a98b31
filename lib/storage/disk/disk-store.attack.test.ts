import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StorageError } from "../port";
import { DiskObjectStore } from "./disk-store";

/**
 * Keys come from the app, but a bug upstream (a key built from a member's file name, an id from a
 * request) must still never reach outside the store's folder: the keys below are refused before any
 * file is touched, and a symbolic link planted inside the folder is not followed.
 */
describe("disk object store: keys that try to leave the folder", () => {
  let parent: string;
  let root: string;
  let store: DiskObjectStore;
  const secret = "the operator's own file";

  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), "happr-attack-"));
    root = path.join(parent, "objects");
    await mkdir(root);
    await writeFile(path.join(parent, "secret~"), secret);
    await writeFile(path.join(parent, "secret"), secret);
    store = new DiskObjectStore({ directory: root });
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const escapes = [
    "../secret",
    "../../secret",
    "a/../../secret",
    "..",
    "./../secret",
    `${"a/".repeat(3)}${"../".repeat(4)}secret`,
    "/etc/passwd",
    "/tmp/secret",
    "..\\secret",
    "a\\..\\..\\secret",
    "secret\0.webp",
    "\0",
    "a/\0/b",
    "%2e%2e/secret",
    "..%2fsecret",
    "\u2025/secret",
    "\uff0e\uff0e/secret",
    "a/\n/b",
    "~",
    "a~/b",
  ];

  it("refuses every escaping key in put, get, delete and deletePrefix, and touches nothing outside", async () => {
    for (const key of escapes) {
      const name = JSON.stringify(key);
      await expect(
        store.put(key, new TextEncoder().encode("overwritten"), { contentType: "image/webp" }),
        name,
      ).rejects.toThrow(StorageError);
      await expect(store.get(key), name).rejects.toThrow(StorageError);
      await expect(store.getBytes(key), name).rejects.toThrow(StorageError);
      await expect(store.delete(key), name).rejects.toThrow(StorageError);
      await expect(store.deletePrefix(`${key}/`), name).rejects.toThrow(StorageError);
    }
    expect(await readFile(path.join(parent, "secret"), "utf8")).toBe(secret);
    expect(await readFile(path.join(parent, "secret~"), "utf8")).toBe(secret);
    expect((await readdir(parent)).sort()).toEqual(["objects", "secret", "secret~"]);
    expect(await readdir(root)).toEqual([]);
  });

  it("does not follow a symbolic link planted where an object would be", async () => {
    await mkdir(path.join(root, "members"));
    await symlink(path.join(parent, "secret~"), path.join(root, "members", "planted~"));
    await expect(store.getBytes("members/planted")).rejects.toThrow();
    expect(await readFile(path.join(parent, "secret~"), "utf8")).toBe(secret);
  });

  it("writes files only the app's user can read, and leaves no temporary file behind", async () => {
    await store.put("members/m1/cam/p1/display.webp", new Uint8Array([1, 2, 3]), { contentType: "image/webp" });
    const folder = path.join(root, "members", "m1", "cam", "p1");
    expect(await readdir(folder)).toEqual(["display.webp~"]);
    expect((await stat(path.join(folder, "display.webp~"))).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });
});
