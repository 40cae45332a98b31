import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Db } from "../../../db/open";
import { getDb } from "../../../db/client";
import { identityIssuerSecrets } from "../../../db/schema/identity";

/**
 * The built-in issuer's keys, generated once and kept in the database. Whichever instance asks first
 * creates them; a concurrent creator loses the insert race and reads the winner's, so every instance
 * (and every restart) signs and verifies with the same keys and nobody is signed out by a deploy.
 */
async function getOrCreate<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const [existing] = await db.select().from(identityIssuerSecrets).where(eq(identityIssuerSecrets.name, name));
  if (existing) return existing.value as T;
  await db
    .insert(identityIssuerSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(identityIssuerSecrets).where(eq(identityIssuerSecrets.name, name));
  if (!stored) throw new Error(`issuer secret ${name} could not be stored`);
  return stored.value as T;
}

const SIGNING_KEY = "signing-key:RS256:1";
const COOKIE_KEYS = "cookie-keys:1";

/** The private JWKS for oidc-provider's `jwks` option (RS256, as OIDC requires for ID tokens). */
export async function getIssuerJwks(db?: Db): Promise<{ keys: JWK[] }> {
  const database = db ?? (await getDb());
  const key = await getOrCreate<JWK>(database, SIGNING_KEY, async () => {
    const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
  });
  return { keys: [key] };
}

/** Keys for oidc-provider's signed cookies (`cookies.keys`). */
export async function getIssuerCookieKeys(db?: Db): Promise<string[]> {
  const database = db ?? (await getDb());
  return getOrCreate<string[]>(database, COOKIE_KEYS, async () => [randomBytes(32).toString("base64url")]);
}
