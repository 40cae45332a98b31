"use server";

import { otpauthQrCode } from "@/lib/identity/qr";
import { runAuthenticatorStep, type AuthenticatorFormState } from "@/lib/auth/authenticator-form";
import { actingMember } from "@/lib/account/member-action";
import { TooManyRequestsError } from "@/lib/rate-limit/member-limits";
import { accountChangesOf } from "@/lib/account/member-identity";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";
import { childRefusal } from "@/lib/circles/child-limits";

/**
 * Authenticator-app MFA in the security centre: start (or replace), verify, cancel or turn off (see
 * runAuthenticatorStep), within the member's rate of forms (actingMember).
 */
export async function authenticatorAction(
  previous: AuthenticatorFormState,
  formData: FormData,
): Promise<AuthenticatorFormState> {
  let member;
  try {
    member = await actingMember(SECURITY_CENTRE_PATH);
  } catch (error) {
    if (error instanceof TooManyRequestsError)
      return { ...previous, message: error.message, tone: "error", fieldErrors: {} };
    throw error;
  }
  const refusal = await childRefusal(member.memberId, "changeSignInVerification");
  if (refusal) return { ...previous, message: refusal, tone: "error", fieldErrors: {} };
  return runAuthenticatorStep(await accountChangesOf(member), previous, formData, (uri) => otpauthQrCode(uri));
}
