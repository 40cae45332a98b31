import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";

/**
 * Attack: the renewal after a password change carries where to go back to (`continue`), so a link to
 * /auth/renew could try to make the site an open redirect, sending a member who just changed their
 * password on to another site or into the sign-in machinery.
 */
const SITE = "http://localhost:3000";
const SECRET = "renew-attack-test-secret-0123456789abcdef";
const COOKIE = "authjs.session-token";

useTestDatabase();
let GET: (request: NextRequest) => Promise<Response>;
let ticketFor: (token: { sub: string; issuedAtMs: number }) => string;

beforeAll(async () => {
  vi.stubEnv("SITE_URL", SITE);
  vi.stubEnv("AUTH_SECRET", SECRET);
  ({ GET } = await import("./route"));
  const { encodeRenewalTicket, sessionFingerprint } = await import("@/lib/auth/session-renewal");
  const { signValue } = await import("@/lib/secrets");
  ticketFor = (token) => encodeRenewalTicket(token.sub, sessionFingerprint(token), Date.now(), signValue);
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
});

/** The browser that changed the password: its session cookie, and the ticket the change handed it. */
async function changedPasswordBrowser() {
  const session = { sub: "acct-member", issuedAtMs: Date.now() - 60_000 };
  const token = await encode({
    salt: COOKIE,
    secret: SECRET,
    token: { ...session, email: "member@example.com", accessToken: "at", expiresAt: Date.now() + 3_600_000 },
  });
  return { cookie: `${COOKIE}=${token}`, ticket: ticketFor(session) };
}

const renew = (query: Record<string, string>, cookie = "") =>
  GET(new NextRequest(`${SITE}/auth/renew?${new URLSearchParams(query)}`, { headers: { cookie } }));

const HOSTILE = [
  "https://evil.example/steal",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/auth/sign-out",
  "javascript:alert(1)",
];

describe("the renewal after a password change", () => {
  it("goes back to the page the password was changed on", async () => {
    const { cookie, ticket } = await changedPasswordBrowser();
    const response = await renew({ ticket, continue: "/my-account/security" }, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/auth/start?continue=%2Fmy-account%2Fsecurity`);
  });

  it.each(HOSTILE)("never on to %s: the members' home (Today) instead", async (target) => {
    const { cookie, ticket } = await changedPasswordBrowser();
    const response = await renew({ ticket, continue: target }, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/auth/start?continue=%2Ftoday`);
  });

  it("without this browser's ticket it only offers sign-in, back to a page of this site", async () => {
    const { ticket } = await changedPasswordBrowser();
    for (const target of HOSTILE) {
      const response = await renew({ ticket, continue: target }); // another browser: no session cookie
      expect(response.headers.get("location")).toBe(`${SITE}/auth/sign-in?continue=%2Ftoday`);
      expect(response.headers.get("set-cookie") ?? "").not.toContain("pending");
    }
  });
});
