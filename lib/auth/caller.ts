import "server-only";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { getConfig } from "../config";
import { callUserPool } from "../identity/cognito/user-pool";
import { createOidcAdapter } from "../identity/builtin/issuer/adapter";
import { findCurrentAccount } from "../identity/builtin/accounts";
import type { SignUpDetails } from "../profile";
import type { Member } from "./member";
import { NATIVE_APP_CLIENT_IDS } from "../identity/builtin/issuer/native-apps";
import { BUILTIN_CLIENT_ID } from "./secrets";

/**
 * Who is calling the API: a guest, a member (from an access token or the site's session cookie), or
 * someone whose credentials do not stand (expired, tampered, foreign, revoked): never a member then.
 */
/** The member behind a credential; signUp: what the identity provider holds from their sign-up, when the lookup has it (Cognito). */
export type CallingMember = Member & { signUp?: SignUpDetails };
export type Caller = { kind: "guest" } | ({ kind: "member" } & CallingMember) | { kind: "invalid" };

/** What a verified access token says about its subject; `undefined` when the member is gone or revoked. */
export type MemberLookup = (
  claims: JWTPayload & { sub: string; iat: number },
  token: string,
) => Promise<CallingMember | undefined>;

export type JwtAccessTokenVerifierOptions = {
  issuer: string;
  clientId: string;
  keys: JWTVerifyGetKey;
  lookupMember: MemberLookup;
  /** Tests pin the clock. */
  currentDate?: Date;
};

export type TokenVerifier = (token: string) => Promise<CallingMember | undefined>;

// Access tokens are signed with asymmetric keys only: never accept "none" or an HMAC with a public key.
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "ES256", "ES384", "EdDSA"];

/**
 * Cognito's access tokens: JWTs signed by the pool, saying `token_use: "access"` and naming the app
 * client in `client_id`. The pool signs its ID tokens with the same keys (`token_use: "id"`, the
 * client in `aud`), and access tokens for every app client of the pool: neither is a credential for
 * this API, so both are refused.
 */
export function createJwtAccessTokenVerifier(options: JwtAccessTokenVerifierOptions): TokenVerifier {
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        algorithms: ALGORITHMS,
        currentDate: options.currentDate,
        clockTolerance: 5,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
    if (payload.token_use !== "access" || payload.client_id !== options.clientId) return undefined;
    if (typeof payload.sub !== "string" || typeof payload.iat !== "number") return undefined;
    return options.lookupMember({ ...payload, sub: payload.sub, iat: payload.iat }, token);
  };
}

// What oidc-provider stores for an opaque access token. One bound to a resource server (`aud`) is for
// another API than this one.
const opaquePayload = z.object({
  accountId: z.string().min(1),
  clientId: z.string(),
  iat: z.number(),
  exp: z.number(),
  kind: z.literal("AccessToken"),
  aud: z.undefined().optional(),
});

/**
 * The built-in issuer (oidc-provider) hands out opaque access tokens (no resource server is
 * configured, so never JWTs): a token is looked up in its token store, where a revoked or expired
 * one is gone. Its ID tokens are JWTs and its refresh tokens another model, so neither is ever found
 * there: the API refuses them. `clientIds`: the clients whose access tokens are for this API (the
 * web app and the native apps).
 */
function createOpaqueTokenVerifier(options: {
  clientIds: readonly string[];
  findAccessToken: (token: string) => Promise<unknown>;
  lookupMember: MemberLookup;
  now?: () => number;
}): TokenVerifier {
  return async (token) => {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return undefined;
    const parsed = opaquePayload.safeParse(await options.findAccessToken(token));
    if (!parsed.success) return undefined;
    const { accountId, clientId, iat, exp } = parsed.data;
    if (!options.clientIds.includes(clientId) || exp <= (options.now?.() ?? Date.now() / 1000)) return undefined;
    return options.lookupMember({ sub: accountId, iat }, token);
  };
}

/** The built-in issuer: the account must be usable and its sessions not revoked since the token was issued. */
export const builtinMemberLookup: MemberLookup = async (claims) => {
  // iat has whole seconds while the revocation point has milliseconds: read iat as the end of its
  // second, or the fresh token issued right after a password change would count as revoked.
  const account = await findCurrentAccount(claims.sub, new Date(claims.iat * 1000 + 999));
  return account ? { memberId: account.id, email: account.email, name: account.name || null } : undefined;
};

const cognitoUser = z.object({
  Username: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string().optional() })).default([]),
});

/**
 * Cognito: GetUser with the member's own token gives the profile, and fails for a token revoked by
 * a global sign-out (which the signature alone cannot show).
 */
export function cognitoMemberLookup(region: string, endpoint?: string): MemberLookup {
  return async (claims, token) => {
    const user = await callUserPool({ region, endpoint }, "GetUser", { AccessToken: token }, cognitoUser).catch(
      () => undefined,
    );
    if (!user) return undefined;
    const attribute = (name: string) => user.UserAttributes.find((a) => a.Name === name)?.Value;
    const email = attribute("email");
    if (!email) return undefined;
    const name =
      attribute("name") ?? ([attribute("given_name"), attribute("family_name")].filter(Boolean).join(" ") || null);
    // The profile starts with these the first time the member reaches the API (a native app's first sign-in).
    const signUp = {
      givenName: attribute("given_name") ?? null,
      familyName: attribute("family_name") ?? null,
      phoneNumber: attribute("phone_number") ?? null,
    };
    return { memberId: claims.sub, email, name, signUp };
  };
}

/** The built-in issuer's clients whose access tokens /graphql takes. */
const API_CLIENT_IDS = [BUILTIN_CLIENT_ID, NATIVE_APP_CLIENT_IDS.ios, NATIVE_APP_CLIENT_IDS.android] as const;

let configured: TokenVerifier | undefined;

/** The verifier for the configured identity provider, built once per process. */
export function getTokenVerifier(): TokenVerifier {
  if (configured) return configured;
  const identity = getConfig().identity;
  if (identity.kind === "cognito") {
    configured = createJwtAccessTokenVerifier({
      issuer: identity.issuer,
      clientId: identity.clientId,
      keys: createRemoteJWKSet(new URL(`${identity.issuer}/.well-known/jwks.json`)),
      lookupMember: cognitoMemberLookup(identity.region),
    });
  } else {
    const accessTokens = createOidcAdapter()("AccessToken");
    configured = createOpaqueTokenVerifier({
      clientIds: API_CLIENT_IDS,
      findAccessToken: (token) => accessTokens.find(token),
      lookupMember: builtinMemberLookup,
    });
  }
  return configured;
}

export type CookieSession = (request: Request) => Promise<Member | undefined>;

/**
 * The site's own session (Auth.js), for same-origin requests without an Authorization header. Loaded
 * lazily: token callers (and tests, which inject their own) never load Auth.js.
 */
const defaultCookieSession: CookieSession = async () => {
  const [{ auth }, { memberOfSession }] = await Promise.all([import("@/auth"), import("./member")]);
  return memberOfSession(await auth()) ?? undefined;
};

export type ResolveCallerOptions = { verifyToken?: TokenVerifier; cookieSession?: CookieSession };

/**
 * `Authorization: Bearer <token>`, the bare token, or `guest`; without the header, the site's session
 * cookie; otherwise a guest. Credentials that fail to verify make the caller `invalid`, not a guest.
 */
export async function resolveCaller(request: Request, options: ResolveCallerOptions = {}): Promise<Caller> {
  const header = request.headers.get("authorization")?.trim();
  if (header) {
    if (header.toLowerCase() === "guest") return { kind: "guest" };
    const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, "").trim() : header;
    if (!token || token.length > 8192) return { kind: "invalid" };
    const member = await (options.verifyToken ?? getTokenVerifier())(token);
    return member ? { kind: "member", ...member } : { kind: "invalid" };
  }
  if (request.headers.get("cookie")) {
    const member = await (options.cookieSession ?? defaultCookieSession)(request);
    if (member) return { kind: "member", ...member };
  }
  return { kind: "guest" };
}
