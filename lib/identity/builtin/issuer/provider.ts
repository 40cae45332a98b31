import "server-only";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import Provider, { errors, interactionPolicy } from "oidc-provider";
import type { Db } from "../../../db/open";
import { createOidcAdapter } from "./adapter";
import { findAccountClaims } from "./claims";
import { getIssuerCookieKeys, getIssuerJwks } from "./keys";
import { NATIVE_TOKEN_LIFETIMES, type NativeAppClient } from "./native-apps";

/**
 * The built-in OpenID Connect issuer (panva oidc-provider), used when no Cognito pool is configured.
 * Everything it keeps (sessions, grants, codes, tokens, keys) lives in the database, so every app
 * instance serves the same issuer and restarts sign nobody out.
 */
export type IssuerOptions = {
  /** Exactly `<SITE_URL>/api/oidc` (the string in every token). */
  issuer: string;
  siteUrl: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[]; postLogoutRedirectUris: string[] };
  /** The iOS and Android apps: public clients (lib/identity/builtin/issuer/native-apps.ts). */
  nativeClients?: NativeAppClient[];
  db?: Db;
};

// Scopes Happr's own clients (the web app and the apps) are granted without a consent screen.
const FIRST_PARTY_SCOPES = "openid email profile phone offline_access";

const WEB_ACCESS_TOKEN_SECONDS = 60 * 60;
const WEB_REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const WEB_GRANT_SECONDS = 30 * 24 * 60 * 60;

type Ctx = {
  oidc: {
    client?: { clientId: string };
    result?: { login?: unknown; consent?: { grantId?: string } };
    entities: { RefreshToken?: { ttlPercentagePassed(): number; totalLifetime(): number } };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    provider: Provider;
  };
};

export async function createIssuer(options: IssuerOptions): Promise<Provider> {
  const [jwks, cookieKeys] = await Promise.all([getIssuerJwks(options.db), getIssuerCookieKeys(options.db)]);
  const { clientId } = options.client;
  const nativeClients = options.nativeClients ?? [];
  const nativeIds = new Set(nativeClients.map((client) => client.clientId));
  const isNative = (client: { clientId: string } | undefined) => client !== undefined && nativeIds.has(client.clientId);
  const provider = new Provider(options.issuer, {
    adapter: createOidcAdapter({ db: options.db }),
    jwks,
    cookies: { keys: cookieKeys },
    clients: [
      {
        client_id: clientId,
        client_secret: options.client.clientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: options.client.redirectUris,
        post_logout_redirect_uris: options.client.postLogoutRedirectUris,
        // When the member last proved who they are: account changes skip the password only for a recent one.
        require_auth_time: true,
      },
      // RFC 8252: an app cannot keep a secret, so it has none; PKCE S256 (required below) binds its code.
      ...nativeClients.map((client) => ({
        client_id: client.clientId,
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: client.redirectUris,
        scope: FIRST_PARTY_SCOPES,
        require_auth_time: true,
      })),
    ],
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "email", "profile", "phone"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "updated_at"],
      phone: ["phone_number", "phone_number_verified"],
    },
    // Auth.js reads the member's profile from the ID token: put the granted scopes' claims in it.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      const claims = await findAccountClaims(sub, options.db ? { db: options.db } : undefined);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => claims };
    },
    interactions: {
      // oidc-provider scopes its signed interaction cookie to this URL's path: "/auth" lets sign-in,
      // sign-up, confirm and /auth/complete read it (app/(auth)/auth/route.ts sends the browser on to sign-in).
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${options.siteUrl}${INTERACTION_PATH}?interaction=${encodeURIComponent(interaction.uid)}`,
      policy: signInPolicy(isNative),
    },
    // Happr's own clients are first-party: their grant is given, never asked for.
    async loadExistingGrant(ctx: Ctx) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const Grant = (oidc.provider as unknown as { Grant: GrantClass }).Grant;
      if (isNative(oidc.client)) {
        // Each sign-in of an app is a grant of its own: the family of refresh tokens a replay ends,
        // without signing out the member's other devices. It is made once the member has signed in.
        if (!oidc.result?.login) return undefined;
        const grant = new Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
        grant.addOIDCScope(FIRST_PARTY_SCOPES);
        await grant.save();
        return grant;
      }
      if (oidc.client.clientId !== clientId) return grantId ? Grant.find(grantId) : undefined;
      const existing = grantId ? await Grant.find(grantId) : undefined;
      const grant = existing ?? new Grant({ clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPES);
      await grant.save();
      return grant;
    },
    // Refresh tokens for the first-party client without the offline_access consent dance.
    async issueRefreshToken(_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) {
      return client.grantTypeAllowed("refresh_token");
    },
    // The apps' refresh tokens are theirs, not the browser session's: the app signed in through a
    // browser it then closed. Revocation, sign-out everywhere and account changes end them.
    async expiresWithSession(ctx: Ctx, source: { scopes: Set<string> }) {
      return isNative(ctx.oidc.client) ? false : !source.scopes.has("offline_access");
    },
    // A public client's refresh token is replaced at every use, so a copy someone else holds is found
    // out when either party uses it again: oidc-provider then refuses it and revokes the whole grant
    // (oidc-provider's refresh_token grant). The web app's keeps oidc-provider's default: replaced once
    // 70% of its life has passed, for at most a year.
    rotateRefreshToken(ctx: Ctx) {
      if (isNative(ctx.oidc.client)) return true;
      const token = ctx.oidc.entities.RefreshToken;
      return token !== undefined && token.totalLifetime() < 365.25 * 24 * 60 * 60 && token.ttlPercentagePassed() >= 70;
    },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens; another's is answered like an unknown one (RFC 7009 2.2).
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      rpInitiatedLogout: { enabled: true },
    },
    ttl: {
      AccessToken: (_ctx: unknown, _token: unknown, client: { clientId: string }) =>
        isNative(client) ? NATIVE_TOKEN_LIFETIMES.accessTokenSeconds : WEB_ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: (_ctx: unknown, grant: { clientId: string }) =>
        nativeIds.has(grant.clientId) ? NATIVE_TOKEN_LIFETIMES.signInSeconds : WEB_GRANT_SECONDS,
      // An app's refresh token lives 30 days from its last use, never past the end of its sign-in
      // (iiat: when the family's first token was issued, kept through rotations).
      RefreshToken: (_ctx: unknown, token: { iiat?: number }, client: { clientId: string }) => {
        if (!isNative(client)) return WEB_REFRESH_TOKEN_SECONDS;
        const now = Math.floor(Date.now() / 1000);
        const signInLeft = (token.iiat ?? now) + NATIVE_TOKEN_LIFETIMES.signInSeconds - now;
        return Math.max(1, Math.min(NATIVE_TOKEN_LIFETIMES.refreshTokenIdleSeconds, signInLeft));
      },
      Session: 30 * 24 * 60 * 60,
    },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "html";
      const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>We could not sign you in</h1><p>${escape(
        out.error_description ?? out.error ?? "Unknown error",
      )}</p><p><a href="/auth/sign-in">Try again</a></p></main></body></html>`;
    },
  });
  // Koa reads the scheme and host from X-Forwarded-*: handleIssuerRequest sets them from the issuer
  // URL (SITE_URL), never from what the client sent.
  provider.proxy = true;
  return provider;
}

/**
 * oidc-provider's prompts, with two changes. It asks a native client's user to consent
 * every time (RFC 8252 8.6: another app can claim a private-use scheme and would otherwise be handed
 * a code silently through the browser's single sign-on). Happr's apps have no consent screen, being
 * first-party: instead the member signs in (password, then MFA) at every app sign-in.
 */
function signInPolicy(isNative: (client: { clientId: string } | undefined) => boolean) {
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check(
        "native_app_sign_in",
        "the apps sign in with the password every time",
        "login_required",
        (ctx: Ctx) =>
          isNative(ctx.oidc.client) && !ctx.oidc.result?.login
            ? interactionPolicy.Check.REQUEST_PROMPT
            : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );
  // Every client of this issuer is Happr's own (the web app and the apps), and nothing in Happr asks
  // for consent: a consent interaction would send the browser to the sign-in pages, which finish logins
  // only, and strand an app's sign-in on /my-account. The grant (loadExistingGrant) holds every scope,
  // offline_access included, so `prompt=consent` (how OpenID clients ask for a refresh token) is met
  // at once and the code goes back to the redirect URI.
  const consent = policy.get("consent")!;
  for (const check of [...consent.checks]) consent.checks.remove(check.reason);
  return policy;
}

/** Where the issuer sends a browser to sign in; also the path of its interaction cookie. */
const INTERACTION_PATH = "/auth";

type GrantInstance = { addOIDCScope(scope: string): void; save(): Promise<string> };
type GrantClass = {
  new (fields: { clientId: string; accountId: string }): GrantInstance;
  find(id: string): Promise<GrantInstance | undefined>;
};

type InteractionInstance = {
  uid: string;
  returnTo: string;
  prompt: { name: string };
  exp: number;
  result?: unknown;
  persist(): Promise<unknown>;
};

/**
 * Koa (under oidc-provider) builds every URL it hands out, the member's way back included, from the
 * request's scheme and host; with `proxy` on it would take them from X-Forwarded-Host/-Proto. They
 * are set here from the issuer URL, so no header a client sends can choose where a member is sent.
 */
function pinToIssuerOrigin(provider: Provider, req: IncomingMessage): void {
  const issuer = new URL(provider.issuer);
  req.headers.host = issuer.host;
  req.headers["x-forwarded-host"] = issuer.host;
  req.headers["x-forwarded-proto"] = issuer.protocol.replace(/:$/, "");
  delete req.headers.forwarded;
}

/**
 * The sign-in this browser started: the interaction named by the issuer's own signed interaction
 * cookie (set when the interaction began, HttpOnly, scoped to /auth), verified by oidc-provider.
 * Undefined when the browser holds none, or its cookie is forged, expired or names a finished one.
 */
export async function browserInteraction(
  provider: Provider,
  cookieHeader: string | null | undefined,
): Promise<InteractionInstance | undefined> {
  if (!cookieHeader) return undefined;
  const req = new IncomingMessage(new Socket());
  req.method = "GET";
  req.url = "/";
  req.headers = { cookie: cookieHeader };
  pinToIssuerOrigin(provider, req);
  try {
    return (await provider.interactionDetails(req, new ServerResponse(req))) as InteractionInstance;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

export type LoginCompletion =
  { returnTo: string } | { refused: "no-interaction" | "other-interaction" | "already-finished" | "not-a-login" };

/**
 * Finishes the login prompt of this browser's own interaction (see browserInteraction) for an
 * account the app has just signed in, and answers the issuer URL the browser goes to next. An
 * interaction id given by a form or a link is only ever compared with the cookie's, never trusted:
 * otherwise whoever started an interaction could have someone else sign in to it, then resume it.
 */
export async function finishLoginInteraction(
  provider: Provider,
  cookieHeader: string | null | undefined,
  accountId: string,
  expectedUid?: string,
): Promise<LoginCompletion> {
  const interaction = await browserInteraction(provider, cookieHeader);
  if (!interaction) return { refused: "no-interaction" };
  if (expectedUid !== undefined && interaction.uid !== expectedUid) return { refused: "other-interaction" };
  if (interaction.result !== undefined) return { refused: "already-finished" };
  if (interaction.prompt.name !== "login") return { refused: "not-a-login" };
  interaction.result = { login: { accountId, remember: true } };
  await interaction.persist();
  return { returnTo: interaction.returnTo };
}

/**
 * Mounts the issuer on a Node request whose path starts with `mountPath`: oidc-provider routes on
 * the rest of the path and builds its URLs from `originalUrl` and the issuer's origin.
 */
export function handleIssuerRequest(
  provider: Provider,
  mountPath: string,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
) {
  return new Promise<void>((resolve) => {
    const url = req.url ?? "/";
    if (url.startsWith(mountPath)) {
      req.originalUrl = url;
      req.url = url.slice(mountPath.length) || "/";
    }
    pinToIssuerOrigin(provider, req);
    res.once("finish", () => resolve());
    res.once("close", () => resolve());
    provider.callback()(req, res);
  });
}
