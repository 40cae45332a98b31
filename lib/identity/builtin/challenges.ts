import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/open";
import { identityChallenges } from "../../db/schema/identity";
import { hashToken, newToken } from "../../secrets";

/** Records a challenge session and returns its token (only the hash is stored). */
export async function storeChallenge(
  db: Db,
  accountId: string,
  name: (typeof identityChallenges.$inferInsert)["name"],
  expiresAt: Date,
  now: Date,
): Promise<{ session: string; id: string }> {
  const session = newToken();
  const [row] = await db
    .insert(identityChallenges)
    .values({ accountId, tokenHash: hashToken(session), name, expiresAt, createdAt: now })
    .returning({ id: identityChallenges.id });
  return { session, id: row!.id };
}

/**
 * Uses up the AUTO_SIGN_IN session handed out at sign-up, if it is live and belongs to this account:
 * true means the browser that signed up is the one confirming.
 */
export async function consumeAutoSignIn(
  db: Db,
  accountId: string,
  session: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!session) return false;
  const rows = await db
    .update(identityChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(identityChallenges.tokenHash, hashToken(session)),
        eq(identityChallenges.accountId, accountId),
        eq(identityChallenges.name, "AUTO_SIGN_IN"),
        isNull(identityChallenges.consumedAt),
        gt(identityChallenges.expiresAt, now),
      ),
    )
    .returning({ id: identityChallenges.id });
  return rows.length > 0;
}

/**
 * Ends a sign-in challenge that is still open (the browser started another sign-in): its session can
 * no longer be answered. Auto sign-in sessions are not touched.
 */
export async function abandonChallenge(db: Db, session: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(identityChallenges.tokenHash, hashToken(session)),
        ne(identityChallenges.name, "AUTO_SIGN_IN"),
        isNull(identityChallenges.consumedAt),
        gt(identityChallenges.expiresAt, now),
      ),
    )
    .returning({ id: identityChallenges.id });
  return rows.length > 0;
}
