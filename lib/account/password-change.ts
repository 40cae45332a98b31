import "server-only";
import { headers } from "next/headers";
import { getConfig } from "../config";
import { IdentityError, isIdentityError } from "../identity";
import { CURRENT_PASSWORD_FIELD } from "../identity/reauthentication";
import { readSessionToken } from "../auth/sign-out";
import { signValue } from "../secrets";
import { encodeRenewalTicket, sessionFingerprint } from "../auth/session-renewal";
import { signOutNext, type FormState } from "../forms";

/**
 * Which field of a password form a failure that names none is about, by its code: the policy is the
 * new password's, a wrong (or missing) current password the current one's.
 */
export function passwordFieldOf(error: unknown): unknown {
  if (!isIdentityError(error) || error.field) return error;
  const field =
    error.code === "InvalidPasswordException"
      ? "newPassword"
      : ["NotAuthorizedException", "InvalidParameterException"].includes(error.code)
        ? CURRENT_PASSWORD_FIELD
        : undefined;
  return field
    ? new IdentityError(error.code, error.message, { cause: error, field, retryAfterSeconds: error.retryAfterSeconds })
    : error;
}

/**
 * After the member's password changed every session ended: the built-in provider renews this
 * browser's session at once (a signed, short-lived ticket) and comes back to `continuePath` (the page
 * the change was made on); with Cognito the browser signs in again.
 */
export async function afterPasswordChange(
  memberId: string,
  { message = "Your password is changed.", continuePath = "/my-account" } = {},
): Promise<FormState> {
  if (getConfig().identity.kind !== "builtin") return signOutNext(message);
  const ticket = encodeRenewalTicket(
    memberId,
    sessionFingerprint(await readSessionToken(await headers())),
    Date.now(),
    signValue,
  );
  return {
    status: "redirect",
    message,
    fieldErrors: {},
    values: {},
    redirectTo: `/auth/renew?ticket=${encodeURIComponent(ticket)}&continue=${encodeURIComponent(continuePath)}`,
  };
}
