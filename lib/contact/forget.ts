import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { contactMessages } from "../db/schema";

/**
 * An account deletion's part: what the member wrote through the contact form (by email, any letter
 * case), in the caller's transaction. Support already has it as mail; the app keeps no copy.
 */
export async function forgetContactMessages(tx: Db, emails: readonly string[]): Promise<void> {
  const lowered = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (lowered.length > 0)
    await tx.delete(contactMessages).where(inArray(sql`lower(${contactMessages.email})`, lowered));
}
