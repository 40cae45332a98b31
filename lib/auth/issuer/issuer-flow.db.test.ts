import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Provider from "oidc-provider";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../db/testing";
import type { Database } from "../../db/open";
import { confirmSignUp, signIn, signOutEverywhere, signUp } from "../../identity";
import { lastCodeSentTo } from "../../identity/test-helpers";
import { refreshIfNeeded, defaultRefreshDependencies } from "../refresh";
import { createIssuer, finishLoginInteraction, handleIssuerRequest } from "./provider";

/**
 * The built-in issuer end to end over HTTP, as Auth.js drives it: authorization request with PKCE
 * S256, state and nonce; the app's sign-in finishing the login interaction; the code exchanged for
 * tokens; a refresh; and revocation on "sign out everywhere".
 */
let database: Database;
let server: Server;
let provider: Provider;
let base: string;
const client = { clientId: "happr-web", clientSecret: "test-client-secret-123", redirect: "http://app.test/api/auth/callback/happr" };
const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`;

class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      this.cookies.set(name!.trim(), rest.join("="));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = createServer((req, res) => void handleIssuerRequest(provider, "/api/oidc", req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = await createIssuer({
    issuer: `${base}/api/oidc`,
    siteUrl: "http://app.test",
    client: { ...client, redirectUris: [client.redirect], postLogoutRedirectUris: ["http://app.test/"] },
    db: database.db,
  });
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

async function createMember(email: string) {
  await signUp({ email, password: "Str0ng!Passw0rd", givenName: "Ada", familyName: "Lovelace" }, { mfa: "optional" });
  await confirmSignUp({ email, code: await lastCodeSentTo(database.db, email) }, { mfa: "optional" });
  const result = await signIn({ email, password: "Str0ng!Passw0rd" }, { mfa: "optional", clientAddress: "203.0.113.9" });
  if (!result.signedIn) throw new Error("expected a direct sign-in");
  return result.accountId;
}

function authorizationUrl(challenge: string | undefined, state: string, nonce: string) {
  const url = new URL(`${base}/api/oidc/auth`);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirect,
    response_type: "code",
    scope: "openid email profile",
    state,
    nonce,
    ...(challenge ? { code_challenge: challenge, code_challenge_method: "S256" } : {}),
  }).toString();
  return url;
}

async function authorize(accountId: string) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const jar = new Jar();
  const start = await fetch(authorizationUrl(challenge, "state-1", "nonce-1"), { redirect: "manual" });
  jar.take(start);
  const interactionUrl = new URL(start.headers.get("location")!);
  expect(`${interactionUrl.origin}${interactionUrl.pathname}`).toBe("http://app.test/auth/sign-in");
  const uid = interactionUrl.searchParams.get("interaction")!;

  const returnTo = await finishLoginInteraction(provider, uid, accountId);
  expect(returnTo).toBe(`${base}/api/oidc/auth/${uid}`);
  const resumed = await fetch(returnTo!, { redirect: "manual", headers: { cookie: jar.header() } });
  jar.take(resumed);
  // No consent screen: the first-party client's grant is given, straight back to the app.
  const callback = new URL(resumed.headers.get("location")!);
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
    const wrong = await token({ grant_type: "authorization_code", code, redirect_uri: client.redirect, code_verifier: "x".repeat(43) });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");

    const second = await authorize(accountId);
    const exchanged = await token({ grant_type: "authorization_code", code: second.code, redirect_uri: client.redirect, code_verifier: second.verifier });
    expect(exchanged.status).toBe(200);
    const tokens = await exchanged.json();
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({ iss: `${base}/api/oidc`, sub: accountId, aud: client.clientId, nonce: "nonce-1", email: "ada@example.com", name: "Ada Lovelace" });
    void verifier;

    const refreshed = await refreshIfNeeded(
      { tokenEndpoint: `${base}/api/oidc/token`, clientId: client.clientId, clientSecret: client.clientSecret, tokens: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: Date.now() } },
      defaultRefreshDependencies,
    );
    expect(refreshed.kind).toBe("refreshed");
    const current = refreshed.kind === "refreshed" ? refreshed.tokens : undefined;
    expect(current?.accessToken).not.toBe(tokens.access_token);

    const userinfo = await fetch(`${base}/api/oidc/me`, { headers: { authorization: `Bearer ${current!.accessToken}` } });
    expect(await userinfo.json()).toMatchObject({ sub: accountId, email: "ada@example.com" });

    // Sign out everywhere: the issuer's grants go, so the next refresh signs the member out.
    await signOutEverywhere(accountId);
    const after = await refreshIfNeeded(
      { tokenEndpoint: `${base}/api/oidc/token`, clientId: client.clientId, clientSecret: client.clientSecret, tokens: { ...current!, expiresAt: Date.now() } },
      defaultRefreshDependencies,
    );
    expect(after).toMatchObject({ kind: "signed-out" });
  });

  it("refuses the token request of a client with the wrong secret", async () => {
    const response = await token({ grant_type: "authorization_code", code: "x", redirect_uri: client.redirect, code_verifier: "y".repeat(43) }, `Basic ${Buffer.from("happr-web:nope").toString("base64")}`);
    expect(response.status).toBe(401);
  });
});
