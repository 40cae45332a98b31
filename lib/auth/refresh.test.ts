import { describe, expect, it, vi } from "vitest";
import {
  MAX_REFRESH_ATTEMPTS,
  REFRESH_AHEAD_MS,
  SESSION_INVALID_MESSAGES,
  backoffDelay,
  isSessionInvalidError,
  refreshIfNeeded,
  type RefreshDependencies,
  type Tokens,
} from "./refresh";

const NOW = 1_800_000_000_000;

function deps(responses: Array<Response | Error>, random = 0.5) {
  const sleeps: number[] = [];
  const fetchMock = vi.fn(async () => {
    const next = responses.shift();
    if (!next) throw new Error("no more responses");
    if (next instanceof Error) throw next;
    return next;
  });
  const dependencies: RefreshDependencies = {
    fetch: fetchMock as unknown as typeof fetch,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => NOW,
    random: () => random,
  };
  return { dependencies, sleeps, fetchMock };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const tokens = (expiresInMs: number, refreshToken: string | undefined = "rt-1"): Tokens => ({
  accessToken: "at-1",
  refreshToken,
  idToken: "id-1",
  expiresAt: NOW + expiresInMs,
});
const request = (t: Tokens) => ({
  tokenEndpoint: "https://issuer.test/token",
  clientId: "web",
  clientSecret: "s3cret",
  tokens: t,
});

describe("backoffDelay", () => {
  it("grows as 100·2^n plus jitter below 100 ms, capped at 5 s", () => {
    expect(backoffDelay(0, () => 0)).toBe(100);
    expect(backoffDelay(1, () => 0)).toBe(200);
    expect(backoffDelay(3, () => 0.5)).toBe(850);
    expect(backoffDelay(5, () => 0.999)).toBe(3299);
    expect(backoffDelay(6, () => 0)).toBe(5000);
    expect(backoffDelay(20, () => 0.9)).toBe(5000);
  });
});

describe("isSessionInvalidError", () => {
  it.each(SESSION_INVALID_MESSAGES.map((message) => [message]))("treats %j as the end of the session", (message) => {
    expect(isSessionInvalidError({ __type: "SomethingException", message })).toBe(true);
    expect(isSessionInvalidError({ error: "server_error", error_description: message })).toBe(true);
  });

  it("treats NotAuthorizedException and invalid_grant as the end of the session", () => {
    expect(isSessionInvalidError({ __type: "NotAuthorizedException", message: "whatever" })).toBe(true);
    expect(isSessionInvalidError({ __type: "com.amazonaws#NotAuthorizedException" })).toBe(true);
    expect(isSessionInvalidError({ error: "invalid_grant" })).toBe(true);
  });

  it("does not treat passing failures as the end of the session", () => {
    expect(isSessionInvalidError({ message: "Network Error" })).toBe(false);
    expect(isSessionInvalidError({ error: "temporarily_unavailable" })).toBe(false);
    expect(isSessionInvalidError(undefined)).toBe(false);
  });
});

describe("refreshIfNeeded", () => {
  it("leaves tokens alone well before expiry", async () => {
    const { dependencies, fetchMock } = deps([]);
    const outcome = await refreshIfNeeded(request(tokens(REFRESH_AHEAD_MS + 10_000)), dependencies);
    expect(outcome.kind).toBe("current");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refreshes shortly before expiry with the refresh token and client credentials", async () => {
    const { dependencies, fetchMock } = deps([json(200, { access_token: "at-2", expires_in: 3600, id_token: "id-2" })]);
    const outcome = await refreshIfNeeded(request(tokens(REFRESH_AHEAD_MS - 1)), dependencies);
    expect(outcome).toEqual({
      kind: "refreshed",
      tokens: { accessToken: "at-2", refreshToken: "rt-1", idToken: "id-2", expiresAt: NOW + 3_600_000 },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://issuer.test/token");
    expect(String(init.body)).toBe("grant_type=refresh_token&refresh_token=rt-1&client_id=web");
    expect((init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from("web:s3cret").toString("base64")}`,
    );
  });

  it("takes a rotated refresh token", async () => {
    const { dependencies } = deps([json(200, { access_token: "at-2", expires_in: 60, refresh_token: "rt-2" })]);
    const outcome = await refreshIfNeeded(request(tokens(0)), dependencies);
    expect(outcome.kind === "refreshed" && outcome.tokens.refreshToken).toBe("rt-2");
  });

  it("retries passing failures with exponential backoff, then succeeds", async () => {
    const { dependencies, sleeps, fetchMock } = deps(
      [
        new TypeError("fetch failed"),
        json(503, { message: "down" }),
        json(429, {}),
        json(200, { access_token: "at-2", expires_in: 60 }),
      ],
      0,
    );
    const outcome = await refreshIfNeeded(request(tokens(1000)), dependencies);
    expect(outcome.kind).toBe("refreshed");
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(sleeps).toEqual([100, 200, 400]);
  });

  it("keeps the session after repeated network errors while the access token is valid", async () => {
    const failures = Array.from({ length: MAX_REFRESH_ATTEMPTS }, () => new TypeError("fetch failed"));
    const { dependencies, fetchMock } = deps(failures);
    const outcome = await refreshIfNeeded(request(tokens(1000)), dependencies);
    expect(outcome).toEqual({ kind: "kept", tokens: tokens(1000), reason: "Network Error" });
    expect(fetchMock).toHaveBeenCalledTimes(MAX_REFRESH_ATTEMPTS);
  });

  it("signs out after network errors once the access token has expired", async () => {
    const failures = Array.from({ length: MAX_REFRESH_ATTEMPTS }, () => new TypeError("fetch failed"));
    const { dependencies } = deps(failures);
    expect(await refreshIfNeeded(request(tokens(-1)), dependencies)).toEqual({
      kind: "signed-out",
      reason: "Network Error",
    });
  });

  it.each([
    [json(400, { error: "invalid_grant", error_description: "grant request is invalid" })],
    [json(400, { __type: "NotAuthorizedException", message: "Refresh Token has been revoked" })],
    [json(400, { error: "unauthorized", error_description: "User is disabled." })],
  ])("signs out at once when the issuer says the session is over", async (response) => {
    const { dependencies, fetchMock, sleeps } = deps([response]);
    const outcome = await refreshIfNeeded(request(tokens(30_000)), dependencies);
    expect(outcome.kind).toBe("signed-out");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([]);
  });

  it("does not retry other client errors, and keeps the still-valid session", async () => {
    const { dependencies, fetchMock } = deps([json(401, { error: "invalid_client" })]);
    const outcome = await refreshIfNeeded(request(tokens(30_000)), dependencies);
    expect(outcome).toMatchObject({ kind: "kept", reason: "invalid_client" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("signs out an expired session that has no refresh token", async () => {
    const { dependencies } = deps([]);
    expect((await refreshIfNeeded(request(tokens(-1, undefined)), dependencies)).kind).toBe("signed-out");
  });
});
