import { NextResponse, type NextRequest } from "next/server";
import { ISSUER_SESSION_COOKIE } from "@/lib/auth/issuer";
import { afterSignOutUrl, clearSessionCookies, endProviderSession, readSessionToken } from "@/lib/auth/sign-out";

/**
 * Signs this browser out: ends the provider's session (3 s at most), then clears the session
 * cookie, the issuer's cookie and the page storage, and leaves for the provider's logout or home.
 */
async function signOut(request: NextRequest) {
  const token = await readSessionToken(request.headers);
  await endProviderSession({ issuerSessionId: request.cookies.get(ISSUER_SESSION_COOKIE)?.value, token });
  const response = NextResponse.redirect(afterSignOutUrl(), 303);
  clearSessionCookies(request.cookies, response.cookies, ISSUER_SESSION_COOKIE);
  // Profile and subscription state kept in sessionStorage by the member pages goes too.
  response.headers.set("Clear-Site-Data", '"storage"');
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export const GET = signOut;
export const POST = signOut;
