import "server-only";
import type Provider from "oidc-provider";
import { getConfig } from "../../../config";
import { createOidcAdapter } from "./adapter";
import { NATIVE_APP_CLIENT_IDS, nativeAppClients } from "./native-apps";
import { BUILTIN_CLIENT_ID, BUILTIN_PROVIDER_ID, builtinClientSecret } from "../../../secrets";
import {
  browserInteraction,
  createIssuer,
  finishLoginInteraction,
  handleIssuerRequest,
  type LoginCompletion,
} from "./provider";

export { handleIssuerRequest, type LoginCompletion };

export const ISSUER_MOUNT_PATH = "/api/oidc";

// One provider per process (its keys come from the database once).
const cache = globalThis as unknown as { __happrIssuer?: Promise<Provider> };

export function getIssuer(): Promise<Provider> {
  const identity = getConfig().identity;
  if (identity.kind !== "builtin")
    return Promise.reject(new Error("The built-in issuer is off: Cognito is configured"));
  cache.__happrIssuer ??= createIssuer({
    issuer: identity.issuer,
    siteUrl: getConfig().siteUrl,
    client: {
      clientId: BUILTIN_CLIENT_ID,
      clientSecret: builtinClientSecret(),
      redirectUris: [`${getConfig().siteUrl}/api/auth/callback/${BUILTIN_PROVIDER_ID}`],
      postLogoutRedirectUris: [`${getConfig().siteUrl}/`],
    },
    nativeClients: nativeAppClients(identity.nativeRedirectUris),
  }).catch((error: unknown) => {
    cache.__happrIssuer = undefined;
    throw error;
  });
  return cache.__happrIssuer;
}

/**
 * The uid of the sign-in this browser started (named by the issuer's own signed interaction cookie,
 * in `cookieHeader`), while the issuer still holds it; undefined otherwise. Whether it can still be
 * finished is completeInteraction's to say.
 */
export async function browserInteractionUid(cookieHeader: string | null): Promise<string | undefined> {
  return (await browserInteraction(await getIssuer(), cookieHeader))?.uid;
}

/** See finishLoginInteraction: this browser's own interaction only. */
export async function completeInteraction(
  cookieHeader: string | null,
  accountId: string,
  expectedUid?: string,
): Promise<LoginCompletion> {
  return finishLoginInteraction(await getIssuer(), cookieHeader, accountId, expectedUid);
}

/** The issuer's own session cookie, read on sign-out (set by oidc-provider with path "/"). */
export const ISSUER_SESSION_COOKIE = "_session";

type SessionPayload = { accountId?: string; authorizations?: Record<string, { grantId?: string }> };

const nativeIds = new Set<string>(Object.values(NATIVE_APP_CLIENT_IDS));

/**
 * Ends the issuer's single sign-on session of this browser, with the web app's grants (and so its
 * refresh tokens): otherwise the next sign-in would go straight through without a password. An app
 * that signed in through this browser keeps its tokens: logging out of the site is not logging out
 * of the phone's app (sign out everywhere is).
 */
export async function endIssuerSession(sessionId: string): Promise<void> {
  const adapterFor = createOidcAdapter();
  const sessions = adapterFor("Session");
  const session = (await sessions.find(sessionId)) as SessionPayload | undefined;
  if (!session) return;
  for (const [clientId, authorization] of Object.entries(session.authorizations ?? {})) {
    if (authorization.grantId && !nativeIds.has(clientId))
      await adapterFor("Grant").revokeByGrantId(authorization.grantId);
  }
  await sessions.destroy(sessionId);
}
