import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOutEverywhere } from "../accounts";
import { refreshIfNeeded, defaultRefreshDependencies } from "../../../auth/refresh";
import { Jar, startTestIssuer, testClient as client, type TestIssuer } from "./testing";

/**
 * The built-in issuer end to end over HTTP, as Auth.js drives it: authorization request with PKCE
 * S256, state and nonce; the app's sign-in finishing the login interaction; the code exchanged for
 * tokens; a refresh; and revocation on "sign out everywhere".
 */
let issuer: TestIssuer;
let base: string;
const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`;

beforeAll(async () => {
  issuer = await startTestIssuer();
  base = issuer.base;
}, 60_000);

afterAll(() => issuer.close());

const createMember = (email: string) => issuer.createMember(email);
const authorizationUrl = (challenge: string | undefined, state: string, nonce: string) =>
  issuer.authorizationUrl(challenge, state, nonce);

async function authorize(accountId: string) {
  const { uid, verifier, jar, completion, next: callback } = await issuer.signInThroughIssuer(accountId);
  expect(completion).toEqual({ returnTo: `${base}/api/oidc/auth/${uid}` });
  // No consent screen: the first-party client's grant is given, straight back to the app.
  expect(`${callback.origin}${callback.pathname}`).toBe(client.redirect);
  expect(callback.searchParams.get("state")).toBe("state-1");
  return { code: callback.searchParams.get("code")!, verifier, jar };
}

const token = (body: Record<string, string>, auth = basic) =>
  fetch(`${base}/api/oidc/token`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });

describe("built-in issuer", () => {
  it("sends the browser to sign in at <SITE_URL>/auth, where its interaction cookie is scoped", async () => {
    const { signInUrl } = await issuer.startSignIn(new Jar());
    expect(`${signInUrl.origin}${signInUrl.pathname}`).toBe("http://app.test/auth");
  });

  it("publishes discovery with the exact issuer and S256 PKCE", async () => {
    const discovery = await (await fetch(`${base}/api/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${base}/api/oidc`);
    expect(discovery.token_endpoint).toBe(`${base}/api/oidc/token`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.end_session_endpoint).toBe(`${base}/api/oidc/session/end`);
  });

  it("refuses an authorization request without PKCE", async () => {
    const response = await fetch(authorizationUrl(undefined, "s", "n"), { redirect: "manual" });
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
  });

  it("runs the authorization-code flow with PKCE, then refreshes, then revokes on sign-out everywhere", async () => {
    const accountId = await createMember("ada@example.com");
    const { code, verifier } = await authorize(accountId);

    // A wrong verifier is refused (and a code is single-use, so take a fresh one afterwards).
    const wrong = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: client.redirect,
      code_verifier: "x".repeat(43),
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");

    const second = await authorize(accountId);
    const exchanged = await token({
      grant_type: "authorization_code",
      code: second.code,
      redirect_uri: client.redirect,
      code_verifier: second.verifier,
    });
    expect(exchanged.status).toBe(200);
    const tokens = await exchanged.json();
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      iss: `${base}/api/oidc`,
      sub: accountId,
      aud: client.clientId,
      nonce: "nonce-1",
      email: "ada@example.com",
      name: "Ada Lovelace",
    });
    // When the member signed in (the password, here): the account pages' recent sign-in.
    expect(idToken.auth_time).toEqual(expect.any(Number));
    expect(Math.abs(Number(idToken.auth_time) * 1000 - Date.now())).toBeLessThan(120_000);
    void verifier;

    const refreshed = await refreshIfNeeded(
      {
        tokenEndpoint: `${base}/api/oidc/token`,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        tokens: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: Date.now() },
      },
      defaultRefreshDependencies,
    );
    expect(refreshed.kind).toBe("refreshed");
    const current = refreshed.kind === "refreshed" ? refreshed.tokens : undefined;
    expect(current?.accessToken).not.toBe(tokens.access_token);

    const userinfo = await fetch(`${base}/api/oidc/me`, {
      headers: { authorization: `Bearer ${current!.accessToken}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: accountId, email: "ada@example.com" });

    // Sign out everywhere: the issuer's grants go, so the next refresh signs the member out.
    await signOutEverywhere(accountId);
    const after = await refreshIfNeeded(
      {
        tokenEndpoint: `${base}/api/oidc/token`,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        tokens: { ...current!, expiresAt: Date.now() },
      },
      defaultRefreshDependencies,
    );
    expect(after).toMatchObject({ kind: "signed-out" });
  });

  it("refuses the token request of a client with the wrong secret", async () => {
    const response = await token(
      { grant_type: "authorization_code", code: "x", redirect_uri: client.redirect, code_verifier: "y".repeat(43) },
      `Basic ${Buffer.from("happr-web:nope").toString("base64")}`,
    );
    expect(response.status).toBe(401);
  });
});
