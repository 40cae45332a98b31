import type { Db } from "../db/open";

/**
 * The child accounts port: accounts a guardian makes and looks after for a child under 13 (no email,
 * a sign-in name instead). Two adapters: builtin/child-accounts.ts (the built-in issuer's database)
 * and cognito/child-accounts.ts (the user pool's admin calls); lib/identity/index.ts picks one from
 * the configuration. Who may do what (owner or guardian, consent, capacity) is lib/circles' rule:
 * this port only holds the accounts.
 */

/**
 * A permanent password, or a temporary one (the one-time sign-in code a guardian hands over): the
 * first sign-in with it asks the child to choose their own password.
 */
/**
 * How long a one-time sign-in code works before the child has used it to choose a password (Cognito:
 * the pool's TemporaryPasswordValidityDays, 7 by default).
 */
export const ONE_TIME_CODE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type ChildCredential = { password: string } | { temporaryPassword: string };

export type ChildAccountRef = { accountId: string; signInName: string };

export interface ChildAccounts {
  readonly provider: "builtin" | "cognito";
  /**
   * Creates the account. Built-in: written with `db`, inside the caller's transaction. Cognito:
   * created in the pool at once; when the caller's transaction fails afterwards, it calls `undoCreate`.
   * Throws IdentityError "UsernameExistsException" when the sign-in name is taken (the caller picks
   * another), "InvalidPasswordException" (field `password`) when the provider refuses the password.
   */
  create(
    db: Db,
    input: { signInName: string; givenName: string; credential: ChildCredential; now: Date },
  ): Promise<{ accountId: string }>;
  /** Takes back an account `create` made whose database write failed (built-in: the rollback did). */
  undoCreate(account: ChildAccountRef): Promise<void>;
  /**
   * Sets a new password or one-time code for the child; every session of the account ends on its next
   * request, and remembered devices are forgotten.
   */
  setCredential(db: Db, account: ChildAccountRef, credential: ChildCredential, now: Date): Promise<void>;
  /**
   * Where the accounts live, as IdentityPort.accountsInDatabase: in the database (built-in), `remove`
   * runs inside the caller's transaction; at Cognito, the caller runs it after its commit.
   */
  readonly accountsInDatabase: boolean;
  /** Deletes the account; one already gone is not an error (an erasure may run twice). */
  remove(db: Db, account: ChildAccountRef): Promise<void>;
}
