import { eq, or } from "drizzle-orm";
import type { Db } from "../../db/open";
import { mentionsAny } from "../../db/mentions";
import { identityAccounts, identityLockouts, identityOidcModels } from "../../db/schema/identity";

/**
 * What the built-in identity provider keeps about an account, removed in the caller's transaction
 * (an account deletion): the account itself (its codes, challenges and remembered devices go with it:
 * ON DELETE CASCADE), the issuer's sessions, grants, tokens and interactions that name it (some only
 * inside their JSON payload), and the sign-in failure counters keyed by its email.
 * Answers false when there was no such account.
 */
export async function forgetLocalAccount(tx: Db, accountId: string): Promise<boolean> {
  const [account] = await tx
    .select({ email: identityAccounts.email })
    .from(identityAccounts)
    .where(eq(identityAccounts.id, accountId))
    .for("update");
  await tx
    .delete(identityOidcModels)
    .where(or(eq(identityOidcModels.accountId, accountId), mentionsAny(identityOidcModels.payload, [accountId])));
  await forgetSignInFailures(tx, [accountId, ...(account ? [account.email] : [])]);
  if (!account) return false;
  await tx.delete(identityAccounts).where(eq(identityAccounts.id, accountId));
  return true;
}

/** Sign-in failure counters whose key embeds one of the identifiers ("account:<email>"); an address's stay. */
async function forgetSignInFailures(tx: Db, identifiers: readonly string[]): Promise<void> {
  await tx.delete(identityLockouts).where(mentionsAny(identityLockouts.key, identifiers));
}
