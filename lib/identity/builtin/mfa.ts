import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/open";
import { identityAccounts } from "../../db/schema/identity";
import type { MfaMethod } from "../port";
import { findAccountById, type Account } from "./accounts";
import { resolveContext, type IdentityContext } from "./context";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import { matchTotpStep, newTotpSecret, TOTP_DEVICE_LABEL, totpUri } from "../totp";
import { codeField, parseInput } from "../validation";

/** The MFA methods that can be asked for at sign-in. */
export function enabledMfaMethods(account: Account): MfaMethod[] {
  const methods: MfaMethod[] = [];
  if (account.totpEnabled && account.totpSecret) methods.push("SOFTWARE_TOKEN_MFA");
  if (account.smsMfaEnabled && account.phoneNumber && account.phoneNumberVerified) methods.push("SMS_MFA");
  return methods;
}

async function requireAccount(db: Db, accountId: string): Promise<Account> {
  const account = await findAccountById(db, accountId);
  if (!account || account.status === "DISABLED")
    throw new IdentityError("NotAuthorizedException", "User does not exist.");
  return account;
}

/** What the account page shows. */
export async function getMfaSettings(accountId: string, context?: IdentityContext) {
  const { db } = await resolveContext(context);
  const account = await requireAccount(db, accountId);
  return {
    enabled: enabledMfaMethods(account),
    preferred: account.preferredMfa,
    totpDeviceLabel: account.totpEnabled ? TOTP_DEVICE_LABEL : null,
    phoneNumber: account.phoneNumber,
    phoneNumberVerified: account.phoneNumberVerified,
  };
}

/**
 * Step 1 of turning on an authenticator app: a new secret (kept aside until verified) and the
 * otpauth:// URI for the QR code. Calling it again replaces a secret that was never verified.
 */
export async function startTotpSetup(db: Db, account: Account) {
  const secret = newTotpSecret();
  await db.update(identityAccounts).set({ totpPendingSecret: secret }).where(eq(identityAccounts.id, account.id));
  return { secretCode: secret, otpauthUri: totpUri(secret, account.email), deviceLabel: TOTP_DEVICE_LABEL };
}

/**
 * Records that a TOTP time step was used, unless it (or a later one) already was: one atomic update,
 * so of two requests racing with the same code exactly one gets true.
 */
export async function claimTotpStep(db: Db, accountId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(identityAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(identityAccounts.id, accountId),
        or(isNull(identityAccounts.totpLastStep), lt(identityAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: identityAccounts.id });
  return claimed.length > 0;
}

/** Step 2: the first code from the app proves it holds the secret; TOTP is then on (and preferred). */
export async function finishTotpSetup(db: Db, account: Account, code: string, now: Date): Promise<void> {
  const secret = account.totpPendingSecret;
  if (!secret) throw new IdentityError("InvalidParameterException", messages.noValidMfa);
  const step = matchTotpStep(secret, code, now, null);
  if (step === undefined) {
    throw new IdentityError("EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");
  }
  await db
    .update(identityAccounts)
    .set({
      totpSecret: secret,
      totpPendingSecret: null,
      totpEnabled: true,
      totpLastStep: step,
      preferredMfa:
        account.preferredMfa && account.preferredMfa !== "SOFTWARE_TOKEN_MFA" && account.smsMfaEnabled
          ? account.preferredMfa
          : "SOFTWARE_TOKEN_MFA",
      updatedAt: now,
    })
    .where(eq(identityAccounts.id, account.id));
}

/** AssociateSoftwareToken for a signed-in member. */
export async function associateSoftwareToken(accountId: string, context?: IdentityContext) {
  const { db } = await resolveContext(context);
  return startTotpSetup(db, await requireAccount(db, accountId));
}

const verifySchema = z.object({ code: codeField });

/** VerifySoftwareToken + enable, for a signed-in member. */
export async function verifySoftwareToken(
  accountId: string,
  input: z.input<typeof verifySchema>,
  context?: IdentityContext,
) {
  const data = parseInput(verifySchema, input);
  const { db, now } = await resolveContext(context);
  await finishTotpSetup(db, await requireAccount(db, accountId), data.code, now);
  return { status: "SUCCESS" as const, deviceLabel: TOTP_DEVICE_LABEL };
}

/** Turns the authenticator app off. Refused when MFA is required and it is the only method. */
export async function disableSoftwareToken(accountId: string, context?: IdentityContext) {
  const { db, now, mfa } = await resolveContext(context);
  const account = await requireAccount(db, accountId);
  const others = enabledMfaMethods(account).filter((method) => method !== "SOFTWARE_TOKEN_MFA");
  if (mfa === "required" && others.length === 0) {
    throw new IdentityError(
      "InvalidParameterException",
      "Multi-factor authentication is required: set up another method first.",
    );
  }
  await db
    .update(identityAccounts)
    .set({
      totpEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      preferredMfa: others[0] ?? null,
      updatedAt: now,
    })
    .where(eq(identityAccounts.id, accountId));
}

const preferenceSchema = z.object({
  sms: z.boolean().optional(),
  /** null: no preference, so a member with both methods chooses at each sign-in (SELECT_MFA_TYPE). */
  preferred: z.enum(["SOFTWARE_TOKEN_MFA", "SMS_MFA"], { message: messages.invalidMfaType }).nullable().optional(),
});

/**
 * SetUserMFAPreference: turn SMS MFA on or off and choose the preferred method. SMS needs a verified
 * phone number; the preferred method must be one that is on.
 */
export async function setMfaPreference(
  accountId: string,
  input: z.input<typeof preferenceSchema>,
  context?: IdentityContext,
) {
  const data = parseInput(preferenceSchema, input);
  const { db, now, mfa } = await resolveContext(context);
  const account = await requireAccount(db, accountId);
  const smsEnabled = data.sms ?? account.smsMfaEnabled;
  if (smsEnabled && !(account.phoneNumber && account.phoneNumberVerified)) {
    throw new IdentityError("InvalidParameterException", messages.noValidMfa);
  }
  const next = { ...account, smsMfaEnabled: smsEnabled };
  const methods = enabledMfaMethods(next);
  if (data.preferred && !methods.includes(data.preferred)) {
    throw new IdentityError("InvalidParameterException", messages.noValidMfa);
  }
  if (mfa === "required" && methods.length === 0) {
    throw new IdentityError(
      "InvalidParameterException",
      "Multi-factor authentication is required: keep at least one method on.",
    );
  }
  const preferred =
    data.preferred !== undefined
      ? data.preferred
      : account.preferredMfa && methods.includes(account.preferredMfa)
        ? account.preferredMfa
        : (methods[0] ?? null);
  await db
    .update(identityAccounts)
    .set({ smsMfaEnabled: smsEnabled, preferredMfa: preferred, updatedAt: now })
    .where(eq(identityAccounts.id, accountId));
  return { enabled: methods, preferred };
}
