"use server";

import { z } from "zod";
import { isIdentityError, type DevicePage, type MfaMethod } from "@/lib/identity";
import { messages } from "@/lib/messages";
import { done, signOutNext } from "@/lib/forms";
import { MemberRequiredError } from "@/lib/auth/member";
import { accountChangesOf, identityOf } from "@/lib/account/member-identity";
import { afterPasswordChange, passwordFieldOf } from "@/lib/account/password-change";
import { actingMember, formField, memberAction } from "@/lib/account/member-action";
import { TooManyRequestsError } from "@/lib/rate-limit/member-limits";
import { CURRENT_PASSWORD_FIELD } from "@/lib/identity/reauthentication";
import { getBillingService } from "@/lib/billing/provider";
import { deleteMemberAccount } from "@/lib/member-data";
import { logError } from "@/lib/log";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";

const destination = (delivery: { destination: string } | undefined) =>
  delivery ? ` We sent a code to ${delivery.destination}.` : "";

const withPassword = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ ...shape, [CURRENT_PASSWORD_FIELD]: formField });
const passwordOf = (input: Record<string, unknown>) => input[CURRENT_PASSWORD_FIELD] as string;
const attributeForm = z.object({
  attribute: formField.transform((value) => (value === "email" ? "email" : "phone_number") as "email" | "phone_number"),
  code: formField,
});
const deviceForm = z.object({ deviceKey: formField, remembered: formField });

// The changes below ask for the current password or a recent sign-in and email the account's address
// (lib/identity/account-changes.ts); a password problem is shown next to the password field.

export const changeEmailAction = memberAction(
  withPassword({ email: formField }),
  async (member, input) => {
    const [delivery] = await accountChangesOf(member).changeEmail(input.email, passwordOf(input));
    return done(`Your email address is changed.${destination(delivery)}`);
  },
  { field: "email", fields: { email: "email" }, childAction: "changeEmail" },
);

export const changePhoneAction = memberAction(
  withPassword({ phone: formField }),
  async (member, input) => {
    const [delivery] = await accountChangesOf(member).changePhone(input.phone, passwordOf(input));
    return done(`Your phone number is saved.${destination(delivery)}`);
  },
  { field: "phone", fields: { phone_number: "phone", phoneNumber: "phone" }, childAction: "changePhone" },
);

export const sendCodeAction = memberAction(
  attributeForm,
  async (member, { attribute }) => {
    const delivery = await identityOf(member).sendVerificationCode(attribute);
    return done(`We sent a new code to ${delivery.destination}.`);
  },
  { childAction: "verifyContact" },
);

export const verifyAttributeAction = memberAction(
  attributeForm,
  async (member, { attribute, code }) => {
    await identityOf(member).verifyAttribute(attribute, code);
    return done(attribute === "email" ? "Your email address is verified." : "Your phone number is verified.");
  },
  { field: "code", childAction: "verifyContact" },
);

export const removePhoneAction = memberAction(
  withPassword({}),
  async (member, input) => {
    await accountChangesOf(member).removePhone(passwordOf(input));
    return done("Your phone number is removed. Text message sign-in codes are off.");
  },
  { childAction: "changePhone" },
);

export const setMfaAction = memberAction(
  withPassword({ sms: formField, preferred: formField }),
  async (member, input) => {
    const { sms, preferred } = input;
    await accountChangesOf(member).setMfaPreference(
      {
        sms: sms === "on",
        preferred:
          preferred === "SOFTWARE_TOKEN_MFA" || preferred === "SMS_MFA"
            ? (preferred as MfaMethod)
            : preferred === "ask"
              ? null
              : undefined,
      },
      passwordOf(input),
    );
    return done("Your sign-in verification settings are saved.");
  },
  { childAction: "changeSignInVerification" },
);

/** The next page of remembered devices (ListDevices' pagination token), within the member's rate of forms (actingMember). */
export async function moreDevicesAction(paginationToken: string): Promise<DevicePage | { error: string }> {
  try {
    return await identityOf(await actingMember()).listDevices(paginationToken);
  } catch (error) {
    if (isIdentityError(error) || error instanceof MemberRequiredError || error instanceof TooManyRequestsError)
      return { error: error.message };
    logError("[account] listing devices failed", error);
    return { error: messages.networkError };
  }
}

export const forgetDeviceAction = memberAction(deviceForm, async (member, { deviceKey }) => {
  await identityOf(member).forgetDevice(deviceKey);
  return done("The device is forgotten: it will be asked for a code at its next sign-in.");
});

export const deviceStatusAction = memberAction(deviceForm, async (member, { deviceKey, remembered }) => {
  await identityOf(member).updateDeviceStatus(deviceKey, remembered === "true");
  return done(
    remembered === "true"
      ? "The device is remembered: it skips the code at sign-in."
      : "The device is no longer remembered.",
  );
});

/**
 * Changes the password; every session ends. The action changes no cookie (that would make Next
 * re-render this now signed-out page and race the next step): the browser leaves with a full page
 * load, to /auth/renew (built-in issuer: a fresh session for this browser at once) or, with Cognito,
 * to sign-out (the member signs in with the new password).
 */
export const changePasswordAction = memberAction(
  z
    .object({ currentPassword: formField, newPassword: formField, confirmPassword: formField })
    .refine((input) => input.newPassword === input.confirmPassword, {
      message: "The new passwords do not match",
      path: ["confirmPassword"],
    }),
  async (member, input) => {
    try {
      await identityOf(member).changePassword(input.currentPassword, input.newPassword);
    } catch (error) {
      throw passwordFieldOf(error);
    }
    return afterPasswordChange(member.memberId, { continuePath: SECURITY_CENTRE_PATH });
  },
  {
    revalidate: false,
    fields: { previousPassword: "currentPassword", proposedPassword: "newPassword", newPassword: "newPassword" },
    // Allowed for a child (child-limits.ts says why); named so the table is asked here too.
    childAction: "changePassword",
  },
);

/** Deletes the account after the password (or a recent sign-in): the subscription ends now, then this browser signs out. */
export const deleteAccountAction = memberAction(
  withPassword({
    confirm: formField.refine((value) => value === "on", "Tick the box to confirm you want to delete your account"),
  }),
  async (member, input) => {
    await deleteMemberAccount(member, passwordOf(input), {
      security: identityOf(member),
      billing: await getBillingService(),
    });
    // Sign-out clears the cookies and the page storage in a full page load (no cookie change here: see above).
    return signOutNext("Your account is deleted.");
  },
  { revalidate: false, childAction: "deleteAccount" },
);
