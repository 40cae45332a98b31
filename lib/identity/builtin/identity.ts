import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/open";
import { identityAccounts } from "../../db/schema/identity";
import { sendEmail, sendSms } from "../../mail";
import { consume } from "../../rate-limit";
import { assertVerifiable, writableAttributes } from "../attributes";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import type { CodeDelivery, IdentityCaller, IdentityPort, VerifiableAttribute } from "../port";
import { authenticatorStatusOf } from "../totp";
import {
  codeField,
  emailField,
  maskEmail,
  maskPhone,
  nameField,
  parseInput,
  passwordField,
  phoneField,
} from "../validation";
import { changePassword, deliverAfterCommit, findAccountById, signOutEverywhere, type Account } from "./accounts";
import { consumeCode, issueCode } from "./codes";
import { resolveContext, type IdentityContext } from "./context";
import { checkPassword } from "./credentials";
import { forgetDevice, listDevices, updateDeviceStatus } from "./devices";
import {
  associateSoftwareToken,
  disableSoftwareToken,
  enabledMfaMethods,
  getMfaSettings,
  setMfaPreference,
  verifySoftwareToken,
} from "./mfa";
import { forgetLocalAccount } from "./forget-account";
import { forgetStandingSessions } from "../session-checks";

// Codes sent from the security centre, per member per hour: the outbox must not become a spam cannon.
const CODE_SENDS_PER_HOUR = 5;

async function limitCodeSends(db: Db, accountId: string, now: Date) {
  const result = await consume(
    "security-code-send",
    accountId,
    { limit: CODE_SENDS_PER_HOUR, windowSeconds: 3600 },
    { db, now },
  );
  if (!result.allowed) {
    throw new IdentityError("LimitExceededException", "Attempt limit exceeded, please try after some time.", {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

async function requireAccount(db: Db, accountId: string): Promise<Account> {
  const account = await findAccountById(db, accountId);
  if (!account || account.status === "DISABLED")
    throw new IdentityError("NotAuthorizedException", messages.noCurrentUser);
  return account;
}

async function sendAttributeCode(
  db: Db,
  account: Pick<Account, "id" | "givenName">,
  attribute: VerifiableAttribute,
  to: string,
  now: Date,
): Promise<CodeDelivery> {
  if (attribute === "email") {
    const code = await issueCode(db, { accountId: account.id, purpose: "verify_email", now });
    await sendEmail(
      {
        to,
        memberId: account.id,
        subject: "Verify your email address for Happr",
        text: `Hi ${account.givenName},\n\nYour Happr verification code is ${code}. It expires in 24 hours.\n\nIf you did not change your email address on Happr, sign in and change your password.`,
      },
      db,
    );
    return { deliveryMedium: "EMAIL", destination: maskEmail(to) };
  }
  const code = await issueCode(db, { accountId: account.id, purpose: "verify_phone", now });
  await sendSms(
    {
      to,
      body: `Your Happr verification code is ${code}.`,
      neutralBody: `Your verification code is ${code}.`,
      memberId: account.id,
    },
    db,
  );
  return { deliveryMedium: "SMS", destination: maskPhone(to) };
}

const updateSchema = z.object({
  email: emailField.optional(),
  phone_number: phoneField.optional(),
  given_name: nameField("First name").optional(),
  family_name: nameField("Last name").optional(),
});

/**
 * The identity port (lib/identity/port.ts) on the built-in issuer's database: a member's own
 * attributes, password, MFA, devices, sessions and account.
 */
export function createBuiltinIdentity(caller: IdentityCaller, context?: IdentityContext): IdentityPort {
  const id = caller.accountId;
  return {
    async overview() {
      const { db, texts } = await resolveContext(context);
      const account = await requireAccount(db, id);
      return {
        email: account.email,
        emailVerified: account.emailVerified,
        phoneNumber: account.phoneNumber,
        phoneNumberVerified: account.phoneNumberVerified,
        mfa: { enabled: enabledMfaMethods(account), preferred: account.preferredMfa },
        textCodes: texts,
      };
    },

    async updateAttributes(attributes) {
      const data = parseInput(
        updateSchema,
        Object.fromEntries(writableAttributes(attributes).map((a) => [a.Name, a.Value])),
      );
      const { db, now, texts } = await resolveContext(context);
      // A new number would wait for a code nobody can send: refused, rather than saved unverifiable.
      if (data.phone_number !== undefined && !texts)
        throw new IdentityError("InvalidParameterException", messages.textsUnavailable, { field: "phone_number" });
      const deliveries = await db.transaction(async (tx) => {
        const [account] = await tx.select().from(identityAccounts).where(eq(identityAccounts.id, id)).for("update");
        if (!account || account.status === "DISABLED")
          throw new IdentityError("NotAuthorizedException", messages.noCurrentUser);
        const changes: Partial<typeof identityAccounts.$inferInsert> = { updatedAt: now };
        const sent: CodeDelivery[] = [];
        if (data.given_name) changes.givenName = data.given_name;
        if (data.family_name) changes.familyName = data.family_name;
        const emailChanged = data.email !== undefined && data.email.toLowerCase() !== account.email.toLowerCase();
        const phoneChanged = data.phone_number !== undefined && data.phone_number !== account.phoneNumber;
        if (emailChanged || phoneChanged) await limitCodeSends(tx, id, now);
        if (emailChanged) {
          const [taken] = await tx
            .select({ id: identityAccounts.id })
            .from(identityAccounts)
            .where(
              and(sql`lower(${identityAccounts.email}) = ${data.email!.toLowerCase()}`, ne(identityAccounts.id, id)),
            );
          if (taken) throw new IdentityError("AliasExistsException", messages.emailExists);
          // As Cognito: the new address is the sign-in name at once, unverified until its code comes back.
          changes.email = data.email;
          changes.emailVerified = false;
        }
        if (phoneChanged) {
          // A new number is unproven: SMS MFA is off until it is verified again.
          const others = enabledMfaMethods(account).filter((method) => method !== "SMS_MFA");
          changes.phoneNumber = data.phone_number;
          changes.phoneNumberVerified = false;
          changes.smsMfaEnabled = false;
          changes.preferredMfa = account.preferredMfa === "SMS_MFA" ? (others[0] ?? null) : account.preferredMfa;
        }
        await tx.update(identityAccounts).set(changes).where(eq(identityAccounts.id, id));
        if (emailChanged) sent.push(await sendAttributeCode(tx, account, "email", data.email!, now));
        if (phoneChanged) sent.push(await sendAttributeCode(tx, account, "phone_number", data.phone_number!, now));
        return sent;
      });
      deliverAfterCommit(db);
      return deliveries;
    },

    async sendVerificationCode(attribute) {
      assertVerifiable(attribute);
      const { db, now, texts } = await resolveContext(context);
      if (attribute === "phone_number" && !texts)
        throw new IdentityError("InvalidParameterException", messages.textsUnavailable);
      const delivery = await db.transaction(async (tx) => {
        const account = await requireAccount(tx, id);
        const to = attribute === "email" ? account.email : account.phoneNumber;
        if (!to) throw new IdentityError("InvalidParameterException", messages.phoneEmpty);
        await limitCodeSends(tx, id, now);
        return sendAttributeCode(tx, account, attribute, to, now);
      });
      deliverAfterCommit(db);
      return delivery;
    },

    async verifyAttribute(attribute, code) {
      assertVerifiable(attribute);
      const answer = parseInput(codeField, code);
      const { db, now } = await resolveContext(context);
      const error = await db.transaction(async (tx) => {
        await requireAccount(tx, id);
        const purpose = attribute === "email" ? "verify_email" : "verify_phone";
        const failure = await consumeCode(tx, { accountId: id, purpose, code: answer, now });
        if (failure) return failure;
        await tx
          .update(identityAccounts)
          .set(
            attribute === "email"
              ? { emailVerified: true, updatedAt: now }
              : { phoneNumberVerified: true, updatedAt: now },
          )
          .where(eq(identityAccounts.id, id));
        return undefined;
      });
      if (error) throw error;
    },

    async deleteAttributes(names) {
      const kept = names.filter((name) => name !== "sub" && !name.includes("_verified"));
      if (kept.length === 0) return;
      if (kept.some((name) => name !== "phone_number"))
        throw new IdentityError("InvalidParameterException", "Only the phone number can be removed");
      const { db, now, mfa } = await resolveContext(context);
      const account = await requireAccount(db, id);
      const others = enabledMfaMethods(account).filter((method) => method !== "SMS_MFA");
      if (mfa === "required" && enabledMfaMethods(account).length > 0 && others.length === 0) {
        throw new IdentityError(
          "InvalidParameterException",
          "Multi-factor authentication is required: set up another method first.",
        );
      }
      await db
        .update(identityAccounts)
        .set({
          phoneNumber: null,
          phoneNumberVerified: false,
          smsMfaEnabled: false,
          preferredMfa: account.preferredMfa === "SMS_MFA" ? (others[0] ?? null) : account.preferredMfa,
          updatedAt: now,
        })
        .where(eq(identityAccounts.id, id));
    },

    async changePassword(previousPassword, proposedPassword) {
      await changePassword(id, { previousPassword, proposedPassword }, context);
    },

    async setMfaPreference(input) {
      const { db, texts } = await resolveContext(context);
      // Turning SMS codes on needs texts; one already on may stay on or be turned off.
      if (!texts && (input.sms || input.preferred === "SMS_MFA") && !(await requireAccount(db, id)).smsMfaEnabled)
        throw new IdentityError("InvalidParameterException", messages.textsUnavailable);
      await setMfaPreference(id, input, context);
    },

    async authenticatorStatus() {
      return authenticatorStatusOf((await getMfaSettings(id, context)).enabled);
    },

    async startAuthenticatorSetup() {
      const { secretCode, otpauthUri } = await associateSoftwareToken(id, context);
      return { secretCode, otpauthUri };
    },

    async finishAuthenticatorSetup(code) {
      await verifySoftwareToken(id, { code }, context);
    },

    async disableAuthenticator() {
      await disableSoftwareToken(id, context);
    },

    async signOutEverywhere() {
      await signOutEverywhere(id, context);
    },

    async listDevices(paginationToken) {
      const { db, now } = await resolveContext(context);
      await requireAccount(db, id);
      return listDevices(db, id, now, { paginationToken });
    },

    async forgetDevice(deviceKey) {
      const { db } = await resolveContext(context);
      await forgetDevice(db, id, deviceKey);
    },

    async updateDeviceStatus(deviceKey, remembered) {
      const { db } = await resolveContext(context);
      await updateDeviceStatus(db, id, deviceKey, remembered);
    },

    async confirmPassword(password) {
      const value = parseInput(passwordField, password);
      const { db, now, clientAddress } = await resolveContext(context);
      const account = await requireAccount(db, id);
      // Behind the same brute-force guard as sign-in.
      await checkPassword(db, { email: account.email, password: value, account, now, clientAddress });
    },

    accountsInDatabase: true,

    async deleteUser(tx) {
      const remove = async (within: Db) => {
        if (!(await forgetLocalAccount(within, id)))
          throw new IdentityError("UserNotFoundException", "User does not exist.");
      };
      // Within the caller's transaction, the caller forgets the session checks once it commits.
      if (tx) return remove(tx);
      const { db } = await resolveContext(context);
      await db.transaction(remove);
      forgetStandingSessions();
    },
  };
}
