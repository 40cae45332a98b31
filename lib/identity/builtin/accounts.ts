import "server-only";
import { eq, sql } from "drizzle-orm";
import { cache } from "react";
import { z } from "zod";
import type { Db } from "../../db/open";
import { preparedPerDatabase } from "../../db/prepared";
import { identityAccounts, identityChallenges } from "../../db/schema/identity";
import { isUuid } from "../../uuid";
import { deliverPending, sendEmail } from "../../mail";
import { startProfileFromSignUp } from "../../profile";
import { limitOutsider, noSoonerThan, RECOVERY_ANSWER_FLOOR_MS } from "../outsider-limits";
import type { CodeDelivery } from "../port";
import { consumeCode, issueCode } from "./codes";
import { consumeAutoSignIn, storeChallenge } from "./challenges";
import { checkPassword } from "./credentials";
import { resolveContext, type IdentityContext } from "./context";
import { forgetDevices } from "./devices";
import { newToken } from "../../secrets";
import { revokeIssuerSessionsOf } from "./issuer/adapter";
import { IdentityError, isIdentityError } from "../errors";
import { messages } from "../../messages";
import { clearAccountFailures, lockoutSubjects } from "./lockout";
import { assertPasswordPolicy, hashPassword } from "../password";
import { codeField, emailField, maskEmail, nameField, parseInput, passwordField, usernameField } from "../validation";
import { logError } from "../../log";
import { forgetStandingSessions } from "../session-checks";

export type Account = typeof identityAccounts.$inferSelect;

/** How long after sign-up confirming in the same browser signs the member in. */
export const AUTO_SIGN_IN_LIFETIME_MS = 60 * 60 * 1000;

export async function findAccountByEmail(db: Db, email: string, lock = false): Promise<Account | undefined> {
  const query = db
    .select()
    .from(identityAccounts)
    .where(sql`lower(${identityAccounts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

// Prepared: the built-in issuer's API calls read the account on every request (lib/auth/caller.ts).
const accountByIdRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(identityAccounts)
    .where(eq(identityAccounts.id, sql.placeholder("id")))
    .limit(1)
    .prepare("identity_account_by_id"),
);

// Once per page render, as circlesOf is (lib/circles/membership.ts): the security centre
// (/my-account/security) and its device list each check the account.
const accountInRender = cache(async (db: Db, id: string) => (await accountByIdRead(db).execute({ id }))[0]);

export async function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  if (!isUuid(id)) return undefined;
  return accountInRender(db, id);
}

/**
 * Hands queued mail to SMTP after commit; the outbox keeps it for a later try if that fails. Not
 * awaited: an answer must not wait on SMTP, or its timing would tell whether a message was sent
 * (whether an account exists).
 */
export function deliverAfterCommit(db: Db): void {
  void deliverPending({ db }).catch((error: unknown) =>
    logError("[identity] mail delivery failed; it stays queued", error),
  );
}

function uniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------- sign-up

const signUpSchema = z.object({
  email: emailField,
  password: passwordField,
  givenName: nameField("First name"),
  familyName: nameField("Last name"),
});

/** What sign-up answers; `accountId` is undefined when the email already had an account (see signUp). */
export type SignUpResult = {
  accountId: string | undefined;
  userConfirmed: false;
  codeDelivery: CodeDelivery;
  /** Keep in the signing-up browser (an HttpOnly cookie) and pass to confirmSignUp: auto sign-in. */
  autoSignInSession: string;
};

/**
 * Creates an unconfirmed account and emails a 6-digit confirmation code (valid 24 h). Signing up
 * again with the email of a still-unconfirmed account replaces it (so nobody can squat an address
 * they cannot read). An email that already has any other account gets the same answer as a new one
 * (sign-up must not tell an outsider who has an account), nothing about that account changes, and
 * its owner is emailed instead; the auto sign-in session handed back then matches nothing.
 */
export async function signUp(input: z.input<typeof signUpSchema>, context?: IdentityContext): Promise<SignUpResult> {
  const data = parseInput(signUpSchema, input);
  assertPasswordPolicy(data.password, [data.email, data.givenName, data.familyName]);
  const { db, now, clientAddress } = await resolveContext(context);
  await limitOutsider(db, "sign-up", data.email, clientAddress, now);
  // Hashed in every case, so an existing email takes as long as a new one.
  const passwordHash = await hashPassword(data.password);
  const answer = (accountId: string | undefined, autoSignInSession: string): SignUpResult => ({
    accountId,
    userConfirmed: false,
    codeDelivery: { deliveryMedium: "EMAIL", destination: maskEmail(data.email) },
    autoSignInSession,
  });
  try {
    const created = await db.transaction(async (tx) => {
      const existing = await findAccountByEmail(tx, data.email, true);
      if (existing && existing.status !== "UNCONFIRMED") {
        if (existing.status !== "DISABLED")
          await sendEmail({ ...existingAccountEmail(existing), memberId: existing.id }, tx);
        return { id: undefined, autoSignInSession: newToken() };
      }
      const values = {
        email: data.email,
        givenName: data.givenName,
        familyName: data.familyName,
        passwordHash,
        updatedAt: now,
      };
      let id: string;
      if (existing) {
        await tx.update(identityAccounts).set(values).where(eq(identityAccounts.id, existing.id));
        // The replaced sign-up's browser must not be able to finish this one.
        await tx.delete(identityChallenges).where(eq(identityChallenges.accountId, existing.id));
        id = existing.id;
      } else {
        const [row] = await tx
          .insert(identityAccounts)
          .values({ ...values, createdAt: now, sessionsValidAfter: now })
          .returning({ id: identityAccounts.id });
        id = row!.id;
      }
      const code = await issueCode(tx, { accountId: id, purpose: "confirm_sign_up", now });
      await sendEmail({ ...confirmationEmail(data.email, data.givenName, code), memberId: id }, tx);
      const auto = await storeChallenge(
        tx,
        id,
        "AUTO_SIGN_IN",
        new Date(now.getTime() + AUTO_SIGN_IN_LIFETIME_MS),
        now,
      );
      return { id, autoSignInSession: auto.session };
    });
    deliverAfterCommit(db);
    return answer(created.id, created.autoSignInSession);
  } catch (error) {
    if (isIdentityError(error)) throw error;
    // Two sign-ups with one email at the same moment: the unique index decides, and the loser is
    // answered like everyone else (the winner's confirmation code went to that mailbox).
    if (uniqueViolation(error)) return answer(undefined, newToken());
    logError("[identity] sign-up failed", error);
    throw new IdentityError("InternalErrorException", messages.createAccountFailed, { cause: error });
  }
}

/** To the owner of an email someone tried to sign up with again. */
function existingAccountEmail(account: Account) {
  return {
    to: account.email,
    subject: "Someone tried to create a Happr account with your email",
    text:
      `Hi ${account.givenName},\n\nSomeone, perhaps you, tried to create a new Happr account with this email address. ` +
      "You already have an account, so nothing was created and nothing about your account changed.\n\n" +
      'If it was you: sign in, or choose "Forgot password" on the sign-in page to set a new password.\n' +
      "If it was not you, you can ignore this email.",
  };
}

function confirmationEmail(to: string, givenName: string, code: string) {
  return {
    to,
    subject: "Your Happr confirmation code",
    text: `Hi ${givenName},\n\nYour Happr confirmation code is ${code}. It expires in 24 hours.\n\nIf you did not sign up for Happr, you can ignore this email.`,
  };
}

const confirmSchema = z.object({
  email: usernameField,
  code: codeField,
  autoSignInSession: z.string().max(200).optional(),
});

/**
 * Confirms an account with its emailed code (single use, 24 h). `autoSignIn` is true only when the
 * browser that signed up confirms (its AUTO_SIGN_IN session, within the hour): then the member may be
 * signed in without the password (see confirmSignUpAndSignIn); otherwise the page asks them to sign in.
 */
export async function confirmSignUp(input: z.input<typeof confirmSchema>, context?: IdentityContext) {
  const data = parseInput(confirmSchema, input);
  const { db, now, clientAddress } = await resolveContext(context);
  await limitOutsider(db, "confirm", data.email, clientAddress, now);
  const outcome = await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, data.email, true);
    // No account, one that is not awaiting confirmation, and a wrong, expired or used-up code all get
    // the one answer: the form must not tell an outsider whether an account exists or its status.
    const refused = { error: new IdentityError("CodeMismatchException", messages.codeMismatch) };
    if (!account || account.status !== "UNCONFIRMED") return refused;
    const error = await consumeCode(tx, { accountId: account.id, purpose: "confirm_sign_up", code: data.code, now });
    if (error) return refused;
    await tx
      .update(identityAccounts)
      .set({ status: "CONFIRMED", emailVerified: true, updatedAt: now })
      .where(eq(identityAccounts.id, account.id));
    // The member's profile starts with the names they just gave (the API's getUserProfile reads it).
    await startProfileFromSignUp(
      account.id,
      { givenName: account.givenName, familyName: account.familyName, phoneNumber: account.phoneNumber },
      { db: tx },
    );
    return {
      error: undefined,
      accountId: account.id,
      autoSignIn: await consumeAutoSignIn(tx, account.id, data.autoSignInSession, now),
    };
  });
  if (outcome.error) throw outcome.error;
  return { accountId: outcome.accountId!, autoSignIn: outcome.autoSignIn! };
}

const emailOnlySchema = z.object({ email: usernameField });

/** Sends a new confirmation code to an unconfirmed account. Answers the same for any email. */
export async function resendConfirmationCode(input: z.input<typeof emailOnlySchema>, context?: IdentityContext) {
  const data = parseInput(emailOnlySchema, input);
  const { db, now, clientAddress } = await resolveContext(context);
  return noSoonerThan(RECOVERY_ANSWER_FLOOR_MS, async () => {
    await limitOutsider(db, "code-send", data.email, clientAddress, now);
    await db.transaction(async (tx) => {
      const account = await findAccountByEmail(tx, data.email, true);
      if (account?.status !== "UNCONFIRMED") return;
      const code = await issueCode(tx, { accountId: account.id, purpose: "confirm_sign_up", now });
      await sendEmail({ ...confirmationEmail(account.email, account.givenName, code), memberId: account.id }, tx);
    });
    deliverAfterCommit(db);
    return { codeDelivery: { deliveryMedium: "EMAIL", destination: maskEmail(data.email) } satisfies CodeDelivery };
  });
}

// -------------------------------------------------------------------------------------- forgot password

/**
 * Emails a password-reset code (single use, 1 h). Unknown and disabled accounts get the same answer
 * and no email. Unconfirmed and invited accounts may reset too: the code proves the mailbox.
 */
export async function forgotPassword(input: z.input<typeof emailOnlySchema>, context?: IdentityContext) {
  const data = parseInput(emailOnlySchema, input);
  const { db, now, clientAddress } = await resolveContext(context);
  return noSoonerThan(RECOVERY_ANSWER_FLOOR_MS, async () => {
    await limitOutsider(db, "code-send", data.email, clientAddress, now);
    await db.transaction(async (tx) => {
      const account = await findAccountByEmail(tx, data.email, true);
      // A child's sign-in name (no "@") has no mailbox: their grown-ups help them instead.
      if (!account || account.status === "DISABLED" || !account.email.includes("@")) return;
      const code = await issueCode(tx, { accountId: account.id, purpose: "reset_password", now });
      await sendEmail(
        {
          to: account.email,
          memberId: account.id,
          subject: "Reset your Happr password",
          text: `Hi ${account.givenName},\n\nYour Happr password reset code is ${code}. It expires in 1 hour.\n\nIf you did not ask to reset your password, you can ignore this email: your password has not changed.`,
        },
        tx,
      );
    });
    deliverAfterCommit(db);
    return { codeDelivery: { deliveryMedium: "EMAIL", destination: maskEmail(data.email) } satisfies CodeDelivery };
  });
}

const resetSchema = z.object({ email: usernameField, code: codeField, password: passwordField });

/** Sets a new password with the emailed code, and ends every session and remembered device. */
export async function confirmForgotPassword(input: z.input<typeof resetSchema>, context?: IdentityContext) {
  const data = parseInput(resetSchema, input);
  assertPasswordPolicy(data.password, [data.email]);
  const { db, now, clientAddress } = await resolveContext(context);
  // A reset code is guessed like a confirmation code: the same count.
  await limitOutsider(db, "confirm", data.email, clientAddress, now);
  const passwordHash = await hashPassword(data.password);
  const outcome = await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, data.email, true);
    if (!account || account.status === "DISABLED")
      return { error: new IdentityError("CodeMismatchException", messages.codeMismatch) };
    const error = await consumeCode(tx, { accountId: account.id, purpose: "reset_password", code: data.code, now });
    if (error) return { error };
    await tx
      .update(identityAccounts)
      .set({
        passwordHash,
        status: "CONFIRMED",
        emailVerified: true,
        temporaryPasswordExpiresAt: null,
        sessionsValidAfter: now,
        updatedAt: now,
      })
      .where(eq(identityAccounts.id, account.id));
    await forgetDevices(tx, account.id);
    await revokeIssuerSessionsOf(tx, account.id);
    // Whoever holds the mailbox is the owner: let them in again straight away.
    await clearAccountFailures(tx, lockoutSubjects(account.email, undefined));
    return { accountId: account.id };
  });
  if (outcome.error) throw outcome.error;
  forgetStandingSessions();
  return { accountId: outcome.accountId! };
}

// ------------------------------------------------------------------------------------ account security

/** Ends every session of the account on its next request: "sign out everywhere". */
export async function signOutEverywhere(accountId: string, context?: IdentityContext) {
  const { db, now } = await resolveContext(context);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(identityAccounts)
      .set({ sessionsValidAfter: now, updatedAt: now })
      .where(eq(identityAccounts.id, accountId))
      .returning({ id: identityAccounts.id });
    if (!row) throw new IdentityError("UserNotFoundException", "User does not exist.");
    // A remembered device would otherwise skip MFA for whoever holds a stolen password.
    await forgetDevices(tx, accountId);
    await revokeIssuerSessionsOf(tx, accountId);
  });
  forgetStandingSessions();
  return { sessionsValidAfter: now };
}

/**
 * Whether a session that began at `issuedAt` (ms precision where possible) still stands: the account
 * exists, is usable, and nothing revoked its sessions since.
 */
export async function isSessionCurrent(accountId: string, issuedAt: Date, context?: IdentityContext): Promise<boolean> {
  const { db } = await resolveContext(context);
  const account = await findAccountById(db, accountId);
  if (!account || account.status === "DISABLED" || account.status === "RESET_REQUIRED") return false;
  return issuedAt.getTime() >= account.sessionsValidAfter.getTime();
}

/**
 * The confirmed account behind an API token issued at `issuedAt`, in one read (it runs on every API
 * request): undefined when the account is gone, not confirmed, or its sessions were revoked since.
 */
export async function findCurrentAccount(accountId: string, issuedAt: Date, context?: IdentityContext) {
  const { db } = await resolveContext(context);
  const account = await findAccountById(db, accountId);
  if (!account || account.status !== "CONFIRMED" || issuedAt.getTime() < account.sessionsValidAfter.getTime())
    return undefined;
  return { id: account.id, email: account.email, name: `${account.givenName} ${account.familyName}`.trim() };
}

const changePasswordSchema = z.object({ previousPassword: passwordField, proposedPassword: passwordField });

/**
 * Changes the password of a signed-in member. Every session ends (the caller issues the member a
 * fresh one), as do remembered devices.
 */
export async function changePassword(
  accountId: string,
  input: z.input<typeof changePasswordSchema>,
  context?: IdentityContext,
) {
  const data = parseInput(changePasswordSchema, input);
  const { db, now, clientAddress } = await resolveContext(context);
  const account = await findAccountById(db, accountId);
  if (!account || account.status !== "CONFIRMED")
    throw new IdentityError("NotAuthorizedException", messages.wrongCredentials);
  assertPasswordPolicy(data.proposedPassword, [account.email, account.givenName, account.familyName]);
  // Same guard as sign-in: this form must not become a way to guess the password.
  await checkPassword(db, { email: account.email, password: data.previousPassword, account, now, clientAddress });
  const passwordHash = await hashPassword(data.proposedPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(identityAccounts)
      .set({ passwordHash, sessionsValidAfter: now, updatedAt: now })
      .where(eq(identityAccounts.id, accountId));
    await forgetDevices(tx, accountId);
    await revokeIssuerSessionsOf(tx, accountId);
  });
  forgetStandingSessions();
  return { sessionsValidAfter: now };
}
