"use server";

import { headers } from "next/headers";
import { getConfig } from "@/lib/config";
import { isIdentityError, identityFor, messages, type DevicePage, type MfaMethod } from "@/lib/identity";
import { readSessionToken } from "@/lib/auth/sign-out";
import { signValue } from "@/lib/auth/secrets";
import { encodeRenewalTicket, sessionFingerprint } from "@/lib/auth/session-renewal";
import { accountFailure, done, signOutNext, type AccountFormState } from "@/lib/auth/account-forms";
import { accountChangesOf, currentMember, securityCallerOf, type CurrentMember } from "@/lib/auth/member-session";
import { CURRENT_PASSWORD_FIELD } from "@/lib/identity/reauthentication";
import { getBillingService } from "@/lib/billing/provider";
import { deleteMemberAccount } from "@/lib/member-data";
import { formText } from "@/lib/request/form-text";
import { asMember, signedOut } from "./member-action";
import { logError } from "@/lib/log";



const centreOf = (member: CurrentMember) => identityFor(securityCallerOf(member));
const destination = (delivery: { destination: string } | undefined) => (delivery ? ` We sent a code to ${delivery.destination}.` : "");

const currentPassword = (formData: FormData) => formText(formData, CURRENT_PASSWORD_FIELD);

// The changes below ask for the current password or a recent sign-in and email the account's address
// (lib/identity/account-changes.ts); a password problem is shown next to the password field.

export async function changeEmailAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const [delivery] = await (await accountChangesOf(member)).changeEmail(formText(formData, "email"), currentPassword(formData));
    return done(`Your email address is changed.${destination(delivery)}`);
  }, "email");
}

export async function changePhoneAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const [delivery] = await (await accountChangesOf(member)).changePhone(formText(formData, "phone"), currentPassword(formData));
    return done(`Your phone number is saved.${destination(delivery)}`);
  }, "phone");
}

export async function sendCodeAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const attribute = formText(formData, "attribute") === "email" ? "email" : "phone_number";
    const delivery = await (await centreOf(member)).sendVerificationCode(attribute);
    return done(`We sent a new code to ${delivery.destination}.`);
  });
}

export async function verifyAttributeAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const attribute = formText(formData, "attribute") === "email" ? "email" : "phone_number";
    await (await centreOf(member)).verifyAttribute(attribute, formText(formData, "code"));
    return done(attribute === "email" ? "Your email address is verified." : "Your phone number is verified.");
  }, "code");
}

export async function removePhoneAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    await (await accountChangesOf(member)).removePhone(currentPassword(formData));
    return done("Your phone number is removed. Text message sign-in codes are off.");
  });
}

export async function setMfaAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const preferred = formText(formData, "preferred");
    await (await accountChangesOf(member)).setMfaPreference(
      {
        sms: formData.get("sms") === "on",
        preferred: preferred === "SOFTWARE_TOKEN_MFA" || preferred === "SMS_MFA" ? (preferred as MfaMethod) : preferred === "ask" ? null : undefined,
      },
      currentPassword(formData),
    );
    return done("Your sign-in verification settings are saved.");
  });
}

/** The next page of remembered devices (ListDevices' pagination token). */
export async function moreDevicesAction(paginationToken: string): Promise<DevicePage | { error: string }> {
  const member = await currentMember();
  if (!member) return { error: messages.notAuthenticated };
  try {
    return await (await centreOf(member)).listDevices(paginationToken);
  } catch (error) {
    if (isIdentityError(error)) return { error: error.message };
    logError("[account] listing devices failed", error);
    return { error: messages.networkError };
  }
}

export async function forgetDeviceAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    await (await centreOf(member)).forgetDevice(formText(formData, "deviceKey"));
    return done("The device is forgotten: it will be asked for a code at its next sign-in.");
  });
}

export async function deviceStatusAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const remembered = formText(formData, "remembered") === "true";
    await (await centreOf(member)).updateDeviceStatus(formText(formData, "deviceKey"), remembered);
    return done(remembered ? "The device is remembered: it skips the code at sign-in." : "The device is no longer remembered.");
  });
}

/**
 * Changes the password; every session ends. The action changes no cookie (that would make Next
 * re-render this now signed-out page and race the next step): the browser leaves with a full page
 * load, to /auth/renew (built-in issuer: a fresh session for this browser at once) or, with Cognito,
 * to sign-out (the member signs in with the new password).
 */
export async function changePasswordAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  const member = await currentMember();
  if (!member) return signedOut;
  if (formText(formData, "newPassword") !== formText(formData, "confirmPassword")) {
    return { status: "error", message: "", fieldErrors: { confirmPassword: "The new passwords do not match" } };
  }
  try {
    await (await centreOf(member)).changePassword(formText(formData, "currentPassword"), formText(formData, "newPassword"));
  } catch (error) {
    const state = accountFailure(error);
    // Which field the message is about: the policy is the new password's, a wrong password the current one's.
    if (/^Password did not conform|^Password must/.test(state.message)) return { ...state, message: "", fieldErrors: { newPassword: state.message } };
    if (/password|Password cannot be empty/i.test(state.message)) return { ...state, message: "", fieldErrors: { currentPassword: state.message } };
    return state;
  }
  if (getConfig().identity.kind !== "builtin") return signOutNext("Your password is changed.");
  const ticket = encodeRenewalTicket(member.memberId, sessionFingerprint(await readSessionToken(await headers())), Date.now(), signValue);
  return { status: "redirect", message: "Your password is changed.", fieldErrors: {}, redirectTo: `/auth/renew?ticket=${encodeURIComponent(ticket)}` };
}

/** Deletes the account after the password (or a recent sign-in): the subscription ends now, then this browser signs out. */
export async function deleteAccountAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  const member = await currentMember();
  if (!member) return signedOut;
  if (formData.get("confirm") !== "on") return { status: "error", message: "", fieldErrors: { confirm: "Tick the box to confirm you want to delete your account" } };
  try {
    await deleteMemberAccount(member, currentPassword(formData), { security: await centreOf(member), billing: await getBillingService() });
  } catch (error) {
    return accountFailure(error);
  }
  // Sign-out clears the cookies and the page storage in a full page load (no cookie change here: see above).
  return signOutNext("Your account is deleted.");
}
