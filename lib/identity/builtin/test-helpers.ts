import { eq } from "drizzle-orm";
import { signUp, type SignUpResult } from "./accounts";
import type { Db } from "../../db/open";
import { identityAccounts } from "../../db/schema/identity";
import { readOutbox } from "../../mail";

/** The 6-digit code in the newest outbox message to this recipient (email or phone) that has one (a notice may follow it). */
export async function lastCodeSentTo(db: Db, recipient: string): Promise<string> {
  const code = (await readOutbox(db, recipient))
    .map((message) => message.body.match(/\b(\d{6})\b/)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** Every message queued to this recipient, oldest first, bodies opened. */
export async function messagesSentTo(db: Db, recipient: string) {
  return readOutbox(db, recipient);
}

/**
 * What an operator does to an account in the database (the app has no screen for it): disable it,
 * or give it a temporary password it must replace at its next sign-in.
 */
export async function setAccountRow(db: Db, accountId: string, changes: Partial<typeof identityAccounts.$inferInsert>) {
  await db.update(identityAccounts).set(changes).where(eq(identityAccounts.id, accountId));
}

/** Signs up a new email (sign-up itself answers alike for an email that has an account): its account id. */
export async function signUpNew(...args: Parameters<typeof signUp>): Promise<SignUpResult & { accountId: string }> {
  const result = await signUp(...args);
  if (!result.accountId) throw new Error(`${args[0].email} already had an account`);
  return { ...result, accountId: result.accountId };
}
