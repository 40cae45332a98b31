import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { outbox } from "../db/schema";

/** The 6-digit code in the newest outbox message to this recipient (email or phone). */
export async function lastCodeSentTo(db: Db, recipient: string): Promise<string> {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.createdAt)).limit(1);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export async function messagesSentTo(db: Db, recipient: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, recipient));
}
