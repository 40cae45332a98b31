import { createHash, createHmac } from "node:crypto";
import path from "node:path";
import { getConfig } from "../config";

/**
 * Auth.js's secret. Production requires AUTH_SECRET (lib/config.ts enforces it); elsewhere a
 * secret derived from the data directory keeps a newcomer's sessions valid across restarts.
 */
export function getAuthSecret(): string {
  const config = getConfig();
  if (config.auth.secret) return config.auth.secret;
  if (config.isProduction) throw new Error("AUTH_SECRET is required in production");
  const dataDir = config.database.kind === "pglite" ? path.resolve(config.database.dataDir) : config.database.url;
  return createHash("sha256").update(`happr-development-auth-secret:${dataDir}`).digest("base64url");
}

/** The app's client id at its own built-in issuer. */
export const BUILTIN_CLIENT_ID = "happr-web";
/** Auth.js's provider id for the built-in issuer (its callback is /api/auth/callback/happr). */
export const BUILTIN_PROVIDER_ID = "happr";
export const COGNITO_PROVIDER_ID = "cognito";

/** The app's client secret at its own issuer: derived, so both ends agree without another variable. */
export function builtinClientSecret(): string {
  return createHmac("sha256", getAuthSecret()).update("happr built-in issuer client secret").digest("base64url");
}

/** An HMAC for the small signed cookies of the sign-in pages. */
export function signValue(value: string): string {
  return createHmac("sha256", getAuthSecret()).update(`happr auth cookie:${value}`).digest("base64url");
}

/** Auth.js's id of the configured identity provider. */
export function activeProviderId(): string {
  return getConfig().identity.kind === "builtin" ? BUILTIN_PROVIDER_ID : COGNITO_PROVIDER_ID;
}
