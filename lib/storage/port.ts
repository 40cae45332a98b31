/**
 * The object store: bytes under opaque keys, with their content type. Two adapters pass one contract
 * suite (store.contract.test.ts): files under DATA_DIR (disk/) and S3-compatible object storage (s3/).
 * Keys are checked by ./keys.ts in both, so a key one accepts the other accepts too.
 */

export type StoredObject = {
  contentType: string;
  /** Bytes, as stored. */
  size: number;
  /** The bytes, read as they are sent on (a web stream, as a route handler's Response takes). */
  body: ReadableStream<Uint8Array>;
};

export type SignedUrlOptions = {
  /** How long the URL works: 1 to 900 seconds (default 60). */
  expiresInSeconds?: number;
  /** The file name a browser is given (Content-Disposition: inline); a generic one, never the member's. */
  fileName?: string;
};

export interface ObjectStore {
  readonly kind: "disk" | "s3";
  /** Stores the bytes under `key`, replacing what was there; a reader sees the old object or the new one, whole. */
  put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none. Read its body to the end or cancel it: that closes the file or connection. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's bytes at once, or null when there is none. */
  getBytes(key: string): Promise<Uint8Array | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (a folder: it ends with "/"), for erasure.
   * Answers how many were removed.
   */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A URL that answers this one object for a short while, with `Cache-Control: private, no-store`, or
   * null when the store has none (disk: the app serves the bytes itself).
   */
  signedUrl(key: string, options?: SignedUrlOptions): Promise<string | null>;
}

export class StorageError extends Error {
  constructor(
    message: string,
    readonly code: "bad-key" | "bad-input" | "unavailable",
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "StorageError";
  }
}

export const MAX_SIGNED_URL_SECONDS = 900;
export const DEFAULT_SIGNED_URL_SECONDS = 60;

/** Checks a signed URL's lifetime and file name; the answer both adapters use. */
export function signedUrlSettings(options: SignedUrlOptions = {}) {
  const expiresInSeconds = options.expiresInSeconds ?? DEFAULT_SIGNED_URL_SECONDS;
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
    throw new StorageError(
      `A signed URL lasts a whole number of seconds from 1 to ${MAX_SIGNED_URL_SECONDS} (got ${String(expiresInSeconds)})`,
      "bad-input",
    );
  }
  const fileName = options.fileName ?? "image";
  if (!/^[\w.-]{1,64}$/.test(fileName)) {
    throw new StorageError("A signed URL's file name may hold only letters, digits, _ . - (up to 64)", "bad-input");
  }
  return { expiresInSeconds, fileName };
}

/** Checks a content type before it is stored: `type/subtype`, nothing a header could be split with. */
export function checkContentType(contentType: string): string {
  if (!/^[a-z]+\/[a-z0-9.+-]{1,100}$/.test(contentType)) {
    throw new StorageError(`"${contentType.slice(0, 120)}" is not a content type such as image/webp`, "bad-input");
  }
  return contentType;
}
