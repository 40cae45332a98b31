import "server-only";
import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { getConfig } from "../config";
import { DomainError } from "../errors";
import { IdentityError } from "../identity/errors";
import { messages } from "../messages";
import {
  poolAttributes,
  PoolTokenRefusedError,
  POOL_ADMIN_SCOPE,
  type PoolAttributes,
  type PoolMemberOptions,
} from "../identity/cognito/pool-members";
import { createOidcAdapter } from "../identity/builtin/issuer/adapter";
import { findCurrentAccount } from "../identity/builtin/accounts";
import { isAfterSessionCutoff } from "../identity/session-cutoffs";
import type { SignUpDetails } from "../profile";
import type { Member } from "./member";
import { NATIVE_APP_CLIENT_IDS } from "../identity/builtin/issuer/native-apps";
import { BUILTIN_CLIENT_ID } from "../secrets";
import { createCachedKeySet, KeySetUnavailableError } from "./jwks";

/**
 * Who is calling the API: a guest, a member (from an access token or the site's session cookie),
 * someone whose credentials do not stand (expired, tampered, foreign, revoked): never a member then,
 * or someone whose token cannot be checked now because the identity provider does not answer.
 */
export type Caller =
  { kind: "guest" } | MemberCaller | { kind: "invalid" } | { kind: "unavailable"; retryAfterSeconds: number };

/**
 * A member. `memberId` is known at once (the token's subject); `member()` adds their email and name,
 * which for a Cognito token come from the pool (see cognitoMemberLookup) and are read only by the
 * operations that need them. `signUp()`: what the identity provider holds from their sign-up, for the
 * profile's first start (Cognito).
 */
export type MemberCaller = {
  kind: "member";
  memberId: string;
  member: () => Promise<Member>;
  signUp?: () => Promise<SignUpDetails | undefined>;
};

/** The member behind a verified credential. */
export type VerifiedMember = Omit<MemberCaller, "kind">;

/** A member whose email and name are already known (the site's session, the built-in issuer's tokens). */
export function knownMember(member: Member): MemberCaller {
  const known = { memberId: member.memberId, email: member.email, name: member.name };
  return { kind: "member", memberId: member.memberId, member: async () => known };
}

/** How long a caller is asked to wait when the identity provider does not answer (JWKS refetch cooldown). */
export const IDENTITY_RETRY_AFTER_SECONDS = 30;

/**
 * The identity provider (Cognito's key set or its user-pool API) does not answer, so the call cannot be
 * checked or completed: 503 with Retry-After. Never a 401: an app takes that for a sign-out.
 */
export class IdentityUnavailableError extends DomainError<"IdentityUnavailable", 503> {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = IDENTITY_RETRY_AFTER_SECONDS, options: { cause?: unknown } = {}) {
    super("IdentityUnavailable", 503, "The sign-in service is not answering. Please try again shortly.", options);
    this.name = "IdentityUnavailableError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The identity provider refused a token whose signature stands (revoked by a global sign-out, user disabled or deleted). */
export class TokenRefusedError extends DomainError<"NotAuthenticated", 401> {
  constructor(options: { cause?: unknown } = {}) {
    super("NotAuthenticated", 401, messages.notAuthenticated, options);
    this.name = "TokenRefusedError";
  }
}

/**
 * The operation needs the member's email address, the token may not read it from the pool (no
 * `aws.cognito.signin.user.admin` scope), and no earlier call left a copy.
 */
export class PoolAttributesWithheldError extends DomainError<"AttributesWithheld", 403> {
  constructor() {
    super(
      "AttributesWithheld",
      403,
      `This sign-in does not let Happr read your email address: sign in again from an app that asks for the ${POOL_ADMIN_SCOPE} scope`,
    );
    this.name = "PoolAttributesWithheldError";
  }
}

/** What a verified access token says about its subject; `undefined` when the member is gone or revoked. */
export type MemberLookup = (
  claims: JWTPayload & { sub: string; iat: number },
  token: string,
) => Promise<VerifiedMember | undefined>;

export type JwtAccessTokenVerifierOptions = {
  issuer: string;
  /** The app clients whose access tokens are for this API: the web app's and the native apps'. */
  clientIds: readonly string[];
  keys: JWTVerifyGetKey;
  lookupMember: MemberLookup;
  /** Tests pin the clock. */
  currentDate?: Date;
};

/** Throws KeySetUnavailableError when the token cannot be checked for want of the provider's keys. */
export type TokenVerifier = (token: string) => Promise<VerifiedMember | undefined>;

// Access tokens are signed with asymmetric keys only: never accept "none" or an HMAC with a public key.
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "ES256", "ES384", "EdDSA"];

/**
 * Cognito's access tokens: JWTs signed by the pool, saying `token_use: "access"` and naming the app
 * client in `client_id`. The pool signs its ID tokens with the same keys (`token_use: "id"`, the
 * client in `aud`), and access tokens for every app client of the pool: neither is a credential for
 * this API, so both are refused. Verified locally against the pool's key set: no call to the pool.
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
    if (payload.token_use !== "access" || !options.clientIds.includes(String(payload.client_id))) return undefined;
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
  return account ? knownMember({ memberId: account.id, email: account.email, name: account.name || null }) : undefined;
};

/**
 * Cognito: the token's `sub` is the member id; a token from before the member's revocation point is refused (the key of every local record: profile, billing
 * customer, circle). Their email and name come from the local copy of the pool's attributes,
 * refreshed with GetUser at most once per token and only when an operation asks for them
 * (`member()`, `signUp()`): most calls make no call to the pool. GetUser refusing the token (a global
 * sign-out) makes that call a 401; the pool not answering makes it a 503.
 */
export function cognitoMemberLookup(options: PoolMemberOptions): MemberLookup {
  return async (claims, token) => {
    // Signed out everywhere (or the password changed) since this token was issued: GlobalSignOut does
    // not expire access tokens already handed out, the member's revocation point does. iat is read as
    // the end of its second, as the built-in lookup does.
    if (!(await isAfterSessionCutoff(claims.sub, new Date(claims.iat * 1000 + 999)))) return undefined;
    let loaded: Promise<PoolAttributes | undefined> | undefined;
    const load = () =>
      (loaded ??= poolAttributes(claims, token, options).catch((error: unknown) => {
        if (error instanceof PoolTokenRefusedError) throw new TokenRefusedError({ cause: error });
        if (error instanceof IdentityError && error.code === "NetworkError")
          throw new IdentityUnavailableError(IDENTITY_RETRY_AFTER_SECONDS, { cause: error });
        throw error;
      }));
    return {
      memberId: claims.sub,
      member: async () => {
        const attributes = await load();
        if (!attributes) throw new PoolAttributesWithheldError();
        // The token too: the identity port reads the member's verified addresses with it (GetUser).
        return { memberId: claims.sub, email: attributes.email, name: attributes.name, accessToken: token };
      },
      signUp: async () => (await load())?.signUp,
    };
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
      clientIds: [identity.clientId, ...identity.appClientIds],
      keys: createCachedKeySet({ url: new URL(`${identity.issuer}/.well-known/jwks.json`) }),
      lookupMember: cognitoMemberLookup({ region: identity.region }),
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
 * cookie; otherwise a guest. Credentials that fail to verify make the caller `invalid`, not a guest;
 * a token that cannot be checked for want of the provider's keys makes it `unavailable`.
 */
export async function resolveCaller(request: Request, options: ResolveCallerOptions = {}): Promise<Caller> {
  const header = request.headers.get("authorization")?.trim();
  if (header) {
    if (header.toLowerCase() === "guest") return { kind: "guest" };
    const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, "").trim() : header;
    if (!token || token.length > 8192) return { kind: "invalid" };
    try {
      const member = await (options.verifyToken ?? getTokenVerifier())(token);
      return member ? { kind: "member", ...member } : { kind: "invalid" };
    } catch (error) {
      if (error instanceof KeySetUnavailableError)
        return { kind: "unavailable", retryAfterSeconds: IDENTITY_RETRY_AFTER_SECONDS };
      throw error;
    }
  }
  if (request.headers.get("cookie")) {
    const member = await (options.cookieSession ?? defaultCookieSession)(request);
    if (member) return knownMember(member);
  }
  return { kind: "guest" };
}
