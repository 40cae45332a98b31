import "server-only";
import { eq, isNull, and } from "drizzle-orm";
import { getDb } from "../db/client";
import { waitlistEntries } from "../db/schema";
import { verifyWaitlistToken } from "./links";

export type ConfirmResult = { status: "confirmed" | "already-confirmed" | "invalid" | "gone" };

/** Double opt-in: the link from the confirmation email marks the entry confirmed (once; again is fine). */
export async function confirmWaitlistEntry(token: unknown, now: Date = new Date()): Promise<ConfirmResult> {
  const entryId = verifyWaitlistToken("confirm", token);
  if (!entryId) return { status: "invalid" };
  const db = await getDb();
  const updated = await db
    .update(waitlistEntries)
    .set({ confirmedAt: now })
    .where(and(eq(waitlistEntries.id, entryId), isNull(waitlistEntries.confirmedAt)))
    .returning({ id: waitlistEntries.id });
  if (updated.length > 0) return { status: "confirmed" };
  const [existing] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  return { status: existing ? "already-confirmed" : "gone" };
}

/** Leaves the list: the entry is deleted (nothing about the person stays). Repeating it is harmless. */
export async function leaveWaitlist(token: unknown): Promise<{ status: "left" | "invalid" }> {
  const entryId = verifyWaitlistToken("unsubscribe", token);
  if (!entryId) return { status: "invalid" };
  const db = await getDb();
  await db.delete(waitlistEntries).where(eq(waitlistEntries.id, entryId));
  return { status: "left" };
}
