import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "../secrets";

/**
 * Outbox bodies hold sign-in codes and single-use links, so they are stored encrypted: AES-256-GCM
 * with a key derived from AUTH_SECRET, bound to the row's id (a body copied onto another row does not
 * open). A database dump or backup shows no code. Rows written before this existed are clear text
 * without the prefix and are read as they are.
 */
const PREFIX = "sealed:v1:";
const KEY_PURPOSE = "outbox message body v1";

export class UnreadableBodyError extends Error {
  constructor() {
    super("The message body cannot be decrypted: AUTH_SECRET changed since it was queued");
    this.name = "UnreadableBodyError";
  }
}

export function sealBody(rowId: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(KEY_PURPOSE), iv);
  cipher.setAAD(Buffer.from(rowId));
  const encrypted = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString("base64url")}`;
}

function isSealed(body: string): boolean {
  return body.startsWith(PREFIX);
}

/** The clear text of a stored body (throws UnreadableBodyError when the key changed or it was tampered with). */
export function openBody(rowId: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(KEY_PURPOSE), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(rowId));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableBodyError();
  }
}
