import { timingSafeEqual } from "node:crypto";

/**
 * Small HttpOnly cookies of the sign-in pages. Names carry the __Secure- prefix on https; all are
 * scoped to /auth (where they are read) except where noted.
 */
export const AUTH_COOKIES = {
  /** "Remember this device": skips MFA on this browser for 30 days. */
  device: "happr.device",
  /** The sign-up's auto sign-in session, for signing in straight after confirming. */
  autoSignIn: "happr.auto-sign-in",
  /** A finished sign-in waiting for an issuer interaction to attach to (signed, 10 minutes). */
  pending: "happr.pending-sign-in",
  /** The session of this browser's one open sign-in challenge (see pending-challenge.ts). */
  challenge: "happr.sign-in-challenge",
} as const;

export const PENDING_SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;

export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Secure-${name}` : name;
}

/** `<accountId>.<expiry ms>.<signature>`; sign is an HMAC of the first two parts. */
export function encodePendingSignIn(accountId: string, now: number, sign: (value: string) => string): string {
  const body = `${accountId}.${now + PENDING_SIGN_IN_LIFETIME_MS}`;
  return `${body}.${sign(body)}`;
}

export function decodePendingSignIn(
  value: string | undefined,
  now: number,
  sign: (value: string) => string,
): string | undefined {
  if (!value) return undefined;
  const parts = value.split(".");
  if (parts.length !== 3) return undefined;
  const [accountId, expiry, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${accountId}.${expiry}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (!/^\d+$/.test(expiry) || Number(expiry) <= now) return undefined;
  return accountId;
}
