import type { Db } from "../../db/open";
import type { identityAccounts } from "../../db/schema/identity";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import { failureOutcome, lockoutSubjects, reserveAttempt, settleSuccess } from "./lockout";
import { verifyAgainstDummy, verifyPassword } from "../password";

type Account = typeof identityAccounts.$inferSelect;

/**
 * Checks an email and password behind the brute-force guard. The attempt is reserved (counted) before
 * the hash is computed, so parallel guesses cannot slip past the lock. A wrong password and an
 * unknown email take the same path (a dummy hash is checked for the latter) and get the same answer;
 * the progressive delay or the lock is reported.
 */
export async function checkPassword(
  db: Db,
  input: {
    email: string;
    password: string;
    account: Account | undefined;
    now: Date;
    clientAddress: string | undefined;
  },
): Promise<Account> {
  const reservation = await reserveAttempt(db, lockoutSubjects(input.email, input.clientAddress), input.now);
  const ok = input.account
    ? await verifyPassword(input.password, input.account.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!ok || !input.account) {
    const outcome = failureOutcome(reservation);
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
  await settleSuccess(db, reservation);
  return input.account;
}
