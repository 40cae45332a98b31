import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/open";
import { identityCodes } from "../../db/schema/identity";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import { equalHashes, hashToken, newSixDigitCode } from "../../secrets";

export type CodePurpose = (typeof identityCodes.$inferInsert)["purpose"];

const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
  confirm_sign_up: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  sms_mfa: 3 * 60 * 1000,
  verify_phone: 24 * 60 * 60 * 1000,
  verify_email: 24 * 60 * 60 * 1000,
};

// Six digits are a small space: a code dies after this many wrong guesses.
const MAX_CODE_ATTEMPTS = 5;

// The row id salts the hash, so equal codes never have equal hashes.
function hashCode(id: string, code: string) {
  return hashToken(`${id}:${code}`);
}

/**
 * Issues a fresh code for one purpose; any earlier live code of that purpose stops working (only the
 * latest message counts). Returns the code in clear for the message, never stored as such.
 */
export async function issueCode(
  db: Db,
  input: { accountId: string; purpose: CodePurpose; now: Date; challengeId?: string },
): Promise<string> {
  const code = newSixDigitCode();
  const id = randomUUID();
  await db
    .update(identityCodes)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(identityCodes.accountId, input.accountId),
        eq(identityCodes.purpose, input.purpose),
        isNull(identityCodes.consumedAt),
      ),
    );
  // Housekeeping: this account's long-dead codes.
  await db
    .delete(identityCodes)
    .where(
      and(
        eq(identityCodes.accountId, input.accountId),
        lt(identityCodes.expiresAt, new Date(input.now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    );
  await db.insert(identityCodes).values({
    id,
    accountId: input.accountId,
    purpose: input.purpose,
    codeHash: hashCode(id, code),
    challengeId: input.challengeId,
    expiresAt: new Date(input.now.getTime() + CODE_LIFETIME_MS[input.purpose]),
  });
  return code;
}

/**
 * Checks a code and uses it up. Returns the failure instead of throwing it, because a wrong guess
 * must be counted even though the caller's transaction then reports an error: the caller commits,
 * then throws.
 */
export async function consumeCode(
  db: Db,
  input: { accountId: string; purpose: CodePurpose; code: string; now: Date; challengeId?: string },
): Promise<IdentityError | undefined> {
  const [row] = await db
    .select()
    .from(identityCodes)
    .where(
      and(
        eq(identityCodes.accountId, input.accountId),
        eq(identityCodes.purpose, input.purpose),
        isNull(identityCodes.consumedAt),
        input.challengeId ? eq(identityCodes.challengeId, input.challengeId) : undefined,
      ),
    )
    .orderBy(desc(identityCodes.createdAt))
    .limit(1)
    .for("update");
  if (!row || row.expiresAt.getTime() <= input.now.getTime()) {
    return new IdentityError("ExpiredCodeException", messages.codeExpired);
  }
  if (!equalHashes(hashCode(row.id, input.code), row.codeHash)) {
    const attempts = row.attempts + 1;
    const exhausted = attempts >= MAX_CODE_ATTEMPTS;
    await db
      .update(identityCodes)
      .set({ attempts, consumedAt: exhausted ? input.now : null })
      .where(eq(identityCodes.id, row.id));
    return exhausted
      ? new IdentityError("LimitExceededException", "Attempt limit exceeded, please request a new code.")
      : new IdentityError("CodeMismatchException", messages.codeMismatch);
  }
  await db.update(identityCodes).set({ consumedAt: input.now }).where(eq(identityCodes.id, row.id));
  return undefined;
}
