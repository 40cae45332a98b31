/**
 * Keeping a member's access token fresh (used by Auth.js's jwt callback). Pure apart from the
 * injected fetch, sleep, clock and randomness, so every branch is unit-tested.
 */

/** Answers from the issuer that mean the session is over: the member is signed out. */
export const SESSION_INVALID_MESSAGES = [
  "Access Token has been revoked",
  "Refresh Token has been revoked",
  "User is disabled.",
  "User does not exist.",
  "Refresh Token has expired",
  "Password reset required for the user.",
] as const;

const SESSION_INVALID_CODES = new Set(["NotAuthorizedException", "invalid_grant"]);

/** An issuer's error body: OAuth's `{ error, error_description }` or Cognito's `{ __type, message }`. */
export type IssuerError = { error?: unknown; error_description?: unknown; __type?: unknown; message?: unknown };

export function isSessionInvalidError(body: IssuerError | undefined | null): boolean {
  if (!body || typeof body !== "object") return false;
  const codes = [body.error, body.__type].filter((value): value is string => typeof value === "string");
  // Cognito's __type sometimes carries a namespace prefix ("...#NotAuthorizedException").
  if (codes.some((code) => SESSION_INVALID_CODES.has(code.split("#").at(-1)!))) return true;
  const texts = [body.error_description, body.message].filter((value): value is string => typeof value === "string");
  return texts.some((text) => SESSION_INVALID_MESSAGES.some((message) => text.includes(message)));
}

export type Tokens = {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  /** When the access token expires, epoch milliseconds. */
  expiresAt: number;
};

export type RefreshDependencies = {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
};

export type RefreshRequest = {
  tokenEndpoint: string;
  clientId: string;
  clientSecret?: string;
  tokens: Tokens;
};

export type RefreshOutcome =
  | { kind: "current"; tokens: Tokens }
  | { kind: "refreshed"; tokens: Tokens }
  | { kind: "signed-out"; reason: string }
  /** A passing failure ("Network Error"): the session stands until the access token expires. */
  | { kind: "kept"; tokens: Tokens; reason: string };

/** Refresh this long before the access token expires, so no request carries a dead token. */
export const REFRESH_AHEAD_MS = 60_000;
export const MAX_REFRESH_ATTEMPTS = 4;
const MAX_BACKOFF_MS = 5_000;

/** 100·2^n ms plus up to 100 ms of jitter (so many sessions do not retry in step), capped at 5 s. */
export function backoffDelay(attempt: number, random: () => number): number {
  return Math.min(100 * 2 ** attempt + Math.floor(random() * 100), MAX_BACKOFF_MS);
}

type Attempt =
  | { kind: "ok"; tokens: Tokens }
  | { kind: "invalid"; reason: string }
  | { kind: "permanent"; reason: string }
  | { kind: "retry"; reason: string };

async function attemptRefresh(request: RefreshRequest, deps: RefreshDependencies): Promise<Attempt> {
  const body = new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: request.tokens.refreshToken!,
    client_id: request.clientId,
  });
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (request.clientSecret) {
    // client_secret_basic: both parts form-encoded first (RFC 6749 §2.3.1).
    const credentials = `${encodeURIComponent(request.clientId)}:${encodeURIComponent(request.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  }
  let response: Response;
  try {
    response = await deps.fetch(request.tokenEndpoint, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    return { kind: "retry", reason: "Network Error" };
  }
  const json = (await response.json().catch(() => undefined)) as (IssuerError & Record<string, unknown>) | undefined;
  if (response.ok) {
    if (!json || typeof json.access_token !== "string" || typeof json.expires_in !== "number") {
      return { kind: "retry", reason: "Network Error" };
    }
    return {
      kind: "ok",
      tokens: {
        accessToken: json.access_token,
        // Cognito does not rotate refresh tokens: keep the one we have when none comes back.
        refreshToken: typeof json.refresh_token === "string" ? json.refresh_token : request.tokens.refreshToken,
        idToken: typeof json.id_token === "string" ? json.id_token : request.tokens.idToken,
        expiresAt: deps.now() + json.expires_in * 1000,
      },
    };
  }
  const reason = String(
    json?.error_description ?? json?.message ?? json?.error ?? json?.__type ?? `HTTP ${response.status}`,
  );
  if (isSessionInvalidError(json)) return { kind: "invalid", reason };
  if (response.status >= 500 || response.status === 429) return { kind: "retry", reason: "Network Error" };
  return { kind: "permanent", reason };
}

/**
 * Refreshes the tokens when the access token is about to expire. An answer that the session is over
 * signs the member out at once; passing failures are retried with backoff and, if they persist, the
 * session is kept while its access token is still valid.
 */
export async function refreshIfNeeded(request: RefreshRequest, deps: RefreshDependencies): Promise<RefreshOutcome> {
  const { tokens } = request;
  if (deps.now() < tokens.expiresAt - REFRESH_AHEAD_MS) return { kind: "current", tokens };
  if (!tokens.refreshToken) {
    return deps.now() < tokens.expiresAt
      ? { kind: "current", tokens }
      : { kind: "signed-out", reason: "Refresh Token has expired" };
  }
  let reason = "Network Error";
  for (let attempt = 0; attempt < MAX_REFRESH_ATTEMPTS; attempt++) {
    if (attempt > 0) await deps.sleep(backoffDelay(attempt - 1, deps.random));
    const result = await attemptRefresh(request, deps);
    if (result.kind === "ok") return { kind: "refreshed", tokens: result.tokens };
    if (result.kind === "invalid") return { kind: "signed-out", reason: result.reason };
    reason = result.reason;
    if (result.kind === "permanent") break;
  }
  if (deps.now() < tokens.expiresAt) return { kind: "kept", tokens, reason };
  return { kind: "signed-out", reason };
}

export const defaultRefreshDependencies: RefreshDependencies = {
  fetch: (...args) => fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  random: () => Math.random(),
};
