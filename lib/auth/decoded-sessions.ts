import { createHash } from "node:crypto";
import { decode } from "next-auth/jwt";
import type { JWT } from "next-auth/jwt";
import { BoundedMap } from "../bounded-map";

/**
 * Session cookies decrypted once per instance. A member's browser sends the same cookie on every
 * request until it is re-issued (proxy.ts's guard: at most hourly), and decrypting it (a key
 * derivation, then AES and HMAC) is the largest part of what a signed-in request costs before the page
 * does anything. What a cookie decrypts to never changes, so it is remembered by its bytes' hash until
 * its own expiry. Only genuine cookies are remembered; revocation is a separate check on every request
 * (lib/auth/config.ts), so remembering a decoded cookie never keeps a revoked session alive.
 */

/** Seconds of clock skew allowed on `exp`, as Auth.js's own decode allows. */
const CLOCK_TOLERANCE_SECONDS = 15;
type Remembered = { token: JWT; expiresAtSeconds: number };

// On globalThis: proxy.ts is bundled apart from the pages, and one decryption should serve both.
// At most 10,000: past that the remembered cookies are dropped (and decrypted again).
const remembered = ((globalThis as { __happrDecodedSessions?: BoundedMap<Remembered> }).__happrDecodedSessions ??=
  new BoundedMap(10_000));

type DecodeParams = Parameters<typeof decode>[0];

/**
 * Auth.js's decode, remembered: the decoded cookie (frozen: every reader shares it), or a throw for an
 * expired or forged one, as decode does. `now` is for tests.
 */
export async function decodeRemembered(params: DecodeParams, now = Date.now): Promise<JWT | null> {
  if (!params.token) return null;
  // The salt (the cookie's name) and the secret are part of the key: the same bytes under another
  // name or secret are another question.
  const key = createHash("sha256")
    .update(`${params.salt}\0${String(params.secret)}\0${params.token}`)
    .digest("base64url");
  const nowSeconds = now() / 1000;
  const known = remembered.get(key);
  if (known) {
    if (known.expiresAtSeconds + CLOCK_TOLERANCE_SECONDS > nowSeconds) return known.token;
    remembered.delete(key);
    throw new Error("the session cookie has expired");
  }
  const token = await decode(params);
  if (!token) return null;
  if (typeof token.exp === "number")
    remembered.set(key, { token: Object.freeze(token) as JWT, expiresAtSeconds: token.exp });
  return token;
}
