import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createGraphQLServer } from "@/graphql/server";
import { ops } from "@/graphql/test-helpers";
import { getConfig } from "@/lib/config";
import { changePassword, signOutEverywhere } from "@/lib/identity/builtin/accounts";
import { getDb } from "@/lib/db/client";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService } from "@/lib/billing/service";
import { setPasswordHashParamsForTests } from "@/lib/identity/password";
import { deleteMemberAccount } from "@/lib/member-data";
import { updateUserProfile } from "@/lib/profile";
import { getTokenVerifier, resolveCaller } from "../../../auth/caller";
import { identityOidcModels } from "@/lib/db/schema/identity";
import { storedCredentialId } from "./adapter";
import { NATIVE_APP_CLIENT_IDS } from "./native-apps";
import { endIssuerSession, ISSUER_SESSION_COOKIE } from ".";
import { finishLoginInteraction } from "./provider";
import { Jar, startTestIssuer, testClient, type TestIssuer } from "./testing";

/**
 * The iOS and Android apps against the built-in issuer over HTTP, as an app's OAuth library drives
 * it (no client secret): PKCE S256, refresh-token rotation with replay detection, revocation, and
 * the attacks RFC 8252 and the OAuth security BCP name: a code intercepted without its verifier, a
 * code or refresh token used twice, a redirect URI nobody registered, a client nobody registered.
 */
type App = { clientId: string; redirect: string };
const IOS: App = { clientId: NATIVE_APP_CLIENT_IDS.ios, redirect: "app.happr.ios:/oauth/callback" };
const ANDROID: App = { clientId: NATIVE_APP_CLIENT_IDS.android, redirect: "app.happr.android:/oauth/callback" };
const GRACE = { statusCode: 200, firstName: "Grace" };
const REFUSED = { statusCode: 401, firstName: undefined };
const SCOPES = "openid email profile phone offline_access";
const PASSWORD = "Str0ng!Passw0rd";

let issuer: TestIssuer;
let accountId: string;

const api = createGraphQLServer({
  resolveCaller: (request) =>
    resolveCaller(request, { verifyToken: getTokenVerifier(), cookieSession: async () => undefined }),
  billing: () => Promise.reject(new Error("no billing in this test")),
  siteUrl: "http://app.test",
  limitProviderCall: async () => ({ allowed: true, remaining: 100, retryAfterSeconds: 0 }),
  production: true,
});

beforeAll(async () => {
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  // The app's own issuer string (from SITE_URL), as in production: its tokens name it.
  issuer = await startTestIssuer({ issuer: getConfig().identity.issuer });
  accountId = await issuer.createMember("app-user@example.com");
  // The profile getUserProfile shows, so a test can tell whose it is.
  await updateUserProfile(accountId, { firstName: "Grace" });
}, 60_000);

afterAll(async () => {
  setPasswordHashParamsForTests(undefined);
  await issuer.close();
});

afterEach(() => vi.useRealTimers());

/** getUserProfile as an app calls it: the status the API answers and whose first name it shows. */
async function profileWith(accessToken: string) {
  const response = await api.fetch("http://app.test/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query: ops.getUserProfile }),
  });
  const body = (await response.json()) as {
    data: { getUserProfile: { statusCode: number; user: { firstName: string | null } | null } };
  };
  return { statusCode: body.data.getUserProfile.statusCode, firstName: body.data.getUserProfile.user?.firstName };
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** An authorization request; a parameter given as undefined is left out. */
function authorizationUrl(params: Record<string, string | undefined>) {
  const defaults = {
    client_id: IOS.clientId,
    redirect_uri: IOS.redirect,
    response_type: "code",
    scope: SCOPES,
    state: "state-1",
    nonce: "nonce-1",
    code_challenge_method: "S256",
  };
  const url = new URL(`${issuer.base}/api/oidc/auth`);
  for (const [name, value] of Object.entries({ ...defaults, ...params }))
    if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/**
 * One app sign-in through the system browser (`jar`): the authorization request, the member signing
 * in on the sign-in pages (the interaction finished as the pages do), and the redirect to the app.
 */
async function appSignIn(
  options: { app?: App; jar?: Jar; params?: Record<string, string | undefined>; account?: string } = {},
) {
  const app = options.app ?? IOS;
  const jar = options.jar ?? new Jar();
  const { verifier, challenge } = pkce();
  const start = jar.take(
    await fetch(
      authorizationUrl({
        client_id: app.clientId,
        redirect_uri: app.redirect,
        code_challenge: challenge,
        ...options.params,
      }),
      { redirect: "manual" },
    ),
  );
  const signInPage = new URL(start.headers.get("location")!);
  expect(`${signInPage.origin}${signInPage.pathname}`).toBe("http://app.test/auth");
  const completion = await finishLoginInteraction(issuer.provider, jar.header(), options.account ?? accountId);
  if (!("returnTo" in completion)) throw new Error(`sign-in refused: ${completion.refused}`);
  // The issuer names itself after SITE_URL; this one answers on loopback.
  const resume = new URL(completion.returnTo);
  const resumed = jar.take(
    await fetch(`${issuer.base}${resume.pathname}${resume.search}`, {
      redirect: "manual",
      headers: { cookie: jar.header() },
    }),
  );
  const callback = resumed.headers.get("location")!;
  return { callback: new URL(callback), callbackText: callback, verifier, jar };
}

const tokenRequest = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${issuer.base}/api/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body),
  });

const exchange = (code: string, verifier: string | undefined, app = IOS) =>
  tokenRequest({
    grant_type: "authorization_code",
    client_id: app.clientId,
    code,
    redirect_uri: app.redirect,
    ...(verifier ? { code_verifier: verifier } : {}),
  });

const refresh = (refreshToken: string, app = IOS) =>
  tokenRequest({ grant_type: "refresh_token", client_id: app.clientId, refresh_token: refreshToken });

type Tokens = {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
};

async function signedInApp(app = IOS, account?: string): Promise<Tokens> {
  const { callback, verifier } = await appSignIn({ app, account });
  const response = await exchange(callback.searchParams.get("code")!, verifier, app);
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

async function oauthError(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: string }) };
}

describe("the apps sign in (authorization code + PKCE S256, no client secret)", () => {
  it("sends the app back to its scheme with the code and its state; the code and verifier give 15-minute tokens /graphql takes", async () => {
    const { callback, callbackText, verifier } = await appSignIn();
    expect(callbackText.startsWith("app.happr.ios:/oauth/callback?")).toBe(true);
    expect(callback.searchParams.get("state")).toBe("state-1");
    const response = await exchange(callback.searchParams.get("code")!, verifier);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 900, refresh_token: expect.any(String) });
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      aud: IOS.clientId,
      sub: accountId,
      nonce: "nonce-1",
      email: "app-user@example.com",
    });
    expect(await profileWith(tokens.access_token)).toEqual(GRACE);
  });

  it("works the same for the Android app and for a registered https claimed link", async () => {
    const android = await signedInApp(ANDROID);
    expect(await profileWith(android.access_token)).toEqual(GRACE);
    const claimed = await appSignIn({ params: { redirect_uri: "https://app.test/ios/oauth/callback" } });
    expect(`${claimed.callback.origin}${claimed.callback.pathname}`).toBe("https://app.test/ios/oauth/callback");
  });

  it("asks for the password at every app sign-in, though the browser is signed in to the site", async () => {
    const { jar } = await appSignIn();
    // The web app in the same browser goes straight through (single sign-on) ...
    const web = issuer.authorizationUrl(pkce().challenge, "s", "n");
    const webStart = await fetch(web, { redirect: "manual", headers: { cookie: jar.header() } });
    expect(webStart.headers.get("location")).toMatch(/^http:\/\/app\.test\/api\/auth\/callback\/happr\?code=/);
    // ... the app does not: whatever claims its scheme on the phone gets no code without the member.
    const again = await fetch(authorizationUrl({ code_challenge: pkce().challenge }), {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    expect(again.headers.get("location")).toMatch(/^http:\/\/app\.test\/auth\?interaction=/);
    const silent = await fetch(authorizationUrl({ code_challenge: pkce().challenge, prompt: "none" }), {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    const refused = new URL(silent.headers.get("location")!);
    expect(refused.searchParams.get("error")).toBe("login_required");
    expect(refused.searchParams.get("code")).toBeNull();
  });
});

describe("bad authorization requests: the specifications' error, and nothing issued", () => {
  it("an unknown client gets an error page, never a redirect (RFC 6749 4.1.2.1)", async () => {
    const response = await fetch(authorizationUrl({ client_id: "evil-app", code_challenge: pkce().challenge }), {
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toMatch(/client is invalid|invalid_client/i);
  });

  it("a redirect URI the app did not register gets an error page, never a redirect (the code would go to whoever owns it)", async () => {
    for (const redirect of [
      "app.evil.ios:/oauth/callback",
      "app.happr.ios:/oauth/callback/other",
      "https://evil.example/cb",
      ANDROID.redirect,
    ]) {
      const response = await fetch(authorizationUrl({ redirect_uri: redirect, code_challenge: pkce().challenge }), {
        redirect: "manual",
      });
      expect(response.status, redirect).toBe(400);
      expect(response.headers.get("location"), redirect).toBeNull();
      expect(await response.text()).toMatch(/redirect_uri did not match/);
    }
  });

  it("a request without a code challenge, or with the plain method, is sent back with invalid_request (RFC 7636 4.4.1)", async () => {
    const { verifier } = pkce();
    for (const params of [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge: verifier, code_challenge_method: "plain" },
    ]) {
      const response = await fetch(authorizationUrl(params), { redirect: "manual" });
      const location = response.headers.get("location")!;
      expect(location.startsWith(`${IOS.redirect}?`)).toBe(true);
      const back = new URL(location);
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe("state-1");
      expect(back.searchParams.get("code")).toBeNull();
    }
  });

  it("a scope the apps are not given is dropped from the sign-in", async () => {
    const { callback, verifier } = await appSignIn({ params: { scope: `${SCOPES} admin` } });
    const tokens = (await (await exchange(callback.searchParams.get("code")!, verifier)).json()) as Tokens;
    expect(tokens.scope.split(" ")).not.toContain("admin");
  });
});

describe("bad token requests: invalid_grant or invalid_client, and nothing issued", () => {
  it("an intercepted code is useless without its verifier (another app claiming the scheme has no verifier)", async () => {
    const { callback, verifier } = await appSignIn();
    const code = callback.searchParams.get("code")!;
    expect(await oauthError(await exchange(code, undefined))).toMatchObject({ status: 400, error: "invalid_grant" });
    expect(await oauthError(await exchange(code, pkce().verifier))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    // Guessing a verifier (256 random bits) is hopeless, so failed tries do not spend the code: the app still gets its tokens.
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it("a code used twice is refused, and the tokens of its first use are revoked (RFC 6749 4.1.2)", async () => {
    const { callback, verifier } = await appSignIn();
    const code = callback.searchParams.get("code")!;
    const first = (await (await exchange(code, verifier)).json()) as Tokens;
    expect(await oauthError(await exchange(code, verifier))).toMatchObject({ status: 400, error: "invalid_grant" });
    expect(await profileWith(first.access_token)).toEqual(REFUSED);
    expect(await oauthError(await refresh(first.refresh_token))).toMatchObject({ status: 400, error: "invalid_grant" });
  });

  it("a code sent twice at once gives tokens once", async () => {
    const { callback, verifier } = await appSignIn();
    const code = callback.searchParams.get("code")!;
    const statuses = (await Promise.all([exchange(code, verifier), exchange(code, verifier)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 400]);
  });

  it("an expired code is refused (codes live 60 seconds)", async () => {
    const { callback, verifier } = await appSignIn();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await oauthError(await exchange(callback.searchParams.get("code")!, verifier))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
  });

  it("a code is redeemed only by the app it was issued to, at the redirect it was sent to", async () => {
    const { callback, verifier } = await appSignIn();
    const code = callback.searchParams.get("code")!;
    expect(await oauthError(await exchange(code, verifier, ANDROID))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    const other = await appSignIn();
    const wrongRedirect = await tokenRequest({
      grant_type: "authorization_code",
      client_id: IOS.clientId,
      code: other.callback.searchParams.get("code")!,
      redirect_uri: "https://app.test/ios/oauth/callback",
      code_verifier: other.verifier,
    });
    expect(await oauthError(wrongRedirect)).toMatchObject({ status: 400, error: "invalid_grant" });
  });

  it("an unknown client, or an app presenting a secret, is refused with invalid_client", async () => {
    const { callback, verifier } = await appSignIn();
    const code = callback.searchParams.get("code")!;
    const unknown = await tokenRequest({
      grant_type: "authorization_code",
      client_id: "evil-app",
      code,
      redirect_uri: IOS.redirect,
      code_verifier: verifier,
    });
    expect(await oauthError(unknown)).toMatchObject({ status: 401, error: "invalid_client" });
    const withSecret = await tokenRequest(
      { grant_type: "authorization_code", code, redirect_uri: IOS.redirect, code_verifier: verifier },
      { authorization: `Basic ${Buffer.from(`${IOS.clientId}:guessed`).toString("base64")}` },
    );
    expect(await oauthError(withSecret)).toMatchObject({ status: 401, error: "invalid_client" });
  });
});

describe("refresh tokens rotate at every use; a replay ends the whole sign-in", () => {
  it("gives a new refresh token each time; the old one replayed is refused and revokes the family, other sign-ins untouched", async () => {
    const otherDevice = await signedInApp(ANDROID);
    const first = await signedInApp();
    const secondResponse = await refresh(first.refresh_token);
    expect(secondResponse.status).toBe(200);
    const second = (await secondResponse.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_in).toBe(900);
    expect(await profileWith(second.access_token)).toEqual(GRACE);

    // Someone replays the first refresh token (stolen from a backup, say): refused ...
    expect(await oauthError(await refresh(first.refresh_token))).toMatchObject({ status: 400, error: "invalid_grant" });
    // ... and neither the thief nor the app can go on: the whole family is gone, the app signs in again.
    expect(await oauthError(await refresh(second.refresh_token))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    expect(await profileWith(second.access_token)).toEqual(REFUSED);
    expect(await profileWith(first.access_token)).toEqual(REFUSED);

    expect(await profileWith(otherDevice.access_token)).toEqual(GRACE);
    expect((await refresh(otherDevice.refresh_token, ANDROID)).status).toBe(200);
  });

  it("one refresh token sent twice at once refreshes once, and ends the family", async () => {
    const tokens = await signedInApp();
    const responses = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    const winner = (await responses.find((response) => response.status === 200)!.json()) as Tokens;
    expect(await oauthError(await refresh(winner.refresh_token))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
  });

  it("a refresh token expires after 30 days unused, and a sign-in after 90 days however often it refreshes", async () => {
    const idle = await signedInApp();
    const busy = await signedInApp();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    let current = busy.refresh_token;
    for (const day of [29, 58, 87]) {
      vi.setSystemTime(start + day * 86_400_000);
      const response = await refresh(current);
      expect(response.status, `day ${day}`).toBe(200);
      current = ((await response.json()) as Tokens).refresh_token;
    }
    expect(await oauthError(await refresh(idle.refresh_token))).toMatchObject({ status: 400, error: "invalid_grant" });
    vi.setSystemTime(start + 90 * 86_400_000 + 60_000);
    expect(await oauthError(await refresh(current))).toMatchObject({ status: 400, error: "invalid_grant" });
  });

  it("a refresh token is for the app it was issued to", async () => {
    const tokens = await signedInApp();
    expect(await oauthError(await refresh(tokens.refresh_token, ANDROID))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
  });

  it("neither the ID token nor the refresh token is a bearer token for /graphql", async () => {
    const tokens = await signedInApp();
    expect(await profileWith(tokens.id_token)).toEqual(REFUSED);
    expect(await profileWith(tokens.refresh_token)).toEqual(REFUSED);
  });

  it("access tokens stop working after 15 minutes", async () => {
    const tokens = await signedInApp();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    expect(await profileWith(tokens.access_token)).toEqual(REFUSED);
    // The refresh token still gives a fresh one.
    const refreshed = (await (await refresh(tokens.refresh_token)).json()) as Tokens;
    expect(await profileWith(refreshed.access_token)).toEqual(GRACE);
  });
});

describe("a copied token row is no credential (tokens and codes are stored by their SHA-256)", () => {
  type Row = { model: string; id: string; payload: unknown };
  const rowsOf = async (models: string[]) =>
    (await issuer.database.db.select().from(identityOidcModels)).filter((row) => models.includes(row.model)) as Row[];

  it("what the table holds is refused as a bearer token, a refresh token and a code; no token or code is in it", async () => {
    const tokens = await signedInApp();
    const pending = await appSignIn();
    const code = pending.callback.searchParams.get("code")!;

    // Whoever copied the rows presents what they hold: each row id, and each long string in a payload.
    const rows = await rowsOf(["AccessToken", "RefreshToken", "AuthorizationCode"]);
    const candidates = new Set<string>();
    for (const row of rows) {
      candidates.add(row.id);
      for (const value of Object.values(row.payload as Record<string, unknown>))
        if (typeof value === "string" && value.length >= 20) candidates.add(value);
    }
    for (const stolen of candidates) {
      expect(await profileWith(stolen), stolen).toEqual(REFUSED);
      expect((await oauthError(await refresh(stolen))).error, stolen).toBe("invalid_grant");
    }
    for (const row of rows.filter((candidate) => candidate.model === "AuthorizationCode"))
      expect((await oauthError(await exchange(row.id, pending.verifier))).error).toBe("invalid_grant");

    // At rest: each credential only as its SHA-256.
    const stored = JSON.stringify(rows);
    for (const secret of [code, tokens.access_token, tokens.refresh_token]) expect(stored).not.toContain(secret);
    expect(rows.find((row) => row.id === storedCredentialId(tokens.access_token))?.model).toBe("AccessToken");
    expect(rows.find((row) => row.id === storedCredentialId(tokens.refresh_token))?.model).toBe("RefreshToken");
    expect(rows.find((row) => row.id === storedCredentialId(code))?.model).toBe("AuthorizationCode");

    // The member's own tokens and code work as before: hashing is invisible to the app.
    expect(await profileWith(tokens.access_token)).toEqual(GRACE);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await profileWith(((await refreshed.json()) as Tokens).access_token)).toEqual(GRACE);
    expect((await exchange(code, pending.verifier)).status).toBe(200);
  });
});

describe("every app authorization request ends at the app's redirect URI (no stranded sign-in)", () => {
  it("prompt=consent (how OpenID clients ask for offline_access) signs in once and sends the code back, offline_access granted", async () => {
    const { callback, callbackText, verifier } = await appSignIn({ params: { prompt: "consent" } });
    expect(callbackText.startsWith(`${IOS.redirect}?`)).toBe(true);
    expect(callback.searchParams.get("state")).toBe("state-1");
    const response = await exchange(callback.searchParams.get("code")!, verifier);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens.scope.split(" ")).toContain("offline_access");
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(await profileWith(tokens.access_token)).toEqual(GRACE);
  });

  it("prompt=login and prompt=login consent end with a code too, for both apps", async () => {
    for (const [app, prompt] of [
      [IOS, "login"],
      [ANDROID, "login consent"],
      [ANDROID, "consent"],
    ] as const) {
      const { callbackText, callback } = await appSignIn({ app, params: { prompt } });
      expect(callbackText.startsWith(`${app.redirect}?`), prompt).toBe(true);
      expect(callback.searchParams.get("code"), prompt).toEqual(expect.any(String));
    }
  });

  it("prompt=none without a session, and with consent, answers a standard error at the redirect URI", async () => {
    for (const jar of [new Jar(), (await appSignIn()).jar]) {
      const silent = await fetch(authorizationUrl({ code_challenge: pkce().challenge, prompt: "none" }), {
        redirect: "manual",
        headers: { cookie: jar.header() },
      });
      const location = silent.headers.get("location")!;
      expect(location.startsWith(`${IOS.redirect}?`)).toBe(true);
      const back = new URL(location);
      expect(back.searchParams.get("error")).toBe("login_required");
      expect(back.searchParams.get("state")).toBe("state-1");
      expect(back.searchParams.get("code")).toBeNull();
    }
    const mixed = await fetch(authorizationUrl({ code_challenge: pkce().challenge, prompt: "none consent" }), {
      redirect: "manual",
    });
    const back = new URL(mixed.headers.get("location")!);
    expect(`${back.protocol}${back.pathname}`).toBe(IOS.redirect);
    expect(back.searchParams.get("error")).toBe("invalid_request");
  });
});

describe("revocation and the account's own sign-outs end the apps' tokens", () => {
  const revoke = (token: string, hint?: string) =>
    fetch(`${issuer.base}/api/oidc/token/revocation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: IOS.clientId, token, ...(hint ? { token_type_hint: hint } : {}) }),
    });

  it("revoking the refresh token (the app's sign-out) ends the sign-in: its access token too", async () => {
    const tokens = await signedInApp();
    expect((await revoke(tokens.refresh_token, "refresh_token")).status).toBe(200);
    expect(await oauthError(await refresh(tokens.refresh_token))).toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    expect(await profileWith(tokens.access_token)).toEqual(REFUSED);
  });

  it("revoking an access token ends that token", async () => {
    const tokens = await signedInApp();
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect(await profileWith(tokens.access_token)).toEqual(REFUSED);
  });

  it("an app cannot revoke another app's tokens", async () => {
    const android = await signedInApp(ANDROID);
    // RFC 7009 2.2: answered like any token the server does not know, and left alone.
    expect((await revoke(android.refresh_token)).status).toBe(200);
    expect((await revoke(android.access_token)).status).toBe(200);
    expect(await profileWith(android.access_token)).toEqual(GRACE);
  });

  it("sign out everywhere ends both apps' tokens", async () => {
    const ios = await signedInApp();
    const android = await signedInApp(ANDROID);
    await signOutEverywhere(accountId);
    for (const [tokens, app] of [
      [ios, IOS],
      [android, ANDROID],
    ] as const) {
      expect(await profileWith(tokens.access_token)).toEqual(REFUSED);
      expect(await oauthError(await refresh(tokens.refresh_token, app))).toMatchObject({
        status: 400,
        error: "invalid_grant",
      });
    }
  });

  it("logging out of the website in the browser the app signed in with leaves the app signed in", async () => {
    const { callback, verifier, jar } = await appSignIn();
    const app = (await (await exchange(callback.searchParams.get("code")!, verifier)).json()) as Tokens;
    // The website in the same browser: single sign-on, then its own tokens.
    const { verifier: webVerifier, challenge } = pkce();
    const webStart = await fetch(issuer.authorizationUrl(challenge, "s", "n"), {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    const webCode = new URL(webStart.headers.get("location")!).searchParams.get("code")!;
    const web = (await (await issuer.exchangeCode(webCode, webVerifier)).json()) as Tokens;

    const sessionId = /(?:^|; )_session=([^;]+)/.exec(jar.header())![1]!;
    expect(ISSUER_SESSION_COOKIE).toBe("_session");
    await endIssuerSession(sessionId);
    expect(await profileWith(web.access_token)).toEqual(REFUSED);
    expect(await profileWith(app.access_token)).toEqual(GRACE);
    expect((await refresh(app.refresh_token)).status).toBe(200);
  });

  it("a password change ends the apps' tokens", async () => {
    const ios = await signedInApp();
    await changePassword(accountId, { previousPassword: PASSWORD, proposedPassword: "An0ther!Passw0rd-2026" });
    expect(await profileWith(ios.access_token)).toEqual(REFUSED);
    expect(await oauthError(await refresh(ios.refresh_token))).toMatchObject({ status: 400, error: "invalid_grant" });
  });

  it("deleting the account ends the apps' tokens", async () => {
    const leaving = await issuer.createMember("leaving@example.com");
    const ios = await signedInApp(IOS, leaving);
    const android = await signedInApp(ANDROID, leaving);
    const billing = createBillingService(new SandboxBillingProvider({ getDb, siteUrl: "http://app.test" }), {
      siteUrl: "http://app.test",
    });
    const centre = createBuiltinIdentity({ accountId: leaving, email: "leaving@example.com" }, { mfa: "optional" });
    await deleteMemberAccount({ memberId: leaving, email: "leaving@example.com", name: "Ada Lovelace" }, PASSWORD, {
      security: centre,
      billing,
    });
    for (const [tokens, app] of [
      [ios, IOS],
      [android, ANDROID],
    ] as const) {
      expect(await profileWith(tokens.access_token)).toEqual(REFUSED);
      expect(await oauthError(await refresh(tokens.refresh_token, app))).toMatchObject({
        status: 400,
        error: "invalid_grant",
      });
    }
  });
});

describe("the web app is unchanged", () => {
  it("still signs in with its secret and gets hour-long access tokens", async () => {
    const { next, verifier } = await issuer.signInThroughIssuer(accountId);
    const tokens = (await (await issuer.exchangeCode(next.searchParams.get("code")!, verifier)).json()) as Tokens;
    expect(tokens.expires_in).toBe(3600);
    expect(decodeJwt(tokens.id_token).aud).toBe(testClient.clientId);
  });
});
