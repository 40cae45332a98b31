import "server-only";
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "../config";
import type { JWT } from "next-auth/jwt";
import { SESSION_MAX_AGE_SECONDS } from "./config";
import { endSession } from "./ended-sessions";
import { endIssuerSession, ISSUER_SESSION_COOKIE } from "../identity/builtin/issuer";
import { isSameOriginPost } from "./same-origin";
import { getAuthSecret } from "../secrets";
import { decodeRemembered } from "./decoded-sessions";
import { withTimeout } from "./timeout";
import { logError, logWarn } from "../log";

export { SIGN_OUT_TIMEOUT_MS } from "./timeout";

/** Session cookies are Secure (and the Auth.js one `__Secure-`) when the site is served over https. */
export const secureCookies = () => getConfig().siteUrl.startsWith("https://");

/**
 * Set beside a session cookie that passed the guard as it is, for as long as that cookie will go on
 * passing it as it is (until it is due to be re-issued or its access token refreshed). While the
 * browser holds it, proxy.ts skips the guard's check (it still runs, to give each members' page its
 * CSP nonce). It grants nothing: the members' layout, pages, actions and routes check the session
 * themselves (getMember), so a forged one only skips the re-issue and the redirect's `continue`, which
 * the layout gives too.
 */
export const FRESH_SESSION_COOKIE = "happr-session-fresh";

/** The Auth.js session cookie's base name (chunks are `<name>.0`, `<name>.1`, ...). */
function sessionCookieName(): string {
  return secureCookies() ? "__Secure-authjs.session-token" : "authjs.session-token";
}

/**
 * The decoded session cookie of a request, without refreshing it (the guard, pages, sign-out, account
 * security). Decrypted once per instance (lib/auth/decoded-sessions.ts).
 */
export async function readSessionToken(headers: Headers): Promise<JWT | null> {
  return (await getToken({
    req: { headers },
    secret: getAuthSecret(),
    secureCookie: secureCookies(),
    decode: (params) => decodeRemembered(params),
  })) as JWT | null;
}

/**
 * Ends the identity provider's side of a session, giving up after 3 s so the local sign-out always
 * completes: the built-in issuer's session (and its grants) or, for Cognito, the refresh token.
 */
export async function endProviderSession(input: { issuerSessionId?: string; token: JWT | null }): Promise<void> {
  const identity = getConfig().identity;
  const work = async () => {
    if (identity.kind === "builtin") {
      if (input.issuerSessionId) await endIssuerSession(input.issuerSessionId);
      return;
    }
    if (!input.token?.refreshToken) return;
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (identity.clientSecret)
      headers.authorization = `Basic ${Buffer.from(`${identity.clientId}:${identity.clientSecret}`).toString("base64")}`;
    await fetch(`${identity.domain}/oauth2/revoke`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ token: input.token.refreshToken, client_id: identity.clientId }),
    });
  };
  try {
    await withTimeout(work(), () => logWarn("Signout timeout fail after 3 seconds"));
  } catch (error) {
    logError("[auth] ending the provider session failed", error);
  }
}

/** Where the browser goes after the local sign-out: Cognito's /logout, or home. */
function afterSignOutUrl(): string {
  const identity = getConfig().identity;
  if (identity.kind === "cognito") {
    const url = new URL("/logout", identity.domain);
    url.searchParams.set("client_id", identity.clientId);
    url.searchParams.set("logout_uri", identity.signOutUri);
    return url.toString();
  }
  return `${getConfig().siteUrl}/`;
}

type CookieReader = { getAll(): { name: string }[] };
type CookieWriter = {
  set(
    name: string,
    value: string,
    options: { path: string; maxAge: number; httpOnly?: boolean; sameSite?: "lax"; secure?: boolean },
  ): unknown;
};

/** Expires this browser's session cookie (all its chunks), its FRESH_SESSION_COOKIE and the issuer's session cookie. */
export function clearSessionCookies(read: CookieReader, write: CookieWriter, issuerCookie: string): void {
  const sessionCookie = sessionCookieName();
  for (const cookie of read.getAll()) {
    if (cookie.name === sessionCookie || cookie.name.startsWith(`${sessionCookie}.`)) {
      write.set(cookie.name, "", {
        path: "/",
        maxAge: 0,
        httpOnly: true,
        sameSite: "lax",
        secure: sessionCookie.startsWith("__Secure-"),
      });
    }
    if (cookie.name === FRESH_SESSION_COOKIE || cookie.name === issuerCookie || cookie.name === `${issuerCookie}.sig`)
      write.set(cookie.name, "", { path: "/", maxAge: 0 });
  }
}

/**
 * Sign-out forms post from the site's own pages only: a post from another site (a hidden form that
 * signs a member out, or signs them out of an account it then signs them in to) gets 403.
 */
export function refuseCrossSitePost(request: NextRequest): NextResponse | undefined {
  if (isSameOriginPost(request.headers, getConfig().siteUrl)) return undefined;
  return new NextResponse("Forbidden", {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * Signs this browser out: ends the provider's session (3 s at most), then clears the session
 * cookie, the issuer's cookie and the page storage, and leaves for the provider's logout or home.
 */
export async function signOutResponse(request: NextRequest, token?: JWT | null): Promise<NextResponse> {
  const current = token === undefined ? await readSessionToken(request.headers) : token;
  // The session itself ends, not just this browser's copy of its cookie: a prefetch still in flight
  // through the guard would otherwise set the cookie again after this response cleared it.
  if (current?.sessionId) {
    // No copy of the cookie outlives its last refresh (at most now) by more than the session's max age.
    await endSession(current.sessionId, new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000));
  }
  await endProviderSession({ issuerSessionId: request.cookies.get(ISSUER_SESSION_COOKIE)?.value, token: current });
  const response = NextResponse.redirect(afterSignOutUrl(), 303);
  clearSessionCookies(request.cookies, response.cookies, ISSUER_SESSION_COOKIE);
  // Profile and subscription state kept in sessionStorage by the member pages goes too.
  response.headers.set("Clear-Site-Data", '"storage"');
  response.headers.set("Cache-Control", "no-store");
  return response;
}
