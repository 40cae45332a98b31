import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { auth } from "@/auth";
import { markSessionFresh, secondsSessionStandsAsIs } from "@/lib/auth/guard";
import { FRESH_SESSION_COOKIE } from "@/lib/auth/sign-out";
import { isDatabaseReady } from "@/lib/db/health";
import { contentSecurityPolicy, newNonce } from "@/lib/request/content-security-policy.mjs";

/**
 * A members' page (or /invitation) goes on to render, under a Content-Security-Policy with a nonce of
 * its own: Next reads the policy from the request's headers and puts the nonce on its scripts, and the
 * browser runs no inline script without it (lib/request/content-security-policy.mjs). Stripe.js's
 * origins only on the page with the card field.
 */
function renderMembersPage(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    stripe: request.nextUrl.pathname === "/manage-subscription",
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/**
 * Members-only pages: a signed-out visitor goes to sign-in, and comes back afterwards. The matcher
 * names only these paths (and /auth/sign-out, below), so every public page stays static.
 */
const guard = auth(async (request) => {
  if (request.auth) return renderMembersPage(request);
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
  // The invitation page (who invites, to which circle: names another member wrote) is rendered per
  // request for visitors and members alike: it gets the nonce policy, and no guard (a visitor signs
  // up or in there).
  if (request.nextUrl.pathname === "/invitation") return renderMembersPage(request);
  // While the browser holds FRESH_SESSION_COOKIE (lib/auth/sign-out.ts), the session was found standing
  // moments ago: the page goes on with no check here (the page reads the session itself), as it did
  // when the matcher skipped this file for it; only the nonce is given.
  if (request.cookies.has(FRESH_SESSION_COOKIE)) return renderMembersPage(request);
  // A recent cookie whose session stands passes as it is, and the browser skips the guard for as long
  // as it will go on doing so. Auth.js answers the rest: it re-issues an older cookie (the rolling
  // expiry), refreshes a due access token, and signs out a revoked session.
  const freshFor = await secondsSessionStandsAsIs(request.headers);
  if (freshFor > 0) return markSessionFresh(renderMembersPage(request), freshFor);
  // With a lazily built Auth.js configuration, the wrapped handler arrives as a promise.
  const handler = await guard;
  return handler(request, event as never);
}

// The members' paths, /invitation and /auth/sign-out. Every members' response needs this file for its
// nonce, so the guard's own check is what FRESH_SESSION_COOKIE skips (above), not this file. Every
// entry is spelt out: Next.js reads this object without running code.
export const config = {
  matcher: [
    "/auth/sign-out",
    "/invitation",
    "/my-account",
    "/my-account/:path*",
    "/circle",
    "/circle/:path*",
    "/habits",
    "/habits/:path*",
    "/pricing",
    "/pricing/:path*",
    "/manage-subscription",
    "/manage-subscription/:path*",
    "/calendar",
    "/calendar/:path*",
    "/cam",
    "/cam/:path*",
    "/vision-board",
    "/vision-board/:path*",
    "/lounge",
    "/lounge/:path*",
    "/today",
    "/today/:path*",
  ],
};
