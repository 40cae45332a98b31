import { describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { nextSessionToken } from "@/lib/auth/config";
import { useTestDatabase } from "@/lib/db/testing";
import { identitySessionCutoffs } from "@/lib/db/schema";
import { createCognitoIdentity } from "./cognito/identity";
import { forgetSessionCutoff, isAfterSessionCutoff, recordSessionCutoff } from "./session-cutoffs";

/**
 * Revocation with Cognito: GlobalSignOut (answered as Cognito does) records the member's revocation
 * point in the database, and the session check (Auth.js's jwt callback rules) refuses a session the
 * app issued before it on its next request, while its access token is still valid. Runs on PGlite
 * and on PostgreSQL: the point is in the database, so every instance sees it.
 */
const database = useTestDatabase([identitySessionCutoffs]);

const globalSignOut = () => {
  const sent: string[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    sent.push((init.headers as Record<string, string>)["x-amz-target"]!);
    return new Response("{}", { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
};

const NOW = Date.now();
const session = (sub: string, issuedAtMs: number): JWT => ({
  sub,
  accessToken: "access-token",
  refreshToken: "refresh-token",
  // Valid for most of an hour still: no refresh happens, only the revocation point can end it.
  expiresAt: NOW + 50 * 60_000,
  issuedAtMs,
  sessionId: `session-${issuedAtMs}`,
});
const check = (token: JWT) =>
  nextSessionToken(
    { token },
    {
      now: () => NOW,
      isSessionCurrent: (id, issuedAt) => isAfterSessionCutoff(id, issuedAt, { db: database.db }),
      isSessionEnded: async () => false,
      newSessionId: () => "new",
      refresh: {
        fetch: () => Promise.reject(new Error("no refresh expected")),
        sleep: async () => {},
        now: () => NOW,
        random: () => 0,
      },
      tokenEndpoint: "https://pool.example/oauth2/token",
      clientId: "web",
    },
  );

describe("Cognito session revocation", () => {
  it("a session from before sign out everywhere is refused on its next request; one begun after stands", async () => {
    const before = session("sub-everywhere", Date.now() - 60_000);
    expect(await check(before)).toEqual(before);
    const cognito = globalSignOut();
    await createCognitoIdentity(
      { accountId: "sub-everywhere", email: "ada@example.com", accessToken: "access-token" },
      { region: "us-east-1", clientId: "web", fetch: cognito.fetch },
    ).signOutEverywhere();
    expect(cognito.sent).toEqual(["AWSCognitoIdentityProviderService.GlobalSignOut"]);
    expect(await check(before)).toBeNull();
    const after = session("sub-everywhere", Date.now() + 1);
    expect(await check(after)).toEqual(after);
    // Somebody else's sessions are untouched.
    expect(await check(session("sub-other", Date.now() - 60_000))).not.toBeNull();
  });

  it("a password change ends the member's other sessions the same way", async () => {
    const before = session("sub-password", Date.now() - 60_000);
    const cognito = globalSignOut();
    await createCognitoIdentity(
      { accountId: "sub-password", email: "grace@example.com", accessToken: "access-token" },
      { region: "us-east-1", clientId: "web", fetch: cognito.fetch },
    ).changePassword("Sunny-Day-42!", "Brand-New-Pass-7?");
    expect(cognito.sent.map((target) => target.split(".")[1])).toEqual(["ChangePassword", "GlobalSignOut"]);
    expect(await check(before)).toBeNull();
  });

  it("a later point never moves back, and the point goes with a deleted account", async () => {
    const later = new Date("2026-05-02T00:00:00Z");
    await recordSessionCutoff("sub-1", { db: database.db, now: later });
    await recordSessionCutoff("sub-1", { db: database.db, now: new Date("2026-05-01T00:00:00Z") });
    expect(await isAfterSessionCutoff("sub-1", new Date("2026-05-01T12:00:00Z"), { db: database.db })).toBe(false);
    expect(await isAfterSessionCutoff("sub-1", later, { db: database.db })).toBe(true);
    await forgetSessionCutoff("sub-1", database.db);
    expect(await database.db.select().from(identitySessionCutoffs)).toEqual([]);
  });
});
