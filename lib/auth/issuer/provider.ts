import "server-only";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import Provider, { errors } from "oidc-provider";
import type { Db } from "../../db/open";
import { createOidcAdapter, findAccountClaims, getIssuerCookieKeys, getIssuerJwks } from "../../identity";

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
  db?: Db;
};

// Scopes the app's own client is granted without a consent screen (it is first-party).
const FIRST_PARTY_SCOPES = "openid email profile phone offline_access";

type Ctx = {
  oidc: {
    client?: { clientId: string };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: Provider;
  };
};

export async function createIssuer(options: IssuerOptions): Promise<Provider> {
  const [jwks, cookieKeys] = await Promise.all([getIssuerJwks(options.db), getIssuerCookieKeys(options.db)]);
  const { clientId } = options.client;
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
      // sign-up, confirm and /auth/complete read it (app/auth/route.ts sends the browser on to sign-in).
      url: (_ctx: unknown, interaction: { uid: string }) => `${options.siteUrl}${INTERACTION_PATH}?interaction=${encodeURIComponent(interaction.uid)}`,
    },
    // The app is its own first-party client: its grant is given, never asked for.
    async loadExistingGrant(ctx: Ctx) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const Grant = (oidc.provider as unknown as { Grant: GrantClass }).Grant;
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
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
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

/** Where the issuer sends a browser to sign in; also the path of its interaction cookie. */
export const INTERACTION_PATH = "/auth";

type GrantInstance = { addOIDCScope(scope: string): void; save(): Promise<string> };
type GrantClass = { new (fields: { clientId: string; accountId: string }): GrantInstance; find(id: string): Promise<GrantInstance | undefined> };

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
export async function browserInteraction(provider: Provider, cookieHeader: string | null | undefined): Promise<InteractionInstance | undefined> {
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

export type LoginCompletion = { returnTo: string } | { refused: "no-interaction" | "other-interaction" | "already-finished" | "not-a-login" };

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
export function handleIssuerRequest(provider: Provider, mountPath: string, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) {
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
