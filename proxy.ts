import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { auth } from "@/auth";
import { markSessionFresh, secondsSessionStandsAsIs } from "@/lib/auth/guard";
import { isDatabaseReady } from "@/lib/db/health";

/**
 * Members-only pages: a signed-out visitor goes to sign-in, and comes back afterwards. The matcher
 * names only these paths (and /auth/sign-out, below), so every public page stays static.
 */
const guard = auth(async (request) => {
  if (request.auth) return NextResponse.next();
  // A session that could not be checked because the database is down is not a signed-out visitor:
  // sign-in cannot work either, so say plainly that the service is unavailable (503), keeping the URL.
  const hasSession = request.cookies.getAll().some(({ name }) => name.includes("authjs.session-token"));
  if (hasSession && !(await isDatabaseReady())) {
    return NextResponse.rewrite(new URL("/unavailable", request.nextUrl.origin), { status: 503 });
  }
  const signIn = new URL("/auth/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("continue", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
});

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  // /auth/sign-out signs out on a form post only (its route has no GET); a GET, from an old link or
  // a bookmark, shows the page with the Log Out button instead, at the same address.
  if (request.nextUrl.pathname === "/auth/sign-out") {
    return request.method === "GET" || request.method === "HEAD"
      ? NextResponse.rewrite(new URL("/auth/sign-out/confirm", request.url))
      : NextResponse.next();
  }
  // A recent cookie whose session stands passes as it is, and the browser skips the guard for as long
  // as it will go on doing so (FRESH_SESSION_COOKIE, lib/auth/sign-out.ts). Auth.js answers the rest:
  // it re-issues an older cookie (the rolling expiry), refreshes a due access token, and signs out a
  // revoked session.
  const freshFor = await secondsSessionStandsAsIs(request.headers);
  if (freshFor > 0) return markSessionFresh(NextResponse.next(), freshFor);
  // With a lazily built Auth.js configuration, the wrapped handler arrives as a promise.
  const handler = await guard;
  return handler(request, event as never);
}

// The members' paths run the guard only while the browser holds no FRESH_SESSION_COOKIE
// (lib/auth/sign-out.ts). Every entry is spelt out: Next.js reads this object without running code.
// /auth/sign-out always runs it.
export const config = {
  matcher: [
    "/auth/sign-out",
    { source: "/my-account", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/my-account/:path*", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/circle", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/circle/:path*", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/habits", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/habits/:path*", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/pricing", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/pricing/:path*", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/manage-subscription", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/manage-subscription/:path*", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/calendar", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
    { source: "/calendar/:path*", missing: [{ type: "cookie", key: "happr-session-fresh" }] },
  ],
};
