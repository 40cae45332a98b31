"use server";

import { otpauthQrCode } from "@/lib/identity/qr";
import { runAuthenticatorStep, type AuthenticatorFormState } from "@/lib/auth/authenticator-form";
import { requireMember } from "@/lib/auth/member";
import { accountChangesOf } from "@/lib/account/member-identity";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";
import { childRefusal } from "@/lib/circles/child-limits";

/**
 * Authenticator-app MFA in the security centre: start (or replace), verify, cancel or turn off (see
 * runAuthenticatorStep).
 */
export async function authenticatorAction(
  previous: AuthenticatorFormState,
  formData: FormData,
): Promise<AuthenticatorFormState> {
  const member = await requireMember(SECURITY_CENTRE_PATH);
  const refusal = await childRefusal(member.memberId, "changeSignInVerification");
  if (refusal) return { ...previous, message: refusal, tone: "error", fieldErrors: {} };
  return runAuthenticatorStep(await accountChangesOf(member), previous, formData, (uri) => otpauthQrCode(uri));
}
