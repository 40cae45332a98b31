import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, importJWK, jwtVerify, SignJWT } from "jose";
import Provider from "oidc-provider";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../db/testing";
import type { Db } from "../../../db/open";
import { identityIssuerSecrets, identityOidcModels } from "../../../db/schema/identity";
import { createOidcAdapter, storedCredentialId } from "./adapter";
import { getIssuerCookieKeys, getIssuerJwks } from "./keys";

const database = useTestDatabase();
let db: Db;
let clock = new Date("2026-05-01T00:00:00.000Z");
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  db = database.db;
}, 60_000);

describe("oidc-provider database adapter", () => {
  const model = (name: string) => createOidcAdapter({ db, now: () => clock })(name);

  it("stores, finds and updates a model instance by id, per model", async () => {
    const codes = model("AuthorizationCode");
    await codes.upsert("code-1", { accountId: "a1", grantId: "g1", scope: "openid" }, 60);
    // A code is a credential: stored by its hash, and given back with its id as jti.
    expect(await codes.find("code-1")).toEqual({ jti: "code-1", accountId: "a1", grantId: "g1", scope: "openid" });
    expect(await model("AccessToken").find("code-1")).toBeUndefined();
    await codes.upsert("code-1", { accountId: "a1", grantId: "g1", scope: "openid email" }, 60);
    expect(await codes.find("code-1")).toMatchObject({ scope: "openid email" });
    expect(await codes.find("missing")).toBeUndefined();
  });

  it("forgets an instance once it expires", async () => {
    const tokens = model("AccessToken");
    await tokens.upsert("at-1", { grantId: "g2" }, 10);
    advance(9_000);
    expect(await tokens.find("at-1")).toBeDefined();
    advance(1_000);
    expect(await tokens.find("at-1")).toBeUndefined();
    // No expiry: kept until destroyed.
    await tokens.upsert("at-forever", { grantId: "g2" });
    advance(365 * 24 * 3600 * 1000);
    expect(await tokens.find("at-forever")).toBeDefined();
  });

  it("marks consumption so a code cannot be used twice", async () => {
    const codes = model("AuthorizationCode");
    await codes.upsert("code-2", { grantId: "g3" }, 60);
    await codes.consume("code-2");
    expect(await codes.find("code-2")).toEqual({
      jti: "code-2",
      grantId: "g3",
      consumed: Math.floor(clock.getTime() / 1000),
    });
  });

  it("finds sessions by uid and device codes by user code", async () => {
    await model("Session").upsert("s-1", { uid: "uid-1", accountId: "a1" }, 600);
    expect(await model("Session").findByUid("uid-1")).toMatchObject({ accountId: "a1" });
    expect(await model("Session").findByUid("uid-2")).toBeUndefined();
    await model("DeviceCode").upsert("d-1", { userCode: "ABCD-EFGH" }, 600);
    expect(await model("DeviceCode").findByUserCode("ABCD-EFGH")).toMatchObject({ userCode: "ABCD-EFGH" });
  });

  it("revokes every code and token of a grant, and destroys one instance", async () => {
    await model("AccessToken").upsert("at-g", { grantId: "grant-x" }, 600);
    await model("RefreshToken").upsert("rt-g", { grantId: "grant-x" }, 600);
    await model("RefreshToken").upsert("rt-other", { grantId: "grant-y" }, 600);
    await model("AccessToken").revokeByGrantId("grant-x");
    expect(await model("AccessToken").find("at-g")).toBeUndefined();
    expect(await model("RefreshToken").find("rt-g")).toBeUndefined();
    expect(await model("RefreshToken").find("rt-other")).toBeDefined();
    await model("RefreshToken").destroy("rt-other");
    expect(await model("RefreshToken").find("rt-other")).toBeUndefined();
  });

  it("sweeps expired rows when interactions start", async () => {
    await model("AccessToken").upsert("old", { grantId: "g-old" }, 1);
    expect(
      await db
        .select()
        .from(identityOidcModels)
        .where(eq(identityOidcModels.id, storedCredentialId("old"))),
    ).toHaveLength(1);
    advance(5_000);
    await model("Interaction").upsert("i-1", { uid: "i-1" }, 600);
    const rows = await db
      .select()
      .from(identityOidcModels)
      .where(eq(identityOidcModels.id, storedCredentialId("old")));
    expect(rows).toHaveLength(0);
  });
});

describe("issuer keys", () => {
  it("are generated once and then always the same (restarts keep them)", async () => {
    const [first, second] = await Promise.all([getIssuerJwks(db), getIssuerJwks(db)]);
    expect(first).toEqual(second);
    expect(await getIssuerJwks(db)).toEqual(first);
    const key = first.keys[0]!;
    expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(key.d).toBeDefined();
    expect(await getIssuerCookieKeys(db)).toEqual(await getIssuerCookieKeys(db));
    expect(await db.select().from(identityIssuerSecrets)).toHaveLength(2);

    // The stored private key signs what its public half verifies.
    const privateKey = await importJWK(key, "RS256");
    const token = await new SignJWT({ sub: "a1" }).setProtectedHeader({ alg: "RS256", kid: key.kid }).sign(privateKey);
    // The public half, as the issuer's jwks_uri serves it (checked below, served without "d").
    const publicKey = await importJWK({ kty: key.kty, n: key.n, e: key.e }, "RS256");
    expect((await jwtVerify(token, publicKey)).payload.sub).toBe("a1");
    expect(await exportJWK(publicKey)).toMatchObject({ n: key.n, e: key.e });
  });
});

describe("oidc-provider on the database", () => {
  const clientAuth = "Basic " + Buffer.from("service:service-secret").toString("base64");

  async function startIssuer(): Promise<{ server: Server; url: string }> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(url, {
      adapter: createOidcAdapter({ db }),
      jwks: await getIssuerJwks(db),
      cookies: { keys: await getIssuerCookieKeys(db) },
      clients: [
        {
          client_id: "service",
          client_secret: "service-secret",
          grant_types: ["client_credentials"],
          redirect_uris: [],
          response_types: [],
        },
      ],
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        introspection: { enabled: true, allowedPolicy: () => true },
      },
      ttl: { ClientCredentials: 600 },
    });
    server.on("request", provider.callback());
    return { server, url };
  }

  it("serves the persisted keys, and a token issued before a restart is still valid after it", async () => {
    const first = await startIssuer();
    const discovery = (await (await fetch(`${first.url}/.well-known/openid-configuration`)).json()) as {
      jwks_uri: string;
      issuer: string;
    };
    expect(discovery.issuer).toBe(first.url);
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string; d?: string }[] };
    const stored = await getIssuerJwks(db);
    expect(jwks.keys.map((key) => key.kid)).toEqual([stored.keys[0]!.kid]);
    expect(jwks.keys[0]).not.toHaveProperty("d");

    const tokenResponse = await fetch(`${first.url}/token`, {
      method: "POST",
      headers: { authorization: clientAuth, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
    expect(
      await db.select().from(identityOidcModels).where(eq(identityOidcModels.model, "ClientCredentials")),
    ).toHaveLength(1);
    await new Promise<void>((resolve) => first.server.close(() => resolve()));

    // "Restart": a new provider instance over the same database.
    const second = await startIssuer();
    const introspect = async (token: string) =>
      (await (
        await fetch(`${second.url}/token/introspection`, {
          method: "POST",
          headers: { authorization: clientAuth, "content-type": "application/x-www-form-urlencoded" },
          body: `token=${encodeURIComponent(token)}`,
        })
      ).json()) as { active: boolean; client_id?: string };
    expect(await introspect(accessToken)).toMatchObject({ active: true, client_id: "service" });
    expect(await introspect(`${accessToken}x`)).toEqual({ active: false });
    await new Promise<void>((resolve) => second.server.close(() => resolve()));
  });
});
