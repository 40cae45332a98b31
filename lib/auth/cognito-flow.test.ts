import { createHash, randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import { NextRequest } from "next/server";
import {
  OAuth2Server,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from "oauth2-mock-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { getUserProfile, updateUserProfile } from "@/lib/profile";

/**
 * The app's Cognito configuration (lib/config.ts -> lib/auth/config.ts -> auth.ts) driven through
 * Auth.js's own route handlers against oauth2-mock-server dressed as a Cognito user pool: the pool's
 * issuer on cognito-idp, the authorize/token/revoke endpoints on the hosted domain. Every request
 * Auth.js or the app makes goes through `fetch`, routed here to the mock; anything else fails the test.
 */
const POOL_ID = "us-east-1_HapprFlow1";
const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${POOL_ID}`;
const DOMAIN = "https://happr-test.auth.us-east-1.amazoncognito.com";
const CLIENT_ID = "happrwebclient1";
const SITE = "http://localhost:3000";
const SESSION_COOKIE = "authjs.session-token";

let server: OAuth2Server;
// The app's own tables (ended sessions, the member's profile): in memory, for this file.
useTestDatabase();
let mockOrigin = "";
const realFetch = globalThis.fetch;
/** What reached the "Cognito" side, in order. */
let seen: { url: string; body?: URLSearchParams }[] = [];
let poolCalls: { action: string; body: Record<string, unknown> }[] = [];

async function cognitoFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  const body =
    typeof init?.body === "string"
      ? new URLSearchParams(init.body)
      : init?.body instanceof URLSearchParams
        ? init.body
        : undefined;
  seen.push({ url: url.toString(), body });
  if (url.origin === new URL(ISSUER).origin && url.pathname.startsWith(`/${POOL_ID}/`)) {
    const path = url.pathname.slice(POOL_ID.length + 1);
    const response = await realFetch(`${mockOrigin}${path}${url.search}`, init);
    if (path !== "/.well-known/openid-configuration") return response;
    // Like Cognito: the pool's discovery document sends the browser and the token calls to the hosted domain.
    const document = (await response.json()) as Record<string, unknown>;
    return Response.json({
      ...document,
      authorization_endpoint: `${DOMAIN}/oauth2/authorize`,
      token_endpoint: `${DOMAIN}/oauth2/token`,
      userinfo_endpoint: `${DOMAIN}/oauth2/userInfo`,
      revocation_endpoint: `${DOMAIN}/oauth2/revoke`,
      end_session_endpoint: undefined,
    });
  }
  if (url.origin === DOMAIN) return realFetch(`${mockOrigin}${url.pathname}${url.search}`, init);
  // The user-pool API (the security centre's calls): GlobalSignOut as Cognito answers it.
  const target = new Headers(init?.headers).get("x-amz-target");
  if (url.toString() === `${new URL(ISSUER).origin}/` && target) {
    poolCalls.push({
      action: target.replace("AWSCognitoIdentityProviderService.", ""),
      body: JSON.parse(String(init?.body)),
    });
    if (target.endsWith(".GlobalSignOut")) return Response.json({});
  }
  throw new Error(`unexpected request to ${url}`);
}

type Handlers = { GET: (request: NextRequest) => Promise<Response>; POST: (request: NextRequest) => Promise<Response> };
let handlers: Handlers;
let signOutRoute: (request: NextRequest) => Promise<Response>;
let signOutEverywhereRoute: (request: NextRequest) => Promise<Response>;
let decodeSession: (token: string) => Promise<Record<string, unknown> | null>;

beforeAll(async () => {
  server = new OAuth2Server(undefined, undefined, {
    endpoints: {
      authorize: "/oauth2/authorize",
      token: "/oauth2/token",
      userinfo: "/oauth2/userInfo",
      revoke: "/oauth2/revoke",
      jwks: "/.well-known/jwks.json",
    },
  });
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  mockOrigin = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = ISSUER;
  // Cognito's claims: who the member is, and which kind of token this is.
  server.service.on("beforeTokenSigning", (token: MutableToken) => {
    Object.assign(token.payload, {
      jti: randomUUID(),
      sub: "2b8e6d0c-7f1a-4c55-9d1e-5a4f0c3b9e21",
      email: "ada@example.com",
      given_name: "Ada",
      family_name: "Lovelace",
      phone_number: "+14155552671",
    });
  });

  vi.stubEnv("NODE_ENV", "test");
  vi.stubEnv("SITE_URL", SITE);
  vi.stubEnv("AUTH_SECRET", "cognito-flow-test-secret-0123456789abcdef");
  vi.stubEnv("COGNITO_USER_POOL_ID", POOL_ID);
  vi.stubEnv("COGNITO_CLIENT_ID", CLIENT_ID);
  vi.stubEnv("COGNITO_DOMAIN", new URL(DOMAIN).host);
  vi.stubGlobal("fetch", cognitoFetch);

  // Imported only now: the configuration is read from the environment on first use. auth.ts's handlers
  // are next-auth's thin wrapper over @auth/core's Auth() with this configuration (next-auth itself
  // cannot load outside Next's bundler: it imports "next/server" without an extension).
  const { Auth, setEnvDefaults } = await import("@auth/core");
  const { buildAuthConfig } = await import("./config");
  const config = buildAuthConfig();
  setEnvDefaults(process.env, config as Parameters<typeof setEnvDefaults>[1], true);
  const handle = (request: NextRequest) => Auth(request, config as Parameters<typeof Auth>[1]);
  handlers = { GET: handle, POST: handle };
  signOutRoute = (await import("@/app/(auth)/auth/sign-out/route")).POST;
  signOutEverywhereRoute = (await import("@/app/(auth)/auth/sign-out-everywhere/route")).POST;
  const { decode } = await import("next-auth/jwt");
  decodeSession = async (token) =>
    (await decode({ token, secret: "cognito-flow-test-secret-0123456789abcdef", salt: SESSION_COOKIE })) as Record<
      string,
      unknown
    > | null;
}, 30_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await server.stop();
});

afterEach(() => {
  server.service.removeAllListeners("beforeResponse");
  seen = [];
});

/** A browser's cookies for the site. */
class Jar {
  private cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  names() {
    return [...this.cookies.keys()];
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split("=")[1]!) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  request(path: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const headers = new Headers({ cookie: this.header() });
    if (init.body) headers.set("content-type", "application/x-www-form-urlencoded");
    return new NextRequest(new URL(path, SITE), { method: init.method ?? "GET", headers, body: init.body });
  }
}

/** Starts a sign-in the way the app's /auth/start does (Auth.js's sign-in endpoint), answers the hosted UI's redirect URL. */
async function startSignIn(jar: Jar): Promise<URL> {
  const csrf = jar.take(await handlers.GET(jar.request("/api/auth/csrf")));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = jar.take(
    await handlers.POST(
      jar.request("/api/auth/signin/cognito", {
        method: "POST",
        body: new URLSearchParams({ csrfToken, callbackUrl: `${SITE}/my-account` }),
      }),
    ),
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** The member signs in at the hosted UI: the pool redirects back with a code and the state. */
async function hostedSignIn(authorize: URL): Promise<URL> {
  const response = await cognitoFetch(authorize, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

async function callback(jar: Jar, back: URL) {
  return jar.take(await handlers.GET(jar.request(`${back.pathname}${back.search}`)));
}

/** A refused callback: Auth.js logs why (state, nonce, PKCE) and sends the browser to the error page. */
async function refusedCallback(jar: Jar, back: URL, why: RegExp) {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const response = await callback(jar, back);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${SITE}/auth/sign-in\\?error=`));
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(error.mock.calls.flat().map(String).join("\n")).toMatch(why);
  } finally {
    error.mockRestore();
  }
}

async function signedInJar(): Promise<Jar> {
  const jar = new Jar();
  const back = await hostedSignIn(await startSignIn(jar));
  const response = await callback(jar, back);
  expect(response.headers.get("location")).toBe(`${SITE}/my-account`);
  return jar;
}

describe("Auth.js with the Cognito configuration", () => {
  it("runs the authorization code flow with PKCE S256, state and nonce, and keeps the tokens in the session cookie", async () => {
    const jar = new Jar();
    const authorize = await startSignIn(jar);
    expect(authorize.origin + authorize.pathname).toBe(`${DOMAIN}/oauth2/authorize`);
    const params = authorize.searchParams;
    expect(params.get("client_id")).toBe(CLIENT_ID);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("redirect_uri")).toBe(`${SITE}/api/auth/callback/cognito`);
    expect(params.get("scope")).toBe("openid email phone profile aws.cognito.signin.user.admin");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();

    const back = await hostedSignIn(authorize);
    expect(back.searchParams.get("state")).toBe(params.get("state"));
    const response = await callback(jar, back);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${SITE}/my-account`);

    // The code was exchanged at the hosted domain with the verifier behind the S256 challenge.
    const exchange = seen.find((request) => request.url === `${DOMAIN}/oauth2/token`);
    expect(exchange?.body?.get("grant_type")).toBe("authorization_code");
    const verifier = exchange!.body!.get("code_verifier")!;
    expect(createHash("sha256").update(verifier).digest("base64url")).toBe(params.get("code_challenge"));

    const session = await decodeSession(jar.get(SESSION_COOKIE)!);
    expect(session).toMatchObject({
      sub: "2b8e6d0c-7f1a-4c55-9d1e-5a4f0c3b9e21",
      email: "ada@example.com",
      name: "Ada Lovelace",
    });
    expect(typeof session!.accessToken).toBe("string");
    expect(typeof session!.refreshToken).toBe("string");
    expect(decodeJwt(session!.idToken as string)).toMatchObject({
      iss: ISSUER,
      aud: CLIENT_ID,
      nonce: params.get("nonce"),
    });

    const me = jar.take(await handlers.GET(jar.request("/api/auth/session")));
    expect(await me.json()).toMatchObject({ user: { email: "ada@example.com", name: "Ada Lovelace" } });
  });

  it("the first sign-in starts the profile with the ID token's names and phone; later edits stay the member's", async () => {
    const sub = "2b8e6d0c-7f1a-4c55-9d1e-5a4f0c3b9e21";
    await signedInJar();
    expect(await getUserProfile(sub)).toMatchObject({ firstName: "Ada", lastName: "Lovelace", phone: "+14155552671" });
    await updateUserProfile(sub, { firstName: "Augusta", phone: null });
    await signedInJar();
    expect(await getUserProfile(sub)).toMatchObject({ firstName: "Augusta", lastName: "Lovelace", phone: null });
  });

  it("refuses a callback whose state is not this browser's", async () => {
    const jar = new Jar();
    const back = await hostedSignIn(await startSignIn(jar));
    back.searchParams.set("state", "forged-state");
    await refusedCallback(jar, back, /state/);
    expect(seen.some((request) => request.url === `${DOMAIN}/oauth2/token`)).toBe(false);
  });

  it("refuses an ID token whose nonce is not the one this browser sent", async () => {
    const jar = new Jar();
    const back = await hostedSignIn(await startSignIn(jar));
    const replace = (token: MutableToken) => {
      if (token.payload.nonce) token.payload.nonce = "someone-elses-nonce";
    };
    server.service.on("beforeTokenSigning", replace);
    try {
      await refusedCallback(jar, back, /nonce/);
    } finally {
      server.service.removeListener("beforeTokenSigning", replace);
    }
  });

  it("refuses a callback without the browser's PKCE verifier (the pool checks it against the challenge)", async () => {
    const jar = new Jar();
    const back = await hostedSignIn(await startSignIn(jar));
    const pkceCookie = jar.names().find((name) => name.includes("pkce"));
    expect(pkceCookie).toBeDefined();
    // Another sign-in's verifier: a real one, just not the one behind this code's challenge.
    const other = new Jar();
    await startSignIn(other);
    jar.set(pkceCookie!, other.get(pkceCookie!)!);
    await refusedCallback(jar, back, /code_verifier provided does not match code_challenge/);
    const exchange = seen.filter((request) => request.url === `${DOMAIN}/oauth2/token`).at(-1);
    expect(exchange?.body?.get("code_verifier")).toBeTruthy();
  });

  it("refreshes the access token in the jwt callback before it expires", async () => {
    // This sign-in's access token lives 30 s: inside the refresh margin from the start.
    server.service.once("beforeResponse", (response: MutableResponse) => {
      if (typeof response.body === "object") response.body.expires_in = 30;
    });
    const jar = await signedInJar();
    const before = (await decodeSession(jar.get(SESSION_COOKIE)!))!;
    expect(before.expiresAt as number).toBeLessThan(Date.now() + 31_000);
    seen = [];

    const me = jar.take(await handlers.GET(jar.request("/api/auth/session")));
    expect(await me.json()).toMatchObject({ user: { email: "ada@example.com" } });
    const refresh = seen.find((request) => request.url === `${DOMAIN}/oauth2/token`);
    expect(refresh?.body?.get("grant_type")).toBe("refresh_token");
    expect(refresh?.body?.get("refresh_token")).toBe(before.refreshToken);
    expect(refresh?.body?.get("client_id")).toBe(CLIENT_ID);

    const after = (await decodeSession(jar.get(SESSION_COOKIE)!))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.expiresAt as number).toBeGreaterThan(Date.now() + 3_000_000);
    // The session itself is the same one: its start (the revocation reference) does not move.
    expect(after.issuedAtMs).toBe(before.issuedAtMs);
  });

  it("ends the session when the pool rejects the refresh token", async () => {
    server.service.once("beforeResponse", (response: MutableResponse) => {
      if (typeof response.body === "object") response.body.expires_in = 30;
    });
    const jar = await signedInJar();
    server.service.on("beforeResponse", (response: MutableResponse, request: TokenRequestIncomingMessage) => {
      if (request.body.grant_type !== "refresh_token") return;
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "Refresh Token has been revoked" };
    });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      const me = jar.take(await handlers.GET(jar.request("/api/auth/session")));
      expect(await me.json()).toBeNull();
      expect(jar.get(SESSION_COOKIE)).toBeUndefined();
      expect(info).toHaveBeenCalledWith(expect.stringContaining("session ended"));
    } finally {
      info.mockRestore();
    }
  });

  it("sign out everywhere: GlobalSignOut with the member's access token, and another browser's session is refused on its next request", async () => {
    const other = await signedInJar();
    const session = async (jar: Jar) => await jar.take(await handlers.GET(jar.request("/api/auth/session"))).json();
    expect(await session(other)).toMatchObject({ user: { email: "ada@example.com" } });
    // Its access token is still valid for most of an hour: only the app's revocation point can end it now.
    const otherToken = (await decodeSession(other.get(SESSION_COOKIE)!))!;
    expect(otherToken.expiresAt as number).toBeGreaterThan(Date.now() + 60_000);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const jar = await signedInJar();
    const accessToken = (await decodeSession(jar.get(SESSION_COOKIE)!))!.accessToken;
    poolCalls = [];
    const request = jar.request("/auth/sign-out-everywhere", { method: "POST" });
    request.headers.set("origin", SITE);
    const response = jar.take(await signOutEverywhereRoute(request));
    expect(response.status).toBe(303);
    expect(poolCalls).toEqual([{ action: "GlobalSignOut", body: { AccessToken: accessToken } }]);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();

    expect(await session(other)).toBeNull();
    expect(other.get(SESSION_COOKIE)).toBeUndefined();
    // A sign-in after it stands.
    const later = await signedInJar();
    expect(await session(later)).toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("signs out through Cognito's /logout with client_id and logout_uri, after revoking the refresh token", async () => {
    const jar = await signedInJar();
    const refreshToken = (await decodeSession(jar.get(SESSION_COOKIE)!))!.refreshToken;
    seen = [];
    const request = jar.request("/auth/sign-out", { method: "POST" });
    request.headers.set("origin", SITE);
    const response = jar.take(await signOutRoute(request));
    expect(response.status).toBe(303);
    const logout = new URL(response.headers.get("location")!);
    expect(logout.origin + logout.pathname).toBe(`${DOMAIN}/logout`);
    expect(Object.fromEntries(logout.searchParams)).toEqual({ client_id: CLIENT_ID, logout_uri: `${SITE}/` });
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    const revoke = seen.find((request) => request.url === `${DOMAIN}/oauth2/revoke`);
    expect(revoke?.body?.get("token")).toBe(refreshToken);
    expect(revoke?.body?.get("client_id")).toBe(CLIENT_ID);
  });
});
