import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { identitySessionCutoffs } from "../db/schema/identity";
import { forgetStandingSessions } from "./session-checks";

/**
 * The revocation point of a member whose account lives at Cognito: every session the app issued
 * before it is refused on its next request, on every instance (it is in the database). Recorded
 * with GlobalSignOut (sign out everywhere, a password change or reset); a later point never moves
 * back.
 */
export async function recordSessionCutoff(memberId: string, options: { db?: Db; now?: Date } = {}): Promise<Date> {
  const db = options.db ?? (await getDb());
  const at = options.now ?? new Date();
  await db
    .insert(identitySessionCutoffs)
    .values({ memberId, sessionsValidAfter: at })
    .onConflictDoUpdate({
      target: identitySessionCutoffs.memberId,
      set: {
        sessionsValidAfter: sql`greatest(${identitySessionCutoffs.sessionsValidAfter}, excluded.sessions_valid_after)`,
      },
    });
  forgetStandingSessions();
  return at;
}

/** Whether a session of `memberId` that began at `issuedAt` is after the member's revocation point (if any). */
export async function isAfterSessionCutoff(
  memberId: string,
  issuedAt: Date,
  options: { db?: Db } = {},
): Promise<boolean> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ sessionsValidAfter: identitySessionCutoffs.sessionsValidAfter })
    .from(identitySessionCutoffs)
    .where(eq(identitySessionCutoffs.memberId, memberId))
    .limit(1);
  return !row || issuedAt.getTime() >= row.sessionsValidAfter.getTime();
}

/** An account deletion's part: the member's revocation point goes with them. */
export async function forgetSessionCutoff(memberId: string, db: Db): Promise<void> {
  await db.delete(identitySessionCutoffs).where(eq(identitySessionCutoffs.memberId, memberId));
}
