import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Provider from "oidc-provider";
import { createTestDatabase } from "../../../db/testing";
import type { Database } from "../../../db/open";
import { confirmSignUp, signUp } from "../accounts";
import { signIn } from "../sign-in";
import { lastCodeSentTo } from "../test-helpers";
import { DEFAULT_NATIVE_REDIRECT_URIS } from "../../../config";
import { nativeAppClients } from "./native-apps";
import { createIssuer, finishLoginInteraction, handleIssuerRequest, type LoginCompletion } from "./provider";

/** Tests only: the built-in issuer served over HTTP on loopback, as the app mounts it, on a fresh database. */
export const testClient = {
  clientId: "happr-web",
  clientSecret: "test-client-secret-123",
  redirect: "http://app.test/api/auth/callback/happr",
};

/** The native apps as the issuer registers them by default, plus a claimed https link for iOS. */
const testNativeRedirects = {
  ios: [...DEFAULT_NATIVE_REDIRECT_URIS.ios, "https://app.test/ios/oauth/callback"],
  android: [...DEFAULT_NATIVE_REDIRECT_URIS.android],
};

/** One browser's cookies (name=value; the issuer's paths are all under the same origin). */
export class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (value === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export type TestIssuer = {
  base: string;
  provider: Provider;
  database: Database;
  /** The authorization request Auth.js sends (PKCE S256 when a challenge is given, state, nonce). */
  authorizationUrl(challenge: string | undefined, state: string, nonce: string): URL;
  /** Starts a sign-in as a browser would: answers the interaction's uid, its cookies in `jar`. */
  startSignIn(jar: Jar, headers?: Record<string, string>): Promise<{ uid: string; signInUrl: URL; verifier: string }>;
  /** A whole sign-in in one browser: started, finished for `accountId`, resumed; answers where the issuer sent it. */
  signInThroughIssuer(
    accountId: string,
  ): Promise<{ uid: string; verifier: string; jar: Jar; completion: LoginCompletion; next: URL }>;
  /** The token request Auth.js makes with the code the callback received. */
  exchangeCode(code: string, verifier: string): Promise<Response>;
  /** A confirmed account that can sign in, by email. */
  createMember(email: string): Promise<string>;
  close(): Promise<void>;
};

/** `issuer`: the string in its tokens (default: its own loopback URL); its URLs are built from it. */
export async function startTestIssuer(options: { issuer?: string } = {}): Promise<TestIssuer> {
  const database = await createTestDatabase();
  // The issuer's URL needs the server's port, so the server starts first and finds the issuer here.
  const started: { provider?: Provider } = {};
  const server: Server = createServer((req, res) => void handleIssuerRequest(started.provider!, "/api/oidc", req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = await createIssuer({
    issuer: options.issuer ?? `${base}/api/oidc`,
    siteUrl: "http://app.test",
    client: { ...testClient, redirectUris: [testClient.redirect], postLogoutRedirectUris: ["http://app.test/"] },
    nativeClients: nativeAppClients(testNativeRedirects),
    db: database.db,
  });
  started.provider = provider;

  function authorizationUrl(challenge: string | undefined, state: string, nonce: string) {
    const url = new URL(`${base}/api/oidc/auth`);
    url.search = new URLSearchParams({
      client_id: testClient.clientId,
      redirect_uri: testClient.redirect,
      response_type: "code",
      scope: "openid email profile",
      state,
      nonce,
      ...(challenge ? { code_challenge: challenge, code_challenge_method: "S256" } : {}),
    }).toString();
    return url;
  }

  async function startSignIn(jar: Jar, headers: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const start = jar.take(
      await fetch(authorizationUrl(challenge, "state-1", "nonce-1"), {
        redirect: "manual",
        headers: { ...headers, cookie: jar.header() },
      }),
    );
    const signInUrl = new URL(start.headers.get("location")!);
    return { uid: signInUrl.searchParams.get("interaction")!, signInUrl, verifier };
  }

  return {
    base,
    provider,
    database,
    authorizationUrl,
    startSignIn,
    async signInThroughIssuer(accountId) {
      const jar = new Jar();
      const { uid, verifier } = await startSignIn(jar);
      const completion = await finishLoginInteraction(provider, jar.header(), accountId);
      const resumed = jar.take(
        await fetch(`${base}/api/oidc/auth/${uid}`, { redirect: "manual", headers: { cookie: jar.header() } }),
      );
      return { uid, verifier, jar, completion, next: new URL(resumed.headers.get("location")!) };
    },
    exchangeCode(code, verifier) {
      return fetch(`${base}/api/oidc/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${testClient.clientId}:${testClient.clientSecret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: testClient.redirect,
          code_verifier: verifier,
        }),
      });
    },
    async createMember(email) {
      await signUp(
        { email, password: "Str0ng!Passw0rd", givenName: "Ada", familyName: "Lovelace" },
        { mfa: "optional" },
      );
      await confirmSignUp({ email, code: await lastCodeSentTo(database.db, email) }, { mfa: "optional" });
      const result = await signIn(
        { email, password: "Str0ng!Passw0rd" },
        { mfa: "optional", clientAddress: "203.0.113.9" },
      );
      if (!result.signedIn) throw new Error("expected a direct sign-in");
      return result.accountId;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}
