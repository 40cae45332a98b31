import "server-only";
import type { JWT } from "next-auth/jwt";
import { sessionStands } from "./config";
import { REFRESH_AHEAD_MS } from "./refresh";
import { readSessionToken } from "./sign-out";

/**
 * How old a session cookie gets before proxy.ts's guard has Auth.js re-issue it, moving its 30-day
 * expiry on (the rolling expiry). Re-encrypting and re-sending the cookie on every request cost more
 * than the rest of the guard together; once an hour, a session still ends 30 days (less at most this
 * hour) after the member's last visit.
 */
export const SESSION_REISSUE_AFTER_SECONDS = 60 * 60;

/**
 * The guard's fast path: the request's session cookie is genuine and recent, its access token is not
 * due for a refresh, and its session stands (not logged out, not revoked), so the cookie stays exactly
 * as it is. Anything else (no cookie, one to re-issue or refresh, a revoked session, a check that
 * could not run) is for Auth.js's auth() to answer, as before. `now` (epoch ms) is for tests.
 */
export async function sessionStandsAsIs(headers: Headers, now = Date.now()): Promise<boolean> {
  try {
    const token = await readSessionToken(headers);
    return !!token && isRecent(token, now) && (await sessionStands(token));
  } catch {
    return false;
  }
}

function isRecent(token: JWT, now: number): boolean {
  return (
    typeof token.iat === "number" &&
    now / 1000 - token.iat < SESSION_REISSUE_AFTER_SECONDS &&
    typeof token.expiresAt === "number" &&
    now < token.expiresAt - REFRESH_AHEAD_MS &&
    !token.error
  );
}
