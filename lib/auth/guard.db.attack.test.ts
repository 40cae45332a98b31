import { NextRequest, type NextFetchEvent } from "next/server";
import { encode } from "next-auth/jwt";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { confirmSignUp, signOutEverywhere, signUp } from "@/lib/identity/builtin/accounts";
import { lastCodeSentTo } from "@/lib/identity/builtin/test-helpers";
import { endSession } from "./ended-sessions";
import { SESSION_REISSUE_AFTER_SECONDS } from "./guard";
import { FRESH_SESSION_COOKIE } from "./sign-out";

/**
 * Attack: a session cookie replayed after the session ended (Log Out, sign out everywhere), a forged
 * cookie, an expired one, through proxy.ts's guard. The guard lets a recent cookie of a standing
 * session through as it is, without re-issuing it; everything else goes through Auth.js as before.
 */
const SITE = "http://localhost:3000";
const SECRET = "guard-attack-test-secret-0123456789abcdef01234";
const COOKIE = "authjs.session-token";
const HOUR_MS = 3_600_000;

const database = useTestDatabase();
let proxy: (request: NextRequest, event: NextFetchEvent) => Promise<Response | void>;
let accountId: string;

beforeAll(async () => {
  vi.stubEnv("SITE_URL", SITE);
  vi.stubEnv("AUTH_SECRET", SECRET);
  const email = "guarded@example.com";
  const signedUp = await signUp(
    { email, password: "Str0ng!Passw0rd", givenName: "Ada", familyName: "Lovelace" },
    { mfa: "optional" },
  );
  accountId = signedUp.accountId!;
  await confirmSignUp({ email, code: await lastCodeSentTo(database.db, email) }, { mfa: "optional" });
  ({ proxy } = await import("@/proxy"));
}, 60_000);

afterEach(() => vi.useRealTimers());

afterAll(async () => {
  vi.unstubAllEnvs();
});

/** A signed-in member's session cookie, as Auth.js encrypts it; `encodedAgoMs`: when it was (re-)issued. */
async function sessionCookie(
  sessionId: string,
  options: { encodedAgoMs?: number; secret?: string; accessTokenExpiresInMs?: number } = {},
) {
  const now = Date.now();
  if (options.encodedAgoMs) vi.useFakeTimers({ now: now - options.encodedAgoMs, toFake: ["Date"] });
  const token = await encode({
    salt: COOKIE,
    secret: options.secret ?? SECRET,
    token: {
      sub: accountId,
      email: "guarded@example.com",
      accessToken: "at",
      expiresAt: now + (options.accessTokenExpiresInMs ?? HOUR_MS),
      issuedAtMs: now,
      sessionId,
    },
  });
  vi.useRealTimers();
  return `${COOKIE}=${token}`;
}

async function visit(path: string, cookie: string): Promise<Response> {
  const response = await proxy(new NextRequest(`${SITE}${path}`, { headers: { cookie } }), {} as NextFetchEvent);
  if (!response) throw new Error("the guard answered nothing");
  return response;
}

const passes = (response: Response) => response.headers.get("x-middleware-next") === "1";
const sentToSignIn = (response: Response) =>
  response.status === 307 && response.headers.get("location")?.startsWith(`${SITE}/auth/sign-in?continue=`);
/** The Max-Age of the FRESH_SESSION_COOKIE the response sets, or undefined when it sets none. */
const freshFor = (response: Response) => {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${FRESH_SESSION_COOKIE}=`));
  return line === undefined ? undefined : Number(line.match(/Max-Age=(\d+)/i)?.[1]);
};
const reissues = (response: Response) =>
  response.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE}=`) && !line.startsWith(`${COOKIE}=;`));

/** The policy the response carries, and the one Next renders the page with (the request's, overridden). */
const policies = (response: Response) => ({
  response: response.headers.get("content-security-policy"),
  render: response.headers.get("x-middleware-request-content-security-policy"),
});
const scriptSources = (policy: string | null) =>
  policy
    ?.split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("script-src "));

describe("members' pages' Content-Security-Policy (proxy.ts)", () => {
  it("each members' page gets a policy with a nonce of its own and no 'unsafe-inline' for scripts, whichever way it passes", async () => {
    const recent = await sessionCookie("session-csp");
    const older = await sessionCookie("session-csp-older", {
      encodedAgoMs: SESSION_REISSUE_AFTER_SECONDS * 1000 + 60_000,
    });
    const nonces = new Set<string>();
    for (const [path, cookie] of [
      ["/my-account", recent], // the guard's fast path
      ["/calendar/new", older], // through Auth.js (re-issued)
      ["/circle", `${recent}; ${FRESH_SESSION_COOKIE}=1`], // the guard's check skipped
      ["/habits", `${recent}; ${FRESH_SESSION_COOKIE}=1`],
      ["/pricing", recent],
    ] as const) {
      const response = await visit(path, cookie);
      expect(passes(response), path).toBe(true);
      const { response: sent, render } = policies(response);
      expect(render, path).toBe(sent);
      const scripts = scriptSources(sent);
      expect(scripts, path).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'unsafe-eval'$/);
      expect(scripts, path).not.toContain("unsafe-inline");
      expect(sent, path).toContain("frame-ancestors 'none'");
      expect(sent, path).not.toContain("stripe.com");
      nonces.add(scripts!.match(/'nonce-([^']+)'/)![1]!);
    }
    expect(nonces.size).toBe(5);
  });

  it("adds Stripe.js's origins on the page with the card field only", async () => {
    const response = await visit("/manage-subscription", await sessionCookie("session-csp-stripe"));
    const { response: sent } = policies(response);
    expect(scriptSources(sent)).toMatch(/^script-src 'self' 'nonce-[^']+' 'unsafe-eval' https:\/\/js\.stripe\.com$/);
    expect(sent).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("a signed-out visitor is sent to sign-in, no page rendered", async () => {
    const response = await visit("/my-account", "");
    expect(sentToSignIn(response)).toBe(true);
  });
});

describe("proxy.ts's guard", () => {
  it("lets a recent cookie through as it is, again and again, without re-sending it", async () => {
    const cookie = await sessionCookie("session-recent");
    for (let visitNumber = 0; visitNumber < 3; visitNumber++) {
      const response = await visit("/my-account", cookie);
      expect(passes(response)).toBe(true);
      expect(reissues(response)).toBe(false);
      // Only the marker that lets the browser skip the guard until the cookie is due to be re-issued.
      expect(response.headers.getSetCookie()).toHaveLength(1);
      expect(freshFor(response)).toBeGreaterThan(SESSION_REISSUE_AFTER_SECONDS - 120);
      expect(freshFor(response)).toBeLessThanOrEqual(SESSION_REISSUE_AFTER_SECONDS);
    }
  });

  it("lets the browser skip the guard only until the cookie is due to be re-issued, or its access token refreshed", async () => {
    const issuedLongAgo = await sessionCookie("session-fifty-minutes", { encodedAgoMs: 50 * 60_000 });
    const skipsFor = freshFor(await visit("/my-account", issuedLongAgo))!;
    expect(skipsFor).toBeGreaterThan(9 * 60 - 60);
    expect(skipsFor).toBeLessThanOrEqual(10 * 60);

    const tokenDueSoon = await sessionCookie("session-token-due", { accessTokenExpiresInMs: 10 * 60_000 });
    const untilRefresh = freshFor(await visit("/calendar", tokenDueSoon))!;
    expect(untilRefresh).toBeGreaterThan(8 * 60);
    expect(untilRefresh).toBeLessThanOrEqual(9 * 60); // a minute before the token's expiry
  });

  it("gives no way past the guard to a cookie it re-issues, refreshes or refuses", async () => {
    const older = await sessionCookie("session-older-no-marker", {
      encodedAgoMs: SESSION_REISSUE_AFTER_SECONDS * 1000 + 60_000,
    });
    expect(freshFor(await visit("/habits", older))).toBeUndefined();
    const loggedOut = await sessionCookie("session-logged-out-no-marker");
    await endSession("session-logged-out-no-marker", new Date(Date.now() + 30 * 24 * HOUR_MS));
    expect(freshFor(await visit("/habits", loggedOut))).toBeUndefined();
    expect(freshFor(await visit("/habits", ""))).toBeUndefined();
  });

  it("runs on every members' path (each response needs its nonce) and on /auth/sign-out; the marker skips only the guard's check", async () => {
    const { config } = await import("@/proxy");
    const [signOut, ...members] = config.matcher;
    expect(signOut).toBe("/auth/sign-out");
    for (const path of [
      "/my-account",
      "/circle",
      "/habits",
      "/pricing",
      "/manage-subscription",
      "/calendar",
      "/today",
    ]) {
      expect(members).toContain(path);
      expect(members).toContain(`${path}/:path*`);
    }
    // With the marker the page goes on unchecked here, as when the matcher skipped the file: the
    // members' layout checks the session itself (e2e/sign-in.spec.ts forges the marker).
    const marked = await visit("/habits", `${FRESH_SESSION_COOKIE}=1`);
    expect(passes(marked)).toBe(true);
    expect(marked.headers.getSetCookie()).toEqual([]);
    expect(sentToSignIn(await visit("/habits", ""))).toBe(true);
  });

  it(`re-issues a cookie older than ${SESSION_REISSUE_AFTER_SECONDS / 60} minutes, so the 30-day expiry moves on`, async () => {
    const cookie = await sessionCookie("session-older", {
      encodedAgoMs: SESSION_REISSUE_AFTER_SECONDS * 1000 + 60_000,
    });
    const response = await visit("/habits", cookie);
    expect(passes(response)).toBe(true);
    expect(reissues(response)).toBe(true);
  });

  it("sends a replayed cookie to sign-in once its session was logged out, though the same cookie passed a moment before", async () => {
    const cookie = await sessionCookie("session-logged-out");
    expect(passes(await visit("/calendar", cookie))).toBe(true);
    await endSession("session-logged-out", new Date(Date.now() + 30 * 24 * HOUR_MS));
    const replayed = await visit("/calendar", cookie);
    expect(sentToSignIn(replayed)).toBe(true);
    expect(reissues(replayed)).toBe(false);
  });

  it("sends every cookie of the member to sign-in after sign out everywhere", async () => {
    const cookie = await sessionCookie("session-everywhere");
    expect(passes(await visit("/circle", cookie))).toBe(true);
    await signOutEverywhere(accountId);
    expect(sentToSignIn(await visit("/circle", cookie))).toBe(true);
  });

  it("sends a cookie encrypted with another secret, or a mangled one, to sign-in", async () => {
    const forged = await sessionCookie("session-forged", { secret: "not-the-site-secret-0123456789abcdef0123456" });
    expect(sentToSignIn(await visit("/pricing", forged))).toBe(true);
    const genuine = await sessionCookie("session-mangled");
    expect(sentToSignIn(await visit("/pricing", `${genuine.slice(0, -4)}AAAA`))).toBe(true);
  });

  it("sends a cookie past its expiry to sign-in, though it passed while it was valid", async () => {
    const cookie = await sessionCookie("session-expiring");
    expect(passes(await visit("/my-account", cookie))).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 31 * 24 * HOUR_MS, toFake: ["Date"] });
    expect(sentToSignIn(await visit("/my-account", cookie))).toBe(true);
  });
});
