import { createLocalJWKSet, errors as joseErrors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

/**
 * The identity provider's signing keys could not be fetched and none are known yet (or a token names a
 * key the cached set lacks while the provider does not answer): whether the token is good cannot be
 * told, so the caller is neither a member nor refused.
 */
export class KeySetUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The identity provider's key set could not be fetched", { cause });
    this.name = "KeySetUnavailableError";
  }
}

export type CachedKeySetOptions = {
  url: URL;
  /** How long a fetched set is used before it is fetched again (a failed refetch keeps the old one). */
  maxAgeMs?: number;
  /** At most one refetch for an unknown `kid` in this long: random kids cannot make us hammer the provider. */
  cooldownMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

/**
 * A key set for jwtVerify, fetched from `url` and kept in memory. Unlike jose's createRemoteJWKSet,
 * whose expired cache is refetched before every use and fails the verification when the provider is
 * down, an outage here keeps the last set verifying tokens: Cognito rotates keys rarely and announces
 * new ones in the set before signing with them. A token with a `kid` the set lacks triggers one
 * refetch (subject to the cooldown); still unknown after it, the token is refused.
 */
export function createCachedKeySet(options: CachedKeySetOptions): JWTVerifyGetKey {
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const cooldownMs = options.cooldownMs ?? 30_000;
  const now = options.now ?? Date.now;
  let local: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let attemptedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | undefined;

  const load = () => {
    pending ??= (async () => {
      attemptedAt = now();
      const response = await (options.fetch ?? fetch)(options.url, {
        headers: { accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (response.status !== 200) throw new Error(`The key set answered ${response.status}`);
      const set = (await response.json()) as JSONWebKeySet;
      local = createLocalJWKSet(set);
      fetchedAt = now();
    })().finally(() => (pending = undefined));
    return pending;
  };

  return async (header, token) => {
    if (!local) {
      await load().catch((error: unknown) => {
        throw new KeySetUnavailableError(error);
      });
    } else if (now() - fetchedAt >= maxAgeMs && now() - attemptedAt >= cooldownMs) {
      // Refreshed first; when the provider does not answer, the cached set still verifies.
      await load().catch(() => undefined);
    }
    try {
      return await local!(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (now() - attemptedAt < cooldownMs) throw error;
      try {
        await load();
      } catch (cause) {
        throw new KeySetUnavailableError(cause);
      }
      return local!(header, token);
    }
  };
}
