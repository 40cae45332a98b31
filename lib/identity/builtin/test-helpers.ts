import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret } from "otpauth";
import { confirmSignUp, signUp, type SignUpResult } from "./accounts";
import type { IdentityContext } from "./context";
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

/** Signs up and confirms a new member with the emailed code: their account id. */
export async function signUpConfirmed(
  db: Db,
  member: { email: string; password: string; givenName: string; familyName: string },
  context: IdentityContext,
): Promise<string> {
  const { accountId } = await signUpNew(member, context);
  await confirmSignUp({ email: member.email, code: await lastCodeSentTo(db, member.email) }, context);
  return accountId;
}

/** An authenticator code at `ms` (RFC 6238), computed here, independently of the code under test. */
export function totpAt(secretBase32: string, ms: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac("sha1", Buffer.from(Secret.fromBase32(secretBase32).bytes))
    .update(counter)
    .digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}
