import "server-only";
import { eq, inArray, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { authEndedSessions } from "../db/schema";
import { forgetStandingSessions } from "../identity/session-checks";

// Rows past their expiry are swept a batch at a time whenever a session ends.
const SWEEP_BATCH = 200;

/** Records that one app session was signed out, so its cookie is refused wherever it turns up again. */
export async function endSession(
  sessionId: string,
  expiresAt: Date,
  options: { db?: Db; now?: Date } = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.insert(authEndedSessions).values({ sessionId, expiresAt }).onConflictDoNothing();
  forgetStandingSessions();
  const expired = db
    .select({ sessionId: authEndedSessions.sessionId })
    .from(authEndedSessions)
    .where(lt(authEndedSessions.expiresAt, options.now ?? new Date()))
    .limit(SWEEP_BATCH);
  await db.delete(authEndedSessions).where(inArray(authEndedSessions.sessionId, expired));
}

export async function isSessionEnded(sessionId: string, options: { db?: Db } = {}): Promise<boolean> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ sessionId: authEndedSessions.sessionId })
    .from(authEndedSessions)
    .where(eq(authEndedSessions.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}
