import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { getConfig } from "./config";

/**
 * Secrets, keys, tokens and their hashes: the install's root secret and the keys derived from it, the
 * app's client secret at its own issuer, signed values, and the random tokens (cookies, challenge
 * sessions, invitation links, calendar feeds) with the one form of them we store. Kernel: it reads the
 * configuration (lib/config.ts) and nothing else of ours.
 */

/** Where an install keeps the session secret it generated (AUTH_SECRET unset, outside production). */
export const GENERATED_SECRET_FILE = "auth-secret";

const generated = new Map<string, string>();

/**
 * Auth.js's secret, and the root of every key the app derives (cookie signatures, the outbox's
 * encryption). Production requires AUTH_SECRET (lib/config.ts refuses to start without it). Elsewhere
 * a random secret is generated once per install under DATA_DIR (mode 0600) and reused after
 * restarts: never a value someone else could compute from the source.
 */
export function getAuthSecret(): string {
  const config = getConfig();
  if (config.auth.secret) return config.auth.secret;
  if (config.isProduction) throw new Error("AUTH_SECRET is required in production");
  return installSecret(path.resolve(config.dataDir, GENERATED_SECRET_FILE));
}

/**
 * Reads the install's secret, or creates it: written to a private temporary file, then linked into
 * place, which fails if another process got there first (its secret is then the one read back).
 */
export function installSecret(file: string): string {
  const known = generated.get(file);
  if (known) return known;
  let secret = readSecretFile(file);
  if (!secret) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
    writeFileSync(temporary, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(temporary);
    }
    secret = readSecretFile(file);
    if (!secret) throw new Error(`${file} holds no secret: delete it to generate a new one`);
  }
  generated.set(file, secret);
  return secret;
}

function readSecretFile(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  // Only the owner may read it (a copied or restored file can come back wider).
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text.trim() || undefined;
}

/** A 32-byte key for one purpose, derived from the secret (HKDF-SHA256): one secret, separate keys. */
export function deriveKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", getAuthSecret(), "happr", purpose, 32));
}

/** The app's client id at its own built-in issuer. */
export const BUILTIN_CLIENT_ID = "happr-web";
/** Auth.js's provider id for the built-in issuer (its callback is /api/auth/callback/happr). */
export const BUILTIN_PROVIDER_ID = "happr";
export const COGNITO_PROVIDER_ID = "cognito";

let clientSecret: { from: string; value: string } | undefined;

/**
 * The app's client secret at its own issuer: derived, so both ends agree without another variable.
 * Kept per AUTH_SECRET: every signed-in request reads it (the session check names the provider).
 */
export function builtinClientSecret(): string {
  const secret = getAuthSecret();
  if (clientSecret?.from !== secret) {
    const value = createHmac("sha256", secret).update("happr built-in issuer client secret").digest("base64url");
    clientSecret = { from: secret, value };
  }
  return clientSecret.value;
}

/** An HMAC for the small signed cookies of the sign-in pages. */
export function signValue(value: string): string {
  return createHmac("sha256", getAuthSecret()).update(`happr auth cookie:${value}`).digest("base64url");
}

/** Auth.js's id of the configured identity provider. */
export function activeProviderId(): string {
  return getConfig().identity.kind === "builtin" ? BUILTIN_PROVIDER_ID : COGNITO_PROVIDER_ID;
}

/** A random token for a cookie or a challenge session, and the only form of it we store. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Six random digits, leading zeros kept. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function equalHashes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
