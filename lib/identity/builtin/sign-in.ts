import "server-only";
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/open";
import { identityAccounts, identityChallenges } from "../../db/schema/identity";
import { sendSms } from "../../mail";
import { confirmSignUp, deliverAfterCommit, findAccountByEmail, findAccountById, type Account } from "./accounts";
import { consumeCode, issueCode } from "./codes";
import { resolveContext, type IdentityContext, type Resolved } from "./context";
import { checkPassword } from "./credentials";
import { isRememberedDevice, rememberDevice } from "./devices";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import { failureOutcome, reserveAttempt, secondFactorSubjects, settleSuccess, type Reservation } from "./lockout";
import type { MfaMethod } from "../port";
import { claimTotpStep, enabledMfaMethods, finishTotpSetup, startTotpSetup } from "./mfa";
import { assertPasswordPolicy, hashPassword, needsRehash } from "../password";
import { hashToken } from "../../secrets";
import { abandonChallenge, storeChallenge } from "./challenges";
import { matchTotpStep } from "../totp";
import { maskPhone, parseInput, passwordField, usernameField } from "../validation";

/**
 * Sign-in for the built-in issuer, shaped like Cognito's InitiateAuth / RespondToAuthChallenge:
 * either the member is signed in, or a challenge must be answered within the challenge's session.
 */
export type ChallengeName = Exclude<(typeof identityChallenges.$inferSelect)["name"], "AUTO_SIGN_IN">;

export type SignInResult =
  | { signedIn: true; accountId: string; device?: { deviceKey: string; expiresAt: Date } }
  | { signedIn: false; challenge: ChallengeName; session: string; parameters: Record<string, string> };

/** How long a challenge can be answered, and how many wrong answers it takes. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const MAX_CHALLENGE_ATTEMPTS = 3;

const signInSchema = z.object({
  email: usernameField,
  password: passwordField,
  /** The "remember this device" key from the device's cookie, if any. */
  deviceKey: z.string().max(200).optional(),
});

export async function signIn(input: z.input<typeof signInSchema>, context?: IdentityContext): Promise<SignInResult> {
  const data = parseInput(signInSchema, input);
  const resolved = await resolveContext(context);
  const { db, now, clientAddress } = resolved;
  const found = await findAccountByEmail(db, data.email);
  const account = await checkPassword(db, {
    email: data.email,
    password: data.password,
    account: found,
    now,
    clientAddress,
  });

  // The password is right: only now may the answer say more about the account.
  if (account.status === "DISABLED") throw new IdentityError("NotAuthorizedException", messages.disabled);
  if (account.status === "UNCONFIRMED") throw new IdentityError("UserNotConfirmedException", messages.notConfirmed);
  if (account.status === "RESET_REQUIRED")
    throw new IdentityError("PasswordResetRequiredException", "Password reset required for the user.");
  if (needsRehash(account.passwordHash)) {
    await db
      .update(identityAccounts)
      .set({ passwordHash: await hashPassword(data.password) })
      .where(eq(identityAccounts.id, account.id));
  }
  if (account.status === "FORCE_CHANGE_PASSWORD") {
    if (account.temporaryPasswordExpiresAt && account.temporaryPasswordExpiresAt.getTime() <= now.getTime()) {
      throw new IdentityError("NotAuthorizedException", messages.tempPasswordExpired);
    }
    return db.transaction((tx) => openChallenge(tx, account, "NEW_PASSWORD_REQUIRED", now));
  }
  return afterPassword(account, data.deviceKey, resolved);
}

/**
 * Confirms a sign-up and, in the browser that signed up (its AUTO_SIGN_IN session), signs the member
 * in without the password: the result is then what a password sign-in would give (MFA_SETUP when MFA
 * is required). Elsewhere, or after the hour, `signIn` is undefined: show "Please use your
 * credentials to sign in".
 */
export async function confirmSignUpAndSignIn(
  input: Parameters<typeof confirmSignUp>[0],
  context?: IdentityContext,
): Promise<{ accountId: string; signIn: SignInResult | undefined }> {
  const resolved = await resolveContext(context);
  const { accountId, autoSignIn } = await confirmSignUp(input, {
    ...context,
    db: resolved.db,
    now: resolved.now,
    mfa: resolved.mfa,
  });
  if (!autoSignIn) return { accountId, signIn: undefined };
  const account = await findAccountById(resolved.db, accountId);
  if (!account) return { accountId, signIn: undefined };
  return { accountId, signIn: await afterPassword(account, undefined, resolved) };
}

/** The second step after a correct password: MFA when it is on (unless this device is remembered). */
async function afterPassword(
  account: Account,
  deviceKey: string | undefined,
  { db, now, mfa }: Resolved,
): Promise<SignInResult> {
  const methods = enabledMfaMethods(account);
  if (methods.length === 0) {
    if (mfa === "required") return db.transaction((tx) => openChallenge(tx, account, "MFA_SETUP", now));
    return { signedIn: true, accountId: account.id };
  }
  if (await isRememberedDevice(db, account.id, deviceKey, now)) return { signedIn: true, accountId: account.id };
  const method: MfaMethod | undefined =
    methods.length === 1
      ? methods[0]
      : account.preferredMfa && methods.includes(account.preferredMfa)
        ? account.preferredMfa
        : undefined;
  return deliverSmsCode(db, await db.transaction((tx) => openChallenge(tx, account, method ?? "SELECT_MFA_TYPE", now)));
}

// An SMS_MFA challenge queued its code with the challenge: hand it to the SMS provider once committed.
function deliverSmsCode(db: Db, result: SignInResult): SignInResult {
  if (!result.signedIn && result.challenge === "SMS_MFA") deliverAfterCommit(db);
  return result;
}

async function openChallenge(db: Db, account: Account, name: ChallengeName, now: Date): Promise<SignInResult> {
  const { session, id } = await storeChallenge(
    db,
    account.id,
    name,
    new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    now,
  );
  const row = { id };
  const parameters: Record<string, string> = {};
  if (name === "SMS_MFA" && account.phoneNumber) {
    const code = await issueCode(db, { accountId: account.id, purpose: "sms_mfa", now, challengeId: row!.id });
    await sendSms(
      {
        to: account.phoneNumber,
        body: `Your Happr sign-in code is ${code}. It expires in 5 minutes.`,
        neutralBody: `Your sign-in code is ${code}. It expires in 5 minutes.`,
        memberId: account.id,
      },
      db,
    );
    parameters.CODE_DELIVERY_DELIVERY_MEDIUM = "SMS";
    parameters.CODE_DELIVERY_DESTINATION = maskPhone(account.phoneNumber);
  }
  if (name === "SELECT_MFA_TYPE") parameters.MFAS_CAN_CHOOSE = JSON.stringify(enabledMfaMethods(account));
  if (name === "MFA_SETUP") parameters.MFAS_CAN_SETUP = JSON.stringify(["SOFTWARE_TOKEN_MFA"]);
  return { signedIn: false, challenge: name, session, parameters };
}

const respondSchema = z.object({
  session: z
    .string({ message: messages.sessionExpired })
    .min(1, messages.sessionExpired)
    .max(200, messages.sessionExpired),
  challenge: z.enum(["NEW_PASSWORD_REQUIRED", "SOFTWARE_TOKEN_MFA", "SMS_MFA", "SELECT_MFA_TYPE", "MFA_SETUP"], {
    message: "Unknown challenge",
  }),
  answer: z
    .string({ message: messages.challengeResponseEmpty })
    .trim()
    .min(1, messages.challengeResponseEmpty)
    .max(256),
  /** After a completed MFA: skip MFA on this device for 30 days. */
  rememberDevice: z.boolean().optional(),
  deviceKey: z.string().max(200).optional(),
  /** How the remembered device is listed in the security centre ("Chrome on Linux"). */
  deviceName: z.string().trim().max(100).optional(),
});

type Live = {
  challenge: Omit<typeof identityChallenges.$inferSelect, "name"> & { name: ChallengeName };
  account: Account;
};

/** Finds the challenge behind a session, locked for this answer; expired or used ones are refused. */
async function liveChallenge(db: Db, session: string, now: Date): Promise<Live> {
  const [challenge] = await db
    .select()
    .from(identityChallenges)
    .where(
      and(
        eq(identityChallenges.tokenHash, hashToken(session)),
        isNull(identityChallenges.consumedAt),
        gt(identityChallenges.expiresAt, now),
      ),
    )
    .for("update");
  const account = challenge ? await findAccountById(db, challenge.accountId) : undefined;
  if (!challenge || challenge.name === "AUTO_SIGN_IN" || !account || account.status === "DISABLED") {
    throw new IdentityError("NotAuthorizedException", messages.sessionExpired);
  }
  return { challenge: { ...challenge, name: challenge.name }, account };
}

/**
 * Answers the challenge of a sign-in in progress: a new password, a TOTP or SMS code, the MFA type
 * to use, or the first code of a new authenticator app. Wrong codes count towards the account's lock
 * and end the challenge after three tries.
 */
export async function respondToChallenge(
  input: z.input<typeof respondSchema>,
  context?: IdentityContext,
): Promise<SignInResult> {
  const data = parseInput(respondSchema, input);
  const resolved = await resolveContext(context);
  const { db, now, clientAddress } = resolved;

  const outcome = await db.transaction(
    async (tx): Promise<{ result?: SignInResult; error?: IdentityError; account?: Account }> => {
      const { challenge, account } = await liveChallenge(tx, data.session, now);
      if (challenge.name !== data.challenge)
        throw new IdentityError("InvalidParameterException", "The answer is for another sign-in step.");
      const consume = () =>
        tx.update(identityChallenges).set({ consumedAt: now }).where(eq(identityChallenges.id, challenge.id));
      // A code is looked at only after its attempt is reserved on the second factor's own count (and
      // the address's): parallel guesses get no more checks than sequential ones, and a correct
      // password, which opened this challenge, never clears that count.
      const checksCode =
        challenge.name === "SOFTWARE_TOKEN_MFA" || challenge.name === "SMS_MFA" || challenge.name === "MFA_SETUP";
      const reservation = checksCode
        ? await reserveAttempt(tx, secondFactorSubjects(account.id, clientAddress), now)
        : undefined;

      // A wrong code: counted on the challenge (the reservation counted it for the lock); committed, then reported.
      const wrongCode = async (error: IdentityError) => {
        const attempts = challenge.attempts + 1;
        await tx
          .update(identityChallenges)
          .set({ attempts, consumedAt: attempts >= MAX_CHALLENGE_ATTEMPTS ? now : null })
          .where(eq(identityChallenges.id, challenge.id));
        const failure = reservation ? failureOutcome(reservation) : undefined;
        if (failure?.lock) return { error: failure.lock };
        if (attempts >= MAX_CHALLENGE_ATTEMPTS) {
          return {
            error: new IdentityError("TooManyFailedAttemptsException", "Too many invalid codes. Please sign in again."),
          };
        }
        return { error };
      };

      switch (challenge.name) {
        case "NEW_PASSWORD_REQUIRED": {
          const password = parseInput(passwordField, input.answer);
          assertPasswordPolicy(password, [account.email, account.givenName, account.familyName]);
          await consume();
          const updated = {
            passwordHash: await hashPassword(password),
            status: "CONFIRMED" as const,
            // The temporary password reached this mailbox: the email is proven.
            emailVerified: true,
            temporaryPasswordExpiresAt: null,
            updatedAt: now,
          };
          await tx.update(identityAccounts).set(updated).where(eq(identityAccounts.id, account.id));
          return { account: { ...account, ...updated } };
        }
        case "SELECT_MFA_TYPE": {
          if (data.answer !== "SOFTWARE_TOKEN_MFA" && data.answer !== "SMS_MFA") {
            throw new IdentityError("InvalidParameterException", messages.invalidMfaType);
          }
          if (!enabledMfaMethods(account).includes(data.answer))
            throw new IdentityError("InvalidParameterException", messages.noValidMfa);
          await consume();
          return { result: await openChallenge(tx, account, data.answer, now) };
        }
        case "SOFTWARE_TOKEN_MFA": {
          const step = account.totpSecret
            ? matchTotpStep(account.totpSecret, data.answer, now, account.totpLastStep)
            : undefined;
          // Another sign-in may have used this step since the account was read: claiming it decides.
          if (step === undefined || !(await claimTotpStep(tx, account.id, step))) {
            return wrongCode(new IdentityError("CodeMismatchException", messages.codeMismatch));
          }
          await consume();
          return { result: await completeMfa(tx, account, reservation, data.rememberDevice, now, data.deviceName) };
        }
        case "SMS_MFA": {
          const error = await consumeCode(tx, {
            accountId: account.id,
            purpose: "sms_mfa",
            code: data.answer,
            now,
            challengeId: challenge.id,
          });
          if (error)
            return wrongCode(
              error.code === "ExpiredCodeException"
                ? error
                : new IdentityError("CodeMismatchException", messages.codeMismatch),
            );
          await consume();
          return { result: await completeMfa(tx, account, reservation, data.rememberDevice, now, data.deviceName) };
        }
        case "MFA_SETUP": {
          if (!account.totpPendingSecret) throw new IdentityError("InvalidParameterException", messages.noValidMfa);
          try {
            await finishTotpSetup(tx, account, data.answer, now);
          } catch (error) {
            if (error instanceof IdentityError && error.code === "EnableSoftwareTokenMFAException")
              return wrongCode(error);
            throw error;
          }
          await consume();
          return { result: await completeMfa(tx, account, reservation, data.rememberDevice, now, data.deviceName) };
        }
      }
    },
  );

  if (outcome.error) throw outcome.error;
  if (outcome.result) return deliverSmsCode(db, outcome.result);
  // A new password was set: continue as after a password (MFA may follow).
  return afterPassword(outcome.account!, data.deviceKey, resolved);
}

async function completeMfa(
  db: Db,
  account: Account,
  reservation: Reservation | undefined,
  remember: boolean | undefined,
  now: Date,
  deviceName?: string,
): Promise<SignInResult> {
  // Housekeeping: this account's finished or abandoned challenges are of no further use.
  await db
    .delete(identityChallenges)
    .where(and(eq(identityChallenges.accountId, account.id), lte(identityChallenges.expiresAt, now)));
  if (reservation) await settleSuccess(db, reservation);
  if (!remember) return { signedIn: true, accountId: account.id };
  return { signedIn: true, accountId: account.id, device: await rememberDevice(db, account.id, now, deviceName) };
}

/**
 * For the MFA_SETUP challenge (MFA required, none set up yet): the secret and QR code of a new
 * authenticator app, tied to the sign-in in progress. Answer the challenge with its first code.
 */
export async function associateSoftwareTokenForChallenge(input: { session: string }, context?: IdentityContext) {
  const { db, now } = await resolveContext(context);
  return db.transaction(async (tx) => {
    const { challenge, account } = await liveChallenge(tx, input.session ?? "", now);
    if (challenge.name !== "MFA_SETUP") throw new IdentityError("InvalidParameterException", messages.noValidMfa);
    return startTotpSetup(tx, account);
  });
}

/** Abandons an unanswered challenge of this browser's earlier sign-in (see lib/auth/pending-challenge). */
export async function abandonSignIn(session: string, context?: IdentityContext): Promise<void> {
  const { db, now } = await resolveContext(context);
  await abandonChallenge(db, session, now);
}
