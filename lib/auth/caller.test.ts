import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createJwtAccessTokenVerifier, knownMember, resolveCaller, type Caller, type TokenVerifier } from "./caller";
import type { Member } from "./member";

const ISSUER = "http://localhost:3000/api/oidc";
const CLIENT = "happr-web";
const now = Math.floor(Date.now() / 1000);
// An access token as Cognito issues it: token_use "access", the app client in client_id, no aud.
const access = { token_use: "access", client_id: CLIENT };
const ada: Member = { memberId: "acct-ada", email: "ada@example.com", name: "Ada Lovelace" };

let sign: (claims: JWTPayload, overrides?: { issuer?: string; key?: CryptoKey; kid?: string }) => Promise<string>;
let verifier: TokenVerifier;
/** The member a token verifies as (with email and name), or undefined. */
const verify = async (token: string) => (await (await verifier(token))?.member()) ?? undefined;
// Sessions of a member issued before this point are revoked (as isSessionCurrent does).
const revokedBefore = new Map<string, number>();

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const keys = createLocalJWKSet({ keys: [jwk] });
  sign = (claims, overrides = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: overrides.kid ?? "k1" })
      .setIssuer(overrides.issuer ?? ISSUER)
      .setSubject("acct-ada")
      .setIssuedAt(claims.iat ?? now - 10)
      .setExpirationTime(claims.exp ?? now + 3600)
      .sign(overrides.key ?? privateKey);
  const lookupMember = async (claims: { sub: string; iat: number }) =>
    claims.sub === ada.memberId && claims.iat >= (revokedBefore.get(claims.sub) ?? 0) ? knownMember(ada) : undefined;
  verifier = createJwtAccessTokenVerifier({ issuer: ISSUER, clientIds: [CLIENT], keys, lookupMember });
});

const request = (headers: Record<string, string> = {}) =>
  new Request("http://localhost/graphql", { method: "POST", headers });
const noCookie = async () => undefined;
/** A caller as plain data: a member's kind with their email and name. */
const shown = async (caller: Caller) =>
  caller.kind === "member" ? { kind: caller.kind, ...(await caller.member()) } : caller;

describe("resolveCaller", () => {
  it("a valid bearer token is the member", async () => {
    const token = await sign(access);
    expect(
      await shown(await resolveCaller(request({ authorization: `Bearer ${token}` }), { verifyToken: verifier })),
    ).toEqual({
      kind: "member",
      ...ada,
    });
  });

  it("accepts the bare token", async () => {
    const token = await sign(access);
    expect(
      await shown(await resolveCaller(request({ authorization: token }), { verifyToken: verifier })),
    ).toMatchObject({
      kind: "member",
      memberId: ada.memberId,
    });
  });

  it("guest header or nothing at all is a guest", async () => {
    expect(await shown(await resolveCaller(request({ authorization: "guest" }), { verifyToken: verifier }))).toEqual({
      kind: "guest",
    });
    expect(await shown(await resolveCaller(request(), { verifyToken: verifier, cookieSession: noCookie }))).toEqual({
      kind: "guest",
    });
  });

  it("an expired token is invalid", async () => {
    const token = await sign({ ...access, iat: now - 7200, exp: now - 3600 });
    expect(
      await shown(await resolveCaller(request({ authorization: `Bearer ${token}` }), { verifyToken: verifier })),
    ).toEqual({
      kind: "invalid",
    });
  });

  it("a tampered token is invalid", async () => {
    const token = await sign(access);
    const [head, body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "acct-someone-else" })).toString("base64url");
    expect(
      await shown(
        await resolveCaller(request({ authorization: `Bearer ${head}.${forged}.${signature}` }), {
          verifyToken: verifier,
        }),
      ),
    ).toEqual({ kind: "invalid" });
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    expect(
      await shown(
        await resolveCaller(request({ authorization: `Bearer ${head}.${body}.${flipped}` }), { verifyToken: verifier }),
      ),
    ).toEqual({ kind: "invalid" });
    expect(
      await shown(await resolveCaller(request({ authorization: "Bearer not-a-jwt" }), { verifyToken: verifier })),
    ).toEqual({
      kind: "invalid",
    });
  });

  it("a token of a foreign issuer (or signed by another key) is invalid", async () => {
    expect(await verify(await sign(access, { issuer: "https://evil.example.com" }))).toBeUndefined();
    const other = await generateKeyPair("RS256");
    expect(await verify(await sign(access, { key: other.privateKey }))).toBeUndefined();
  });

  it("a token for another client is invalid, whatever its aud says", async () => {
    expect(await verify(await sign({ ...access, client_id: "someone-else" }))).toBeUndefined();
    expect(await verify(await sign({ ...access, client_id: "someone-else", aud: CLIENT }))).toBeUndefined();
    expect(await verify(await sign({ token_use: "access", aud: CLIENT }))).toBeUndefined();
  });

  it("only access tokens (not ID tokens) are accepted", async () => {
    expect(await verify(await sign(access))).toEqual(ada);
    expect(await verify(await sign({ aud: CLIENT, token_use: "id" }))).toBeUndefined();
    expect(await verify(await sign({ aud: CLIENT }))).toBeUndefined();
  });

  it("a token issued before the member's revocation point is invalid", async () => {
    const token = await sign({ ...access, iat: now - 100 });
    expect(await verify(token)).toEqual(ada);
    revokedBefore.set(ada.memberId, now - 50);
    expect(
      await shown(await resolveCaller(request({ authorization: `Bearer ${token}` }), { verifyToken: verifier })),
    ).toEqual({
      kind: "invalid",
    });
    expect(await verify(await sign({ ...access, iat: now - 10 }))).toEqual(ada);
    revokedBefore.delete(ada.memberId);
  });

  it("without a header the site's session cookie decides", async () => {
    const cookieSession = async () => ada;
    expect(
      await shown(
        await resolveCaller(request({ cookie: "authjs.session-token=x" }), { verifyToken: verifier, cookieSession }),
      ),
    ).toEqual({ kind: "member", ...ada });
    expect(
      await shown(
        await resolveCaller(request({ cookie: "authjs.session-token=x" }), {
          verifyToken: verifier,
          cookieSession: noCookie,
        }),
      ),
    ).toEqual({ kind: "guest" });
  });
});
