import { createHash, timingSafeEqual } from "node:crypto";

/**
 * After a password change every session ends, this browser's too; it gets a fresh one without typing
 * the password again through a short-lived ticket. The ticket is bound to the browser that changed
 * the password (its old session: who and since when), so a leaked URL is worthless anywhere else.
 * `<accountId>.<expiry ms>.<signature>`, the signature an HMAC over those and the fingerprint.
 */
export const RENEWAL_LIFETIME_MS = 60 * 1000;

/**
 * This browser's session, from its (encrypted, so unforgeable) session cookie: who and since when.
 * Not the cookie's bytes: Auth.js re-issues the cookie on the way (rolling expiry). Empty without one.
 */
export function sessionFingerprint(
  token: { sub?: string | null; issuedAtMs?: number | null } | null | undefined,
): string {
  if (!token?.sub || typeof token.issuedAtMs !== "number") return "";
  return createHash("sha256").update(`${token.sub}:${token.issuedAtMs}`).digest("base64url");
}

export function encodeRenewalTicket(
  accountId: string,
  fingerprint: string,
  now: number,
  sign: (value: string) => string,
): string {
  const body = `${accountId}.${now + RENEWAL_LIFETIME_MS}`;
  return `${body}.${sign(`renewal:${body}.${fingerprint}`)}`;
}

/** The account the ticket renews a session for, if it is genuine, unexpired and this browser's. */
export function decodeRenewalTicket(
  ticket: string | null | undefined,
  fingerprint: string,
  now: number,
  sign: (value: string) => string,
): string | undefined {
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
