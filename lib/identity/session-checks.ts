/**
 * The session checks every signed-in request runs (the session not logged out, the account's sessions
 * not revoked), remembered for a moment per instance: one page view runs them in proxy.ts's guard and
 * again in the page, and a busy member's requests follow each other closely.
 *
 * Only "still stands" is remembered, never for longer than STANDING_TTL_MS. Every revocation written
 * through this app (Log Out, sign out everywhere, a password change or reset, a revocation point,
 * deleting an account) calls forgetStandingSessions() once its write is committed, so the instance that
 * revoked refuses the session on its very next request; another instance sees the revocation within
 * STANDING_TTL_MS. A check that was already running when a revocation was written does not store its
 * (possibly older) answer: the generation it started in has ended.
 */

/** How long another instance may go on accepting a session revoked elsewhere. */
export const STANDING_TTL_MS = 2_000;
/** A bound on memory: past it the remembered answers are dropped (and asked again). */
const MAX_ENTRIES = 10_000;

// On globalThis: proxy.ts is bundled apart from the pages and routes, and its copy of this module must
// see the revocations they write (as the database client is shared: lib/db/client.ts).
const state = ((
  globalThis as { __happrStandingSessions?: { standing: Map<string, number>; generation: number } }
).__happrStandingSessions ??= { standing: new Map(), generation: 0 });

/**
 * `check()`'s answer for `key`, or the remembered "true" while it is fresh. `now` is for tests.
 * Keys name what the answer depends on (the session id, or the account and when the session began).
 */
export async function rememberStanding(key: string, check: () => Promise<boolean>, now = Date.now): Promise<boolean> {
  const until = state.standing.get(key);
  if (until !== undefined && until > now()) return true;
  const startedIn = state.generation;
  const stands = await check();
  if (stands && startedIn === state.generation) {
    if (state.standing.size >= MAX_ENTRIES) state.standing.clear();
    state.standing.set(key, now() + STANDING_TTL_MS);
  } else if (!stands) state.standing.delete(key);
  return stands;
}

/** A revocation was committed: every remembered answer on this instance is asked again. */
export function forgetStandingSessions(): void {
  state.generation += 1;
  state.standing.clear();
}
