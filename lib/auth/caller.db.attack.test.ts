import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphQLServer } from "@/graphql/server";
import { ops } from "@/graphql/test-helpers";
import { getConfig } from "@/lib/config";
import { createOidcAdapter } from "@/lib/identity/builtin/issuer/adapter";
import { startTestIssuer, type TestIssuer } from "../identity/builtin/issuer/testing";
import { getTokenVerifier, resolveCaller } from "./caller";
import { BUILTIN_CLIENT_ID } from "../secrets";

/**
 * Attack: a token that is not an access token for this API, used as one. With the built-in issuer
 * the app's ID token (a JWT signed by the issuer, naming the app as its audience) passed as a bearer
 * token; so would any token bound to another client or resource.
 */
let issuer: TestIssuer;
let tokens: { access_token: string; id_token: string };

const api = createGraphQLServer({
  resolveCaller: (request) =>
    resolveCaller(request, { verifyToken: getTokenVerifier(), cookieSession: async () => undefined }),
  billing: () => Promise.reject(new Error("no billing in this test")),
  siteUrl: "http://app.test",
  limitProviderCall: async () => ({ allowed: true, remaining: 100, retryAfterSeconds: 0 }),
  production: true,
});

async function profileWith(token: string) {
  const response = await api.fetch("http://app.test/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: ops.getUserProfile }),
  });
  return ((await response.json()) as { data: { getUserProfile: { statusCode: number; user: unknown } } }).data
    .getUserProfile;
}

beforeAll(async () => {
  // The app's own issuer string (from SITE_URL), as in production: its tokens name it.
  issuer = await startTestIssuer({ issuer: getConfig().identity.issuer });
  const accountId = await issuer.createMember("member@example.com");
  const { next, verifier } = await issuer.signInThroughIssuer(accountId);
  tokens = await (await issuer.exchangeCode(next.searchParams.get("code")!, verifier)).json();
}, 60_000);

afterAll(() => issuer.close());

describe("/graphql with the built-in issuer's tokens", () => {
  it("answers the member for the access token", async () => {
    expect(await profileWith(tokens.access_token)).toMatchObject({ statusCode: 200, user: expect.any(Object) });
  });

  it("answers 401 for the ID token of the same sign-in", async () => {
    expect(tokens.id_token.split(".")).toHaveLength(3);
    expect(await profileWith(tokens.id_token)).toMatchObject({ statusCode: 401, user: null });
  });

  it("answers 401 for an access token of another client or bound to another resource", async () => {
    const stored = createOidcAdapter()("AccessToken");
    const accountId = (await stored.find(tokens.access_token))!.accountId as string;
    const now = Math.floor(Date.now() / 1000);
    const base = { kind: "AccessToken", accountId, iat: now, exp: now + 3600, scope: "openid", grantId: "g1" };
    await stored.upsert(
      "otherClientToken_0123456789abcdef",
      { ...base, jti: "otherClientToken_0123456789abcdef", clientId: "another-client" },
      3600,
    );
    await stored.upsert(
      "otherResourceToken_0123456789abcd",
      {
        ...base,
        jti: "otherResourceToken_0123456789abcd",
        clientId: BUILTIN_CLIENT_ID,
        aud: "https://api.other.example",
      },
      3600,
    );
    expect(await profileWith("otherClientToken_0123456789abcdef")).toMatchObject({ statusCode: 401, user: null });
    expect(await profileWith("otherResourceToken_0123456789abcd")).toMatchObject({ statusCode: 401, user: null });
  });
});
