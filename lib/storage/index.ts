import "server-only";
import { getConfig } from "@/lib/config";
import { DiskObjectStore } from "./disk/disk-store";
import type { ObjectStore } from "./port";

export { checkKey, checkPrefix, newObjectId } from "./keys";
export { StorageError, type ObjectStore, type SignedUrlOptions, type StoredObject } from "./port";

/**
 * The process's object store, chosen once from the configuration: S3-compatible object storage when
 * S3_BUCKET is set, else files under DATA_DIR/objects. The S3 adapter (and the AWS SDK) is loaded only
 * when used.
 */
const holder = globalThis as unknown as { __happrObjectStore?: Promise<ObjectStore> };

export function getObjectStore(): Promise<ObjectStore> {
  holder.__happrObjectStore ??= (async () => {
    const { objectStorage } = getConfig();
    if (objectStorage.kind === "s3") {
      const { S3ObjectStore } = await import("./s3/s3-store");
      return new S3ObjectStore(objectStorage);
    }
    return new DiskObjectStore({ directory: objectStorage.directory });
  })();
  return holder.__happrObjectStore;
}

/** Tests install their own store (a temporary folder, or S3 on loopback). */
export function installObjectStore(store: ObjectStore) {
  holder.__happrObjectStore = Promise.resolve(store);
}
