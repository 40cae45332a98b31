import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { waitlistEntries } from "../db/schema";

/** An account deletion's part: the member's waitlist entries (by email, any letter case), in the caller's transaction. */
export async function forgetWaitlistEntries(tx: Db, emails: readonly string[]): Promise<void> {
  const lowered = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (lowered.length > 0)
    await tx.delete(waitlistEntries).where(inArray(sql`lower(${waitlistEntries.email})`, lowered));
}
