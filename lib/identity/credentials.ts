import type { Db } from "../db/open";
import type { identityAccounts } from "../db/schema/identity";
import { IdentityError, messages } from "./errors";
import { assertNotBlocked, clearAccountFailures, lockoutSubjects, recordFailure } from "./lockout";
import { verifyAgainstDummy, verifyPassword } from "./password";

type Account = typeof identityAccounts.$inferSelect;

/**
 * Checks an email and password behind the brute-force guard. A wrong password and an unknown email
 * take the same path (a dummy hash is checked for the latter) and get the same answer; a failure is
 * counted per account and per client address, and the progressive delay or the lock is reported.
 */
export async function checkPassword(
  db: Db,
  input: { email: string; password: string; account: Account | undefined; now: Date; clientAddress: string | undefined },
): Promise<Account> {
  const subjects = lockoutSubjects(input.email, input.clientAddress);
  await assertNotBlocked(db, subjects, input.now);
  const ok = input.account ? await verifyPassword(input.password, input.account.passwordHash) : await verifyAgainstDummy(input.password);
  if (!ok || !input.account) {
    const outcome = await db.transaction((tx) => recordFailure(tx, subjects, input.now));
    if (outcome.lock) throw outcome.lock;
    if (outcome.retryAfterSeconds > 0) {
      const seconds = outcome.retryAfterSeconds;
      throw new IdentityError(
        "NotAuthorizedException",
        `${messages.wrongCredentials} Please wait ${seconds} second${seconds === 1 ? "" : "s"} before trying again.`,
        { retryAfterSeconds: seconds },
      );
    }
    throw new IdentityError("NotAuthorizedException", messages.wrongCredentials);
  }
  await clearAccountFailures(db, subjects);
  return input.account;
}
