import { randomBytes } from "node:crypto";
import { StorageError } from "./port";

/**
 * Object keys: segments of letters, digits, "_", "-" and "." joined by "/", none empty, none starting
 * with "." (so never "." or "..", and never the disk adapter's temporary files), at most 512 characters.
 * Both adapters check keys here, so a key that one refuses the other refuses too, and a key never
 * names anything outside the store's folder or bucket prefix.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;
export const MAX_KEY_LENGTH = 512;

function describe(value: string) {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
}

export function checkKey(key: string): string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new StorageError(`An object key is 1 to ${MAX_KEY_LENGTH} characters`, "bad-key");
  }
  const segments = key.split("/");
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    throw new StorageError(
      `${describe(key)} is not an object key: segments of letters, digits, _ - . joined by /, none empty or starting with a dot`,
      "bad-key",
    );
  }
  return key;
}

/** A prefix names a folder: one or more key segments and a final "/" (never "", so never everything). */
export function checkPrefix(prefix: string): string {
  if (typeof prefix !== "string" || !prefix.endsWith("/") || prefix.length < 2) {
    throw new StorageError(`${describe(String(prefix))} is not a prefix: key segments ending with /`, "bad-key");
  }
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** A fresh opaque segment (128 random bits, hex): a key that says nothing about what it holds. */
export function newObjectId(): string {
  return randomBytes(16).toString("hex");
}
