import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGraphQLServer } from "@/graphql/server";
import { ops } from "@/graphql/test-helpers";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { billingCustomers, identityPoolMembers, identitySessionCutoffs, memberProfiles } from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import { cognitoMemberLookup, createJwtAccessTokenVerifier, resolveCaller, type TokenVerifier } from "./caller";
import { createCachedKeySet } from "./jwks";
import { recordSessionCutoff } from "@/lib/identity/session-cutoffs";

/**
 * /graphql with Cognito access tokens, end to end over loopback: the pool's key set is a small HTTP
 * server serving keys generated here, the tokens are signed with them, and GetUser is a stand-in that
 * answers as Cognito does and counts its calls. The API verifies tokens locally, asks the pool only
 * for operations that need the member's attributes (once per token), and answers 503 with
 * Retry-After, never 401, when the pool does not answer.
 */
const SITE = "http://localhost:3000";
const CLIENT_ID = "happrwebclient1";
/** A native app's own app client of the pool (COGNITO_APP_CLIENT_IDS). */
const NATIVE_CLIENT_ID = "happriosclient1";
const SUB = "7d3f8a2e-1b4c-4e6a-9f0d-2c5b8e1a7f30";
const ADMIN_SCOPE = "openid email phone profile aws.cognito.signin.user.admin";
const now = () => Math.floor(Date.now() / 1000);

const database = useTestDatabase([identityPoolMembers, memberProfiles, billingCustomers, identitySessionCutoffs]);

type Key = { kid: string; privateKey: CryptoKey; jwk: JWK };
let signingKey: Key;
let rotatedKey: Key;
const served: JWK[] = [];
const jwks = { down: false, requests: 0 };
const pool = { down: false, calls: 0, revoked: new Set<string>() };
let jwksServer: Server;
let getUserServer: Server;
let issuer: string;
let getUserEndpoint: string;

async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  signingKey = await newKey("key-1");
  rotatedKey = await newKey("key-2");
  served.push(signingKey.jwk);

  // The pool's /.well-known/jwks.json; while `down` the connection is dropped, as an outage would.
  jwksServer = createServer((req, res) => {
    jwks.requests += 1;
    if (jwks.down) return req.socket.destroy();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: served }));
  });
  issuer = `${await listen(jwksServer)}/us-east-1_TestPool`;

  // Cognito's GetUser: NotAuthorizedException for a revoked token or one without the admin scope.
  getUserServer = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      pool.calls += 1;
      if (pool.down) {
        res.writeHead(503).end();
        return;
      }
      const token = (JSON.parse(body) as { AccessToken: string }).AccessToken;
      const claims = decodeJwt(token);
      res.setHeader("content-type", "application/x-amz-json-1.1");
      const refuse = (message: string) =>
        res.writeHead(400).end(JSON.stringify({ __type: "NotAuthorizedException", message }));
      if (pool.revoked.has(token)) return refuse("Access Token has been revoked");
      if (!String(claims.scope).split(" ").includes("aws.cognito.signin.user.admin"))
        return refuse("Access Token does not have required scopes");
      res.end(
        JSON.stringify({
          Username: SUB,
          UserAttributes: [
            { Name: "sub", Value: SUB },
            { Name: "email", Value: "maya@example.com" },
            { Name: "given_name", Value: "Maya" },
            { Name: "family_name", Value: "Okafor" },
            { Name: "phone_number", Value: "+14155550123" },
          ],
        }),
      );
    });
  });
  getUserEndpoint = `${await listen(getUserServer)}/`;
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => jwksServer.close(resolve));
  await new Promise((resolve) => getUserServer.close(resolve));
});

beforeEach(() => {
  jwks.down = false;
  pool.down = false;
  pool.calls = 0;
  jwks.requests = 0;
  served.splice(0, served.length, signingKey.jwk);
});

type TokenOptions = { claims?: Record<string, unknown>; key?: Key; kid?: string; issuer?: string; iat?: number };

/** An access token as the pool issues it (token_use, client_id, scope), signed with a served key. */
function accessToken(options: TokenOptions = {}) {
  const key = options.key ?? signingKey;
  const iat = options.iat ?? now() - 60;
  return new SignJWT({
    token_use: "access",
    client_id: CLIENT_ID,
    scope: ADMIN_SCOPE,
    username: SUB,
    origin_jti: crypto.randomUUID(),
    ...options.claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? key.kid })
    .setIssuer(options.issuer ?? issuer)
    .setSubject(SUB)
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(key.privateKey);
}

/** The key set's clock, so its cache age and refetch cooldown can be stepped through. */
const clock = { ms: Date.now() };

function api(options: { keys?: ReturnType<typeof createCachedKeySet>; fetchedAt?: () => Date } = {}) {
  const keys = options.keys ?? createCachedKeySet({ url: new URL(`${issuer}/.well-known/jwks.json`) });
  const verify: TokenVerifier = createJwtAccessTokenVerifier({
    issuer,
    clientIds: [CLIENT_ID, NATIVE_CLIENT_ID],
    keys,
    lookupMember: cognitoMemberLookup({ region: "us-east-1", endpoint: getUserEndpoint, now: options.fetchedAt }),
  });
  const billing = createBillingService(new SandboxBillingProvider({ getDb, siteUrl: SITE }), { siteUrl: SITE });
  const yoga = createGraphQLServer({
    resolveCaller: (request) => resolveCaller(request, { verifyToken: verify, cookieSession: async () => undefined }),
    billing: async () => billing,
    siteUrl: SITE,
    limitProviderCall: async () => ({ allowed: true, remaining: 100, retryAfterSeconds: 0 }),
    production: true,
  });
  /** One operation with the token; the HTTP status, Retry-After and the operation's result. */
  return async (token: string, operation: keyof typeof ops, variables: Record<string, unknown> = {}) => {
    const response = await yoga.fetch(`${SITE}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: ops[operation], variables }),
    });
    const body = (await response.json()) as { data: Record<string, { statusCode: number; message: string }> };
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      result: body.data[operation] as { statusCode: number; message: string } & Record<string, unknown>,
    };
  };
}

const checkout = { priceId: "", successUrl: `${SITE}/pricing/success`, cancelUrl: `${SITE}/pricing` };
beforeAll(() => {
  checkout.priceId = sandboxPriceId("happr_individual_monthly");
});

describe("/graphql with Cognito access tokens", () => {
  it("verifies the pool's access token locally: an operation on the member's own records asks the pool nothing", async () => {
    const call = api();
    const token = await accessToken();
    expect((await call(token, "getMySubscriptions")).result).toMatchObject({ statusCode: 200, subscriptionData: [] });
    expect((await call(token, "getMyPaymentMethods")).result).toMatchObject({ statusCode: 200 });
    // A native app's own app client of the pool is also this API's.
    const fromTheApp = await accessToken({ claims: { client_id: NATIVE_CLIENT_ID } });
    expect((await call(fromTheApp, "getMySubscriptions")).result).toMatchObject({ statusCode: 200 });
    expect(pool.calls).toBe(0);
    // The key set was fetched once and is reused.
    expect(jwks.requests).toBe(1);
  });

  it("refuses with 401 a token of the wrong use, another client, expired, of another issuer or signed by an unknown key", async () => {
    const call = api();
    const refused = [
      await accessToken({ claims: { token_use: "id", aud: CLIENT_ID } }),
      await accessToken({ claims: { client_id: "anotherappclient" } }),
      await accessToken({ iat: now() - 7200 }),
      await accessToken({ issuer: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Elsewhere" }),
      await accessToken({ key: rotatedKey }),
    ];
    for (const token of refused) {
      const { status, result } = await call(token, "getMySubscriptions");
      expect({ status, statusCode: result.statusCode, message: result.message }).toEqual({
        status: 200,
        statusCode: 401,
        message: "User is not authenticated",
      });
    }
    expect(pool.calls).toBe(0);
  });

  it("fetches the key set again for an unknown kid: a rotated key verifies, a kid the set still lacks is 401", async () => {
    const keys = createCachedKeySet({ url: new URL(`${issuer}/.well-known/jwks.json`), now: () => clock.ms });
    const call = api({ keys });
    expect((await call(await accessToken(), "getMySubscriptions")).result.statusCode).toBe(200);
    expect(jwks.requests).toBe(1);

    // The pool starts signing with a new key it now publishes.
    served.push(rotatedKey.jwk);
    clock.ms += 31_000;
    expect((await call(await accessToken({ key: rotatedKey }), "getMySubscriptions")).result.statusCode).toBe(200);
    expect(jwks.requests).toBe(2);

    // A kid nobody published: refetched once (after the cooldown), still unknown, refused.
    clock.ms += 31_000;
    const forged = await accessToken({ kid: "key-never-published" });
    expect((await call(forged, "getMySubscriptions")).result.statusCode).toBe(401);
    expect(jwks.requests).toBe(3);
    // Within the cooldown, unknown kids do not make the API hammer the pool.
    for (let i = 0; i < 3; i++) expect((await call(forged, "getMySubscriptions")).result.statusCode).toBe(401);
    expect(jwks.requests).toBe(3);
  });

  it("keeps verifying with the cached key set while the pool's key set does not answer", async () => {
    const keys = createCachedKeySet({ url: new URL(`${issuer}/.well-known/jwks.json`), now: () => clock.ms });
    const call = api({ keys });
    expect((await call(await accessToken(), "getMySubscriptions")).result.statusCode).toBe(200);
    jwks.down = true;
    // Long past the cache's age: the refetch fails, the cached keys still answer.
    clock.ms += 60 * 60_000;
    const { status, result } = await call(await accessToken(), "getMySubscriptions");
    expect({ status, statusCode: result.statusCode }).toEqual({ status: 200, statusCode: 200 });
    expect(jwks.requests).toBe(2);
  });

  it("answers 503 with Retry-After, never 401, when no key set was ever fetched and the pool does not answer", async () => {
    jwks.down = true;
    const call = api();
    const token = await accessToken();
    for (const operation of ["getMySubscriptions", "getUserProfile", "getPlans"] as const) {
      const { status, retryAfter, result } = await call(token, operation);
      expect({ status, retryAfter, statusCode: result.statusCode }).toEqual({
        status: 503,
        retryAfter: "30",
        statusCode: 503,
      });
      expect(result.message).toMatch(/sign-in service is not answering/);
    }
    // Once the pool answers again, the same token works.
    jwks.down = false;
    expect(await call(token, "getMySubscriptions")).toMatchObject({ status: 200, retryAfter: null });
  });

  it("calls GetUser once per token, only for operations that need the pool's attributes", async () => {
    const issuedAt = now() - 600;
    // When GetUser answers, by the copy's clock: one second after the first token was issued.
    let fetchedAt = issuedAt + 1;
    const call = api({ fetchedAt: () => new Date(fetchedAt * 1000) });
    const first = await accessToken({ iat: issuedAt });

    await call(first, "getMySubscriptions");
    expect(pool.calls).toBe(0);

    // The profile starts from the sign-up attributes: the first operation needing them asks the pool.
    const burst = await Promise.all([1, 2, 3].map(() => call(first, "getUserProfile")));
    for (const { result } of burst) {
      expect(result).toMatchObject({
        statusCode: 200,
        user: { firstName: "Maya", lastName: "Okafor", phone: "+14155550123" },
      });
    }
    expect(pool.calls).toBe(1);

    // A checkout needs the member's email (the payment provider's customer): the token's copy serves it.
    expect((await call(first, "createSubscriptionCheckoutSession", checkout)).result.statusCode).toBe(201);
    const [customer] = await database.db.select().from(billingCustomers);
    expect(customer).toMatchObject({ memberId: SUB, email: "maya@example.com", name: "Maya Okafor" });
    await call(first, "getUserProfile");
    expect(pool.calls).toBe(1);

    // A newer token (issued after the copy was fetched) asks once more, for an operation that needs it.
    const second = await accessToken({ iat: issuedAt + 120 });
    fetchedAt = issuedAt + 121;
    await call(second, "getUserProfile");
    await call(second, "getMySubscriptions");
    expect(pool.calls).toBe(1);
    await call(second, "validateSession", { checkoutSessionId: "cs_test_unknown_session_id_0000" });
    await call(second, "validateSession", { checkoutSessionId: "cs_test_unknown_session_id_0000" });
    expect(pool.calls).toBe(2);
  });

  it("answers 503 with Retry-After when GetUser does not answer for an operation that needs it; others still work", async () => {
    const call = api();
    const token = await accessToken();
    pool.down = true;
    const needing = await call(token, "getUserProfile");
    expect({ status: needing.status, retryAfter: needing.retryAfter, statusCode: needing.result.statusCode }).toEqual({
      status: 503,
      retryAfter: "30",
      statusCode: 503,
    });
    expect(needing.result.user).toBeNull();
    const checkoutDown = await call(token, "createSubscriptionCheckoutSession", checkout);
    expect([checkoutDown.status, checkoutDown.result.statusCode]).toEqual([503, 503]);
    // Nothing was written on the member's behalf.
    expect(await database.db.select().from(billingCustomers)).toEqual([]);
    expect(await database.db.select().from(memberProfiles)).toEqual([]);

    const own = await call(token, "getMySubscriptions");
    expect({ status: own.status, statusCode: own.result.statusCode }).toEqual({ status: 200, statusCode: 200 });

    pool.down = false;
    expect((await call(token, "getUserProfile")).result).toMatchObject({
      statusCode: 200,
      user: { firstName: "Maya" },
    });
  });

  it("without the admin scope, skips the pool's attributes instead of answering 401", async () => {
    const call = api();
    const token = await accessToken({ claims: { scope: "openid email" } });
    const profile = await call(token, "getUserProfile");
    expect(profile.result).toMatchObject({ statusCode: 200, user: { firstName: null, lastName: null } });
    expect((await call(token, "getMySubscriptions")).result.statusCode).toBe(200);
    // An operation that cannot do without the email says why, without signing the member out.
    const refused = await call(token, "createSubscriptionCheckoutSession", checkout);
    expect(refused.result.statusCode).toBe(403);
    expect(refused.result.message).toMatch(/aws\.cognito\.signin\.user\.admin/);
    expect(pool.calls).toBe(0);

    // Once a token with the scope has read the attributes, the copy serves the scope-less token too.
    await call(await accessToken(), "getUserProfile");
    expect(pool.calls).toBe(1);
    expect((await call(token, "createSubscriptionCheckoutSession", checkout)).result.statusCode).toBe(201);
    expect(pool.calls).toBe(1);
  });

  it("answers 401 when the pool says the token is revoked (a global sign-out) for an operation that asks it", async () => {
    const call = api();
    const token = await accessToken();
    pool.revoked.add(token);
    expect((await call(token, "getUserProfile")).result).toMatchObject({ statusCode: 401, user: null });
    expect(pool.calls).toBe(1);
  });

  it("refuses, on its next call, a token issued before the member signed out everywhere; one issued after works", async () => {
    const call = api();
    const before = await accessToken({ iat: now() - 120 });
    expect((await call(before, "getMySubscriptions")).result).toMatchObject({ statusCode: 200 });
    await recordSessionCutoff(SUB, { now: new Date((now() - 90) * 1000) });
    expect((await call(before, "getMySubscriptions")).result).toMatchObject({
      statusCode: 401,
      message: "User is not authenticated",
    });
    expect((await call(await accessToken({ iat: now() - 10 }), "getMySubscriptions")).result).toMatchObject({
      statusCode: 200,
    });
    // No call to the pool was needed to know.
    expect(pool.calls).toBe(0);
  });
});
