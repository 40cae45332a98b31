import { describe, expect, it, vi } from "vitest";
import type { JWT } from "next-auth/jwt";
import { nextSessionToken } from "./config";
import type { RefreshDependencies } from "./refresh";

const NOW = 1_800_000_000_000;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function deps(options: { current?: boolean; ended?: string[]; responses?: Response[] } = {}) {
  const responses = [...(options.responses ?? [])];
  const refresh: RefreshDependencies = {
    fetch: vi.fn(
      async () => responses.shift() ?? Promise.reject(new TypeError("fetch failed")),
    ) as unknown as typeof fetch,
    sleep: async () => {},
    now: () => NOW,
    random: () => 0,
  };
  const isSessionCurrent = vi.fn(async () => options.current ?? true);
  const isSessionEnded = vi.fn(async (sessionId: string) => (options.ended ?? []).includes(sessionId));
  return {
    now: () => NOW,
    isSessionCurrent,
    isSessionEnded,
    newSessionId: () => "session-1",
    refresh,
    tokenEndpoint: "https://issuer.test/token",
    clientId: "web",
    clientSecret: "s",
  };
}

const signedIn: JWT = {
  sub: "acc-1",
  name: "Ada Lovelace",
  email: "ada@example.com",
  accessToken: "at-1",
  refreshToken: "rt-1",
  idToken: "id-1",
  expiresAt: NOW + 30 * 60_000,
  issuedAtMs: NOW - 60_000,
  sessionId: "session-0",
};

describe("the jwt callback's rules", () => {
  it("keeps the tokens, the profile and the start time at sign-in", async () => {
    const token = await nextSessionToken(
      {
        token: {},
        account: { access_token: "at", refresh_token: "rt", id_token: "it", expires_at: NOW / 1000 + 3600 },
        profile: { sub: "acc-1", email: "ada@example.com", given_name: "Ada", family_name: "Lovelace" },
      },
      deps(),
    );
    expect(token).toEqual({
      sub: "acc-1",
      name: "Ada Lovelace",
      email: "ada@example.com",
      accessToken: "at",
      refreshToken: "rt",
      idToken: "it",
      expiresAt: NOW + 3_600_000,
      issuedAtMs: NOW,
      sessionId: "session-1",
    });
  });

  it("keeps when the member signed in at the provider (the ID token's auth_time), never later than now", async () => {
    const signIn = (auth_time?: number) =>
      nextSessionToken(
        { token: {}, account: { access_token: "at", expires_in: 3600 }, profile: { sub: "acc-1", auth_time } },
        deps(),
      );
    expect((await signIn(NOW / 1000 - 600))?.authenticatedAtMs).toBe(NOW - 600_000);
    expect((await signIn(NOW / 1000 + 600))?.authenticatedAtMs).toBe(NOW);
    expect((await signIn(undefined))?.authenticatedAtMs).toBeUndefined();
  });

  it("a refresh keeps the sign-in time: refreshing is not signing in", async () => {
    const expiring = { ...signedIn, expiresAt: NOW + 10_000, authenticatedAtMs: NOW - 3_600_000 };
    const refreshed = await nextSessionToken(
      { token: expiring },
      deps({
        responses: [json(200, { access_token: "at-2", id_token: "id-2", expires_in: 3600, token_type: "Bearer" })],
      }),
    );
    expect(refreshed).toMatchObject({ accessToken: "at-2", authenticatedAtMs: NOW - 3_600_000 });
  });

  it("keeps a current session as it is, after checking it is not revoked", async () => {
    const d = deps();
    expect(await nextSessionToken({ token: signedIn }, d)).toBe(signedIn);
    expect(d.isSessionCurrent).toHaveBeenCalledWith("acc-1", new Date(NOW - 60_000));
    expect(d.refresh.fetch).not.toHaveBeenCalled();
  });

  it("signs out a revoked session even though its JWT has not expired", async () => {
    expect(await nextSessionToken({ token: signedIn }, deps({ current: false }))).toBeNull();
  });

  it("refuses a session that was logged out, wherever a copy of its cookie turns up", async () => {
    const d = deps({ ended: ["session-0"] });
    expect(await nextSessionToken({ token: signedIn }, d)).toBeNull();
    expect(d.isSessionEnded).toHaveBeenCalledWith("session-0");
    // Another session of the same member stands.
    const other = { ...signedIn, sessionId: "session-9" };
    expect(await nextSessionToken({ token: other }, d)).toBe(other);
  });

  it("refreshes an access token about to expire", async () => {
    const d = deps({ responses: [json(200, { access_token: "at-2", expires_in: 3600 })] });
    const token = await nextSessionToken({ token: { ...signedIn, expiresAt: NOW + 1000, error: "Network Error" } }, d);
    expect(token).toMatchObject({ accessToken: "at-2", refreshToken: "rt-1", expiresAt: NOW + 3_600_000 });
    expect(token?.error).toBeUndefined();
  });

  it.each([
    "Refresh Token has been revoked",
    "User is disabled.",
    "User does not exist.",
    "Password reset required for the user.",
  ])("signs the member out when the refresh answers %j", async (message) => {
    const d = deps({ responses: [json(400, { __type: "SomeException", message })] });
    expect(await nextSessionToken({ token: { ...signedIn, expiresAt: NOW + 1000 } }, d)).toBeNull();
  });

  it("keeps the session through a Network Error while the access token is valid", async () => {
    const token = await nextSessionToken({ token: { ...signedIn, expiresAt: NOW + 1000 } }, deps());
    expect(token).toMatchObject({ accessToken: "at-1", error: "Network Error" });
  });

  it("signs out a malformed session token", async () => {
    expect(await nextSessionToken({ token: { sub: "acc-1" } }, deps())).toBeNull();
  });
});
