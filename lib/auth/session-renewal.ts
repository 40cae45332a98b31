import { createHash, timingSafeEqual } from "node:crypto";

/**
 * After a password change every session ends, this browser's too; it gets a fresh one without typing
 * the password again through a short-lived ticket. The ticket is bound to the browser that changed
 * the password (a hash of its old session cookie), so a leaked URL is worthless anywhere else.
 * `<accountId>.<expiry ms>.<signature>`, the signature an HMAC over those and the fingerprint.
 */
export const RENEWAL_LIFETIME_MS = 60 * 1000;

type Cookie = { name: string; value: string };

/** The session cookie (all its chunks, in order) as one hash; empty when there is none. */
export function sessionFingerprint(cookies: Cookie[], sessionCookieName: string): string {
  const chunks = cookies
    .filter((cookie) => cookie.name === sessionCookieName || cookie.name.startsWith(`${sessionCookieName}.`))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (chunks.length === 0) return "";
  return createHash("sha256").update(chunks.map((cookie) => cookie.value).join("")).digest("base64url");
}

export function encodeRenewalTicket(accountId: string, fingerprint: string, now: number, sign: (value: string) => string): string {
  const body = `${accountId}.${now + RENEWAL_LIFETIME_MS}`;
  return `${body}.${sign(`renewal:${body}.${fingerprint}`)}`;
}

/** The account the ticket renews a session for, if it is genuine, unexpired and this browser's. */
export function decodeRenewalTicket(ticket: string | null | undefined, fingerprint: string, now: number, sign: (value: string) => string): string | undefined {
  if (!ticket || !fingerprint) return undefined;
  const parts = ticket.split(".");
  if (parts.length !== 3) return undefined;
  const [accountId, expiry, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`renewal:${accountId}.${expiry}.${fingerprint}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (!/^\d+$/.test(expiry) || Number(expiry) <= now) return undefined;
  return accountId;
}
