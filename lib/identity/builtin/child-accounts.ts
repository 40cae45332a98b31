import "server-only";
import { eq } from "drizzle-orm";
import { identityAccounts } from "../../db/schema/identity";
import { ONE_TIME_CODE_LIFETIME_MS, type ChildAccounts, type ChildCredential } from "../child-accounts";
import { IdentityError } from "../errors";
import { hashPassword } from "../password";
import { findAccountByEmail } from "./accounts";
import { forgetDevices } from "./devices";
import { forgetLocalAccount } from "./forget-account";
import { revokeIssuerSessionsOf } from "./issuer/adapter";
import { clearAccountFailures, lockoutSubjects } from "./lockout";

/**
 * Child accounts in the built-in issuer's database, written in the caller's transaction. The sign-in
 * name sits in the account's `email` column (it never holds "@", so it never meets an adult's
 * address): the sign-in form takes it like an email. A one-time code is a temporary password
 * (FORCE_CHANGE_PASSWORD): the first sign-in asks for a password of the child's own.
 */
async function credentialColumns(credential: ChildCredential, now: Date) {
  const temporary = "temporaryPassword" in credential;
  return {
    passwordHash: await hashPassword(temporary ? credential.temporaryPassword : credential.password),
    status: temporary ? ("FORCE_CHANGE_PASSWORD" as const) : ("CONFIRMED" as const),
    temporaryPasswordExpiresAt: temporary ? new Date(now.getTime() + ONE_TIME_CODE_LIFETIME_MS) : null,
  };
}

export function createBuiltinChildAccounts(): ChildAccounts {
  return {
    provider: "builtin",
    accountsInDatabase: true,

    async create(db, { signInName, givenName, credential, now }) {
      const columns = await credentialColumns(credential, now);
      if (await findAccountByEmail(db, signInName))
        throw new IdentityError("UsernameExistsException", "This sign-in name is taken");
      const [account] = await db
        .insert(identityAccounts)
        .values({
          email: signInName,
          givenName,
          familyName: "",
          ...columns,
          createdAt: now,
          updatedAt: now,
          sessionsValidAfter: now,
        })
        .returning({ id: identityAccounts.id });
      return { accountId: account!.id };
    },

    // The caller's rollback took the account back with everything else.
    async undoCreate() {},

    async setCredential(db, { accountId, signInName }, credential, now) {
      const columns = await credentialColumns(credential, now);
      const [row] = await db
        .update(identityAccounts)
        .set({ ...columns, sessionsValidAfter: now, updatedAt: now })
        .where(eq(identityAccounts.id, accountId))
        .returning({ id: identityAccounts.id });
      if (!row) throw new IdentityError("UserNotFoundException", "User does not exist.");
      await forgetDevices(db, accountId);
      await revokeIssuerSessionsOf(db, accountId);
      // A child locked out by their own guesses can sign in with the new password at once.
      await clearAccountFailures(db, lockoutSubjects(signInName, undefined));
    },

    async remove(db, { accountId }) {
      await forgetLocalAccount(db, accountId);
    },
  };
}
