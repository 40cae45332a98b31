import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { safeContinuePath } from "@/lib/auth/continue";
import { ISSUER_SESSION_COOKIE } from "@/lib/identity/builtin/issuer";
import { signValue } from "@/lib/secrets";
import { clearSessionCookies, endProviderSession, readSessionToken } from "@/lib/auth/sign-out";
import { AUTH_COOKIES, cookieName, encodePendingSignIn, PENDING_SIGN_IN_LIFETIME_MS } from "@/lib/auth/sign-in-cookies";
import { decodeRenewalTicket, sessionFingerprint } from "@/lib/auth/session-renewal";

/**
 * After a password change (every session ended): this browser's old session is cleared and a fresh
 * sign-in starts that the issuer completes without the password (the pending sign-in cookie), as
 * after a confirmed sign-up, back to `continue` (the page the password was changed on; a same-origin
 * path only). Only with a ticket bound to this browser's old session.
 */
export async function GET(request: NextRequest) {
  const site = getConfig().siteUrl;
  const back = encodeURIComponent(safeContinuePath(request.nextUrl.searchParams.get("continue")));
  const secure = site.startsWith("https://");
  const accountId = decodeRenewalTicket(
    request.nextUrl.searchParams.get("ticket"),
    sessionFingerprint(await readSessionToken(request.headers)),
    Date.now(),
    signValue,
  );
  if (!accountId) return NextResponse.redirect(`${site}/auth/sign-in?continue=${back}`, 303);
  await endProviderSession({
    issuerSessionId: request.cookies.get(ISSUER_SESSION_COOKIE)?.value,
    token: await readSessionToken(request.headers),
  });
  const response = NextResponse.redirect(`${site}/auth/start?continue=${back}`, 303);
  clearSessionCookies(request.cookies, response.cookies, ISSUER_SESSION_COOKIE);
  const now = Date.now();
  response.cookies.set(cookieName(AUTH_COOKIES.pending, secure), encodePendingSignIn(accountId, now, signValue), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/auth",
    expires: new Date(now + PENDING_SIGN_IN_LIFETIME_MS),
  });
  response.headers.set("Cache-Control", "no-store");
  return response;
}
