import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readdir, rename, rm, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { checkKey, checkPrefix } from "../keys";
import { checkContentType, signedUrlSettings, type ObjectStore, type StoredObject } from "../port";

/**
 * Objects as files under one folder (DATA_DIR/objects): the embedded default, for one instance or
 * instances sharing a volume. Each object is one file, a short header (its content type) then the bytes,
 * written to a temporary file in the same folder and renamed over the old one, so a reader sees the old
 * object or the new one, whole, and a crash leaves no half-written object.
 *
 * Key `a/b/c` is the file `a/b/c~`: "~" cannot appear in a key, so an object `a/b` (`a/b~`) and the
 * folder of `a/b/c` never collide (S3 allows both), and temporary files (`.tmp-...`) never look like one.
 */
const MAGIC = "HAPPR-OBJECT 1\n";
const HEADER_LIMIT = 512;
const OBJECT_SUFFIX = "~";

export class DiskObjectStore implements ObjectStore {
  readonly kind = "disk" as const;
  private readonly root: string;

  constructor(options: { directory: string }) {
    this.root = path.resolve(options.directory);
  }

  /** The file of a checked key, and a second check that it is inside the store's folder. */
  private fileOf(key: string): string {
    const file = path.join(this.root, ...checkKey(key).split("/")) + OBJECT_SUFFIX;
    if (!file.startsWith(this.root + path.sep)) throw new Error("unreachable: a checked key left the store's folder");
    return file;
  }

  private folderOf(prefix: string): string {
    const folder = path.join(this.root, ...checkPrefix(prefix).slice(0, -1).split("/"));
    if (!folder.startsWith(this.root + path.sep))
      throw new Error("unreachable: a checked prefix left the store's folder");
    return folder;
  }

  async put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void> {
    const file = this.fileOf(key);
    const header = Buffer.from(`${MAGIC}${JSON.stringify({ contentType: checkContentType(options.contentType) })}\n`);
    const folder = path.dirname(file);
    // A concurrent deletePrefix may remove the folder between mkdir and the write: one retry.
    for (let attempt = 0; ; attempt++) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const temporary = path.join(folder, `.tmp-${randomBytes(8).toString("hex")}`);
      let handle: FileHandle | undefined;
      try {
        handle = await open(temporary, "wx", 0o600);
        await handle.writev([header, bytes]);
        await handle.sync();
        await handle.close();
        handle = undefined;
        await rename(temporary, file);
        return;
      } catch (error) {
        await handle?.close().catch(() => {});
        await unlink(temporary).catch(() => {});
        if (attempt === 0 && (error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: a symbolic link planted in the folder is never followed out of it.
      handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const start = Buffer.alloc(Math.min(HEADER_LIMIT, size));
      await handle.read(start, 0, start.length, 0);
      const end = start.indexOf("\n", MAGIC.length);
      if (!start.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)) || end < 0) {
        throw new Error(`The stored object ${key} has no header: the file was not written by this store`);
      }
      const { contentType } = JSON.parse(start.subarray(MAGIC.length, end).toString("utf8")) as { contentType: string };
      const offset = end + 1;
      // The stream closes the file when it ends or is cancelled.
      const stream = handle.createReadStream({ start: offset, autoClose: true });
      return {
        contentType: checkContentType(contentType),
        size: size - offset,
        body: Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async getBytes(key: string): Promise<Uint8Array | null> {
    const object = await this.get(key);
    if (!object) return null;
    return new Uint8Array(await new Response(object.body).arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = this.folderOf(prefix);
    const count = await countObjects(folder);
    await rm(folder, { recursive: true, force: true });
    return count;
  }

  async signedUrl(key: string, options?: Parameters<ObjectStore["signedUrl"]>[1]): Promise<null> {
    checkKey(key);
    signedUrlSettings(options);
    return null;
  }
}

async function countObjects(folder: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)).length;
}
