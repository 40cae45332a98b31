import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphQLServer } from "@/graphql/server";
import { ops } from "@/graphql/test-helpers";
import { useTestDatabase } from "@/lib/db/testing";
import { cognitoMemberLookup, createJwtAccessTokenVerifier, resolveCaller, type TokenVerifier } from "./caller";
import { createCachedKeySet } from "./jwks";

/**
 * Attack: with Cognito, a token the pool signed that is not an access token for this app, used as
 * one: the member's ID token, or an access token the pool issued to another of its app clients
 * (Cognito's own GetUser accepts those). The pool is oauth2-mock-server on loopback signing real
 * tokens, its keys fetched over HTTP; GetUser is a stand-in answering as Cognito does.
 */
const CLIENT_ID = "happrwebclient1";
const OTHER_CLIENT_ID = "someotherappclient";
const SUB = "2b8e6d0c-7f1a-4c55-9d1e-5a4f0c3b9e21";

useTestDatabase();

let pool: OAuth2Server;
let getUser: Server;
let verify: TokenVerifier;

/** A token signed by the pool, with Cognito's claims for its kind. */
function poolToken(claims: Record<string, unknown>) {
  return pool.issuer.buildToken({
    scopesOrTransform: (_header, payload) => {
      delete payload.aud;
      Object.assign(payload, { sub: SUB, ...claims });
    },
  });
}

const accessToken = (clientId: string) =>
  poolToken({
    token_use: "access",
    client_id: clientId,
    scope: "openid email aws.cognito.signin.user.admin",
    username: SUB,
  });
const idToken = () =>
  poolToken({
    token_use: "id",
    aud: CLIENT_ID,
    email: "ada@example.com",
    email_verified: true,
    given_name: "Ada",
    family_name: "Lovelace",
  });

beforeAll(async () => {
  pool = new OAuth2Server();
  await pool.issuer.keys.generate("RS256");
  await pool.start(0, "127.0.0.1");
  const poolUrl = `http://127.0.0.1:${pool.address().port}`;
  pool.issuer.url = poolUrl;

  // Cognito's GetUser: any access token of the pool, whichever app client it was issued to.
  getUser = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const token = (JSON.parse(body) as { AccessToken: string }).AccessToken;
      const claims = decodeJwt(token);
      res.setHeader("content-type", "application/x-amz-json-1.1");
      if (claims.token_use !== "access") {
        res.writeHead(400).end(JSON.stringify({ __type: "NotAuthorizedException", message: "Invalid Access Token" }));
        return;
      }
      res.end(
        JSON.stringify({
          Username: SUB,
          UserAttributes: [
            { Name: "email", Value: "ada@example.com" },
            { Name: "given_name", Value: "Ada" },
            { Name: "family_name", Value: "Lovelace" },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => getUser.listen(0, "127.0.0.1", resolve));

  verify = createJwtAccessTokenVerifier({
    issuer: poolUrl,
    clientIds: [CLIENT_ID],
    keys: createCachedKeySet({ url: new URL(`${poolUrl}/jwks`) }),
    lookupMember: cognitoMemberLookup({
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${(getUser.address() as AddressInfo).port}/`,
    }),
  });
}, 30_000);

afterAll(async () => {
  await pool.stop();
  await new Promise((resolve) => getUser.close(resolve));
});

const api = () =>
  createGraphQLServer({
    resolveCaller: (request) => resolveCaller(request, { verifyToken: verify, cookieSession: async () => undefined }),
    billing: () => Promise.reject(new Error("no billing in this test")),
    siteUrl: "http://app.test",
    limitProviderCall: async () => ({ allowed: true, remaining: 100, retryAfterSeconds: 0 }),
    production: true,
  });

async function profileWith(token: string) {
  const response = await api().fetch("http://app.test/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: ops.getUserProfile }),
  });
  return ((await response.json()) as { data: { getUserProfile: { statusCode: number; user: unknown } } }).data
    .getUserProfile;
}

describe("/graphql with Cognito's tokens", () => {
  it("takes the pool's access token for this app client as the member", async () => {
    const request = new Request("http://app.test/graphql", {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken(CLIENT_ID)}` },
    });
    const caller = await resolveCaller(request, { verifyToken: verify });
    expect(caller.kind === "member" && [await caller.member(), await caller.signUp?.()]).toEqual([
      // The token too: the identity port reads the member's verified addresses with it.
      { memberId: SUB, email: "ada@example.com", name: "Ada Lovelace", accessToken: expect.any(String) },
      { givenName: "Ada", familyName: "Lovelace", phoneNumber: null },
    ]);
  });

  it("answers 401 for the member's ID token", async () => {
    expect(await profileWith(await idToken())).toMatchObject({ statusCode: 401, user: null });
  });

  it("answers 401 for an access token the pool issued to another app client", async () => {
    expect(await profileWith(await accessToken(OTHER_CLIENT_ID))).toMatchObject({ statusCode: 401, user: null });
    // Naming this app as its audience does not make it one of this app's access tokens.
    expect(
      await profileWith(await poolToken({ token_use: "access", client_id: OTHER_CLIENT_ID, aud: CLIENT_ID })),
    ).toMatchObject({ statusCode: 401, user: null });
  });
});
