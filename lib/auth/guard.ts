import "server-only";
import type { JWT } from "next-auth/jwt";
import type { NextResponse } from "next/server";
import { sessionStands } from "./config";
import { REFRESH_AHEAD_MS } from "./refresh";
import { FRESH_SESSION_COOKIE, readSessionToken, secureCookies } from "./sign-out";

/**
 * How old a session cookie gets before proxy.ts's guard has Auth.js re-issue it, moving its 30-day
 * expiry on (the rolling expiry). Re-encrypting and re-sending the cookie on every request cost more
 * than the rest of the guard together; once an hour, a session still ends 30 days (less at most this
 * hour) after the member's last visit.
 */
export const SESSION_REISSUE_AFTER_SECONDS = 60 * 60;

/**
 * The guard's fast path: how many more seconds the request's session cookie passes as it is, being
 * genuine and recent, its access token not due for a refresh, and its session standing (not logged
 * out, not revoked). 0 for anything else (no cookie, one to re-issue or refresh, a revoked session, a
 * check that could not run): Auth.js's auth() answers those, as before. `now` (epoch ms) is for tests.
 */
export async function secondsSessionStandsAsIs(headers: Headers, now = Date.now()): Promise<number> {
  try {
    const token = await readSessionToken(headers);
    if (!token) return 0;
    const seconds = secondsRecent(token, now);
    return seconds > 0 && (await sessionStands(token)) ? seconds : 0;
  } catch {
    return 0;
  }
}

function secondsRecent(token: JWT, now: number): number {
  if (typeof token.iat !== "number" || typeof token.expiresAt !== "number" || token.error) return 0;
  const untilReissue = token.iat + SESSION_REISSUE_AFTER_SECONDS - now / 1000;
  const untilRefresh = (token.expiresAt - REFRESH_AHEAD_MS - now) / 1000;
  return Math.max(0, Math.floor(Math.min(untilReissue, untilRefresh)));
}

/** The response lets the member's next requests skip the guard for `seconds` (FRESH_SESSION_COOKIE). */
export function markSessionFresh(response: NextResponse, seconds: number): NextResponse {
  response.cookies.set(FRESH_SESSION_COOKIE, "1", {
    path: "/",
    maxAge: seconds,
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
  });
  return response;
}
