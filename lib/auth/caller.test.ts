import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier, resolveCaller, type Member, type TokenVerifier } from "./caller";

const ISSUER = "http://localhost:3000/api/oidc";
const CLIENT = "happr-web";
const now = Math.floor(Date.now() / 1000);
const ada: Member = { memberId: "acct-ada", email: "ada@example.com", name: "Ada Lovelace" };

let sign: (claims: JWTPayload, overrides?: { issuer?: string; key?: CryptoKey; kid?: string }) => Promise<string>;
let builtin: TokenVerifier;
let cognito: TokenVerifier;
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
    claims.sub === ada.memberId && claims.iat >= (revokedBefore.get(claims.sub) ?? 0) ? ada : undefined;
  builtin = createTokenVerifier({ issuer: ISSUER, clientId: CLIENT, kind: "builtin", keys, lookupMember });
  cognito = createTokenVerifier({ issuer: ISSUER, clientId: CLIENT, kind: "cognito", keys, lookupMember });
});

const request = (headers: Record<string, string> = {}) => new Request("http://localhost/graphql", { method: "POST", headers });
const noCookie = async () => undefined;

describe("resolveCaller", () => {
  it("a valid bearer token is the member", async () => {
    const token = await sign({ aud: CLIENT });
    expect(await resolveCaller(request({ authorization: `Bearer ${token}` }), { verifyToken: builtin })).toEqual({ kind: "member", ...ada });
  });

  it("accepts the bare token and a client_id claim instead of aud", async () => {
    const token = await sign({ client_id: CLIENT });
    expect(await resolveCaller(request({ authorization: token }), { verifyToken: builtin })).toMatchObject({ kind: "member", memberId: ada.memberId });
  });

  it("guest header or nothing at all is a guest", async () => {
    expect(await resolveCaller(request({ authorization: "guest" }), { verifyToken: builtin })).toEqual({ kind: "guest" });
    expect(await resolveCaller(request(), { verifyToken: builtin, cookieSession: noCookie })).toEqual({ kind: "guest" });
  });

  it("an expired token is invalid", async () => {
    const token = await sign({ aud: CLIENT, iat: now - 7200, exp: now - 3600 });
    expect(await resolveCaller(request({ authorization: `Bearer ${token}` }), { verifyToken: builtin })).toEqual({ kind: "invalid" });
  });

  it("a tampered token is invalid", async () => {
    const token = await sign({ aud: CLIENT });
    const [head, body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "acct-someone-else" })).toString("base64url");
    expect(await resolveCaller(request({ authorization: `Bearer ${head}.${forged}.${signature}` }), { verifyToken: builtin })).toEqual({ kind: "invalid" });
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    expect(await resolveCaller(request({ authorization: `Bearer ${head}.${body}.${flipped}` }), { verifyToken: builtin })).toEqual({ kind: "invalid" });
    expect(await resolveCaller(request({ authorization: "Bearer not-a-jwt" }), { verifyToken: builtin })).toEqual({ kind: "invalid" });
  });

  it("a token of a foreign issuer (or signed by another key) is invalid", async () => {
    expect(await builtin(await sign({ aud: CLIENT }, { issuer: "https://evil.example.com" }))).toBeUndefined();
    const other = await generateKeyPair("RS256");
    expect(await builtin(await sign({ aud: CLIENT }, { key: other.privateKey }))).toBeUndefined();
  });

  it("a token for another client is invalid", async () => {
    expect(await builtin(await sign({ aud: "someone-else" }))).toBeUndefined();
    expect(await builtin(await sign({ client_id: "someone-else" }))).toBeUndefined();
  });

  it("Cognito: only access tokens (not ID tokens) are accepted", async () => {
    expect(await cognito(await sign({ client_id: CLIENT, token_use: "access" }))).toEqual(ada);
    expect(await cognito(await sign({ aud: CLIENT, token_use: "id" }))).toBeUndefined();
  });

  it("a token issued before the member's revocation point is invalid", async () => {
    const token = await sign({ aud: CLIENT, iat: now - 100 });
    expect(await builtin(token)).toEqual(ada);
    revokedBefore.set(ada.memberId, now - 50);
    expect(await resolveCaller(request({ authorization: `Bearer ${token}` }), { verifyToken: builtin })).toEqual({ kind: "invalid" });
    expect(await builtin(await sign({ aud: CLIENT, iat: now - 10 }))).toEqual(ada);
    revokedBefore.delete(ada.memberId);
  });

  it("without a header the site's session cookie decides", async () => {
    const cookieSession = async () => ada;
    expect(await resolveCaller(request({ cookie: "authjs.session-token=x" }), { verifyToken: builtin, cookieSession })).toEqual({ kind: "member", ...ada });
    expect(await resolveCaller(request({ cookie: "authjs.session-token=x" }), { verifyToken: builtin, cookieSession: noCookie })).toEqual({ kind: "guest" });
  });
});
