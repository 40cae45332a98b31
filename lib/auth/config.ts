import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthConfig } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { getConfig } from "../config";
import { isSessionCurrent } from "../identity";
import { defaultRefreshDependencies, refreshIfNeeded, type RefreshDependencies } from "./refresh";
import {
  BUILTIN_CLIENT_ID,
  BUILTIN_PROVIDER_ID,
  COGNITO_PROVIDER_ID,
  builtinClientSecret,
  getAuthSecret,
} from "../secrets";
import { isSessionEnded } from "./ended-sessions";
import { rememberStanding } from "../identity/session-checks";
import { startProfileFromSignUp } from "../profile";
import { logError, logInfo } from "../log";

/** How long a session lasts without activity (Auth.js maxAge); an ended session's record is kept as long. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The one OIDC provider: the built-in issuer or Cognito, whichever the configuration names. */
function identityProvider() {
  const { identity } = getConfig();
  if (identity.kind === "builtin") {
    return {
      id: BUILTIN_PROVIDER_ID,
      name: "Happr",
      type: "oidc" as const,
      // Auth.js talks to the issuer over HTTP on this same server, at the exact issuer string.
      issuer: identity.issuer,
      clientId: BUILTIN_CLIENT_ID,
      clientSecret: builtinClientSecret(),
      checks: ["pkce", "state", "nonce"] as ("pkce" | "state" | "nonce")[],
      authorization: { params: { scope: "openid email profile phone" } },
      tokenEndpoint: `${identity.issuer}/token`,
    };
  }
  return {
    id: COGNITO_PROVIDER_ID,
    name: "Cognito",
    type: "oidc" as const,
    issuer: identity.issuer,
    clientId: identity.clientId,
    clientSecret: identity.clientSecret,
    ...(identity.clientSecret ? {} : { client: { token_endpoint_auth_method: "none" as const } }),
    // Auth.js's Cognito default is ["pkce"] only.
    checks: ["pkce", "state", "nonce"] as ("pkce" | "state" | "nonce")[],
    authorization: { params: { scope: identity.scopes, redirect_uri: identity.redirectUri } },
    tokenEndpoint: `${identity.domain}/oauth2/token`,
  };
}

type Profile = {
  sub?: string;
  email?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  phone_number?: string;
  auth_time?: number;
};

/**
 * The jwt callback's rules: on sign-in keep the tokens; afterwards end a revoked session, and
 * refresh the access token before it expires. Returns null to sign the member out.
 */
export async function nextSessionToken(
  input: {
    token: JWT;
    account?: {
      access_token?: string;
      refresh_token?: string;
      id_token?: string;
      expires_at?: number;
      expires_in?: number;
    } | null;
    profile?: Profile;
  },
  deps: {
    now: () => number;
    isSessionCurrent: (accountId: string, issuedAt: Date) => Promise<boolean>;
    isSessionEnded: (sessionId: string) => Promise<boolean>;
    newSessionId: () => string;
    refresh: RefreshDependencies;
    tokenEndpoint: string;
    clientId: string;
    clientSecret?: string;
  },
): Promise<JWT | null> {
  const { token, account, profile } = input;
  if (account) {
    const now = deps.now();
    const name = profile?.name ?? ([profile?.given_name, profile?.family_name].filter(Boolean).join(" ") || null);
    const expiresAt = account.expires_at ? account.expires_at * 1000 : now + (account.expires_in ?? 3600) * 1000;
    return {
      sub: profile?.sub ?? token.sub,
      name,
      email: profile?.email ?? token.email ?? null,
      accessToken: account.access_token,
      refreshToken: account.refresh_token,
      idToken: account.id_token,
      expiresAt,
      issuedAtMs: now,
      // Never later than now: a clock ahead at the provider must not stretch the recent sign-in.
      authenticatedAtMs: typeof profile?.auth_time === "number" ? Math.min(profile.auth_time * 1000, now) : undefined,
      sessionId: deps.newSessionId(),
    };
  }
  if (!isCompleteSession(token) || !(await sessionStands(token, deps))) return null;
  const outcome = await refreshIfNeeded(
    {
      tokenEndpoint: deps.tokenEndpoint,
      clientId: deps.clientId,
      clientSecret: deps.clientSecret,
      tokens: {
        accessToken: token.accessToken,
        refreshToken: token.refreshToken,
        idToken: token.idToken,
        expiresAt: token.expiresAt,
      },
    },
    deps.refresh,
  );
  switch (outcome.kind) {
    case "current":
      return token;
    case "refreshed": {
      const { error: _error, ...rest } = token;
      void _error;
      return { ...rest, ...outcome.tokens };
    }
    case "kept":
      return { ...token, error: outcome.reason };
    case "signed-out":
      logInfo(`[auth] session ended: ${outcome.reason}`);
      return null;
  }
}

type CompleteSession = JWT & { sub: string; accessToken: string; expiresAt: number; issuedAtMs: number };

/** A session cookie with what every signed-in request needs: who, the access token and its expiry, since when. */
function isCompleteSession(token: JWT): token is CompleteSession {
  return (
    !!token.sub && !!token.accessToken && typeof token.expiresAt === "number" && typeof token.issuedAtMs === "number"
  );
}

type RevocationChecks = Pick<Parameters<typeof nextSessionToken>[1], "isSessionCurrent" | "isSessionEnded">;

/**
 * A session cookie's session is still on: neither logged out (in this or any browser holding a copy of
 * the cookie) nor revoked (sign out everywhere, password change or reset, disabled account): OWASP
 * ASVS 7.4.1. Both reads run on every signed-in request, side by side.
 */
export async function sessionStands(token: JWT, checks: RevocationChecks = revocationChecks): Promise<boolean> {
  if (!isCompleteSession(token)) return false;
  const [ended, current] = await Promise.all([
    token.sessionId ? checks.isSessionEnded(token.sessionId) : false,
    checks.isSessionCurrent(token.sub, new Date(token.issuedAtMs)),
  ]);
  return !ended && current;
}

/**
 * The member's revocation point in the database, whichever provider holds the account (with Cognito,
 * recorded with GlobalSignOut: its access tokens outlive it by up to an hour), and the logged-out
 * sessions. Both run on every signed-in request (the guard and the page): a "still stands" is
 * remembered for a moment per instance, and forgotten when this instance writes a revocation.
 */
const revocationChecks: RevocationChecks = {
  isSessionCurrent: (id, issuedAt) =>
    rememberStanding(`account:${id}:${issuedAt.getTime()}`, () => isSessionCurrent(id, issuedAt)),
  isSessionEnded: async (sessionId) =>
    !(await rememberStanding(`session:${sessionId}`, async () => !(await isSessionEnded(sessionId)))),
};

/** What nextSessionToken asks of this app: the database's revocation records and the provider's token endpoint. */
function sessionTokenDependencies(
  provider: ReturnType<typeof identityProvider>,
): Parameters<typeof nextSessionToken>[1] {
  return {
    now: () => Date.now(),
    ...revocationChecks,
    newSessionId: () => randomUUID(),
    refresh: defaultRefreshDependencies,
    tokenEndpoint: provider.tokenEndpoint,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  };
}

/**
 * A decoded session cookie after the jwt callback's rules (revocation, refresh), or null when it no
 * longer stands: what auth() does, for a reader that already holds the decoded cookie (getMember),
 * so the cookie is not decrypted twice.
 */
export function currentSessionToken(token: JWT): Promise<JWT | null> {
  return nextSessionToken({ token }, sessionTokenDependencies(identityProvider()));
}

export function buildAuthConfig(): NextAuthConfig {
  const config = getConfig();
  const provider = identityProvider();
  const { tokenEndpoint: _tokenEndpoint, ...providerOptions } = provider;
  void _tokenEndpoint;
  return {
    secret: getAuthSecret(),
    trustHost: true,
    basePath: "/api/auth",
    // __Secure-/__Host- cookie prefixes whenever the site is served over https.
    useSecureCookies: config.siteUrl.startsWith("https://"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: [providerOptions],
    pages: { signIn: "/auth/sign-in", error: "/auth/sign-in" },
    callbacks: {
      async jwt({ token, account, profile }) {
        const claims = (profile ?? undefined) as Profile | undefined;
        const next = await nextSessionToken(
          { token, account: account ?? undefined, profile: claims },
          sessionTokenDependencies(provider),
        );
        // A sign-in: the profile starts with the names (and phone) the member gave the identity
        // provider, once; for Cognito this is the first the app hears of them.
        if (account && next?.sub && claims) await startProfileAtSignIn(next.sub, claims);
        return next;
      },
      async session({ session, token }) {
        // Only what the pages show: tokens stay in the encrypted cookie, server-side.
        return {
          ...session,
          user: { ...session.user, id: token.sub ?? "", name: token.name ?? "", email: token.email ?? "" },
        };
      },
    },
  };
}

/** Never stands in the way of a sign-in: a profile that cannot start now starts at the member's next one. */
async function startProfileAtSignIn(memberId: string, claims: Profile) {
  try {
    await startProfileFromSignUp(memberId, {
      givenName: claims.given_name,
      familyName: claims.family_name,
      phoneNumber: claims.phone_number,
    });
  } catch (error) {
    logError("[auth] the profile could not start from the sign-up details", error);
  }
}
