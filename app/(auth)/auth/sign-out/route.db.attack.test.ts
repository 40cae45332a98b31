import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";

/**
 * Attack: login CSRF's twin, forced sign-out. Another site signs a member out with a link or an
 * image (a GET), or with a hidden form posted to /auth/sign-out.
 */
const SITE = "http://localhost:3000";
const SECRET = "sign-out-attack-test-secret-0123456789abcdef";
const COOKIE = "authjs.session-token";

useTestDatabase();
let route: Record<string, unknown> & { POST: (request: NextRequest) => Promise<Response> };
let isSessionEnded: (sessionId: string) => Promise<boolean>;

beforeAll(async () => {
  vi.stubEnv("SITE_URL", SITE);
  vi.stubEnv("AUTH_SECRET", SECRET);
  route = (await import("./route")) as typeof route;
  ({ isSessionEnded } = await import("@/lib/auth/ended-sessions"));
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
});

/** A signed-in member's browser: its session cookie, for a session with this id. */
async function sessionCookie(sessionId: string) {
  const now = Date.now();
  const token = await encode({
    salt: COOKIE,
    secret: SECRET,
    token: {
      sub: "acct-member",
      email: "member@example.com",
      accessToken: "at",
      expiresAt: now + 3_600_000,
      issuedAtMs: now,
      sessionId,
    },
  });
  return `${COOKIE}=${token}`;
}

const post = (cookie: string, headers: Record<string, string>) =>
  new NextRequest(`${SITE}/auth/sign-out`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
  });

describe("sign-out", () => {
  it("has no GET: a link or an image elsewhere cannot sign a member out", () => {
    expect(route.GET).toBeUndefined();
    expect(route.POST).toBeTypeOf("function");
  });

  it("refuses a form posted from another site, and the session stands", async () => {
    const cookie = await sessionCookie("session-csrf");
    const forgeries: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      {},
    ];
    for (const headers of forgeries) {
      const response = await route.POST(post(cookie, headers));
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await isSessionEnded("session-csrf")).toBe(false);
  });

  it("signs out on a post from the site's own page", async () => {
    const cookie = await sessionCookie("session-own");
    const response = await route.POST(post(`${cookie}; happr-session-fresh=1`, { origin: SITE }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/`);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE}=;`))).toBe(true);
    // The marker that let the browser skip proxy.ts's guard goes with the session.
    expect(response.headers.getSetCookie().some((line) => /^happr-session-fresh=;.*Max-Age=0/i.test(line))).toBe(true);
    expect(await isSessionEnded("session-own")).toBe(true);
  });
});
