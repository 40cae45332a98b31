import { isIdentityError } from "../identity";
import { messages } from "../messages";
import type { ChallengeName } from "../identity/builtin";
import type { FormState } from "../forms";
import { logError } from "../log";

export type AuthField = "email" | "password" | "givenName" | "familyName" | "code" | "answer";

/**
 * The state every auth form's server action answers with (rendered by components/auth): "sent" is a
 * success notice, "redirect" a completed sign-in the browser continues as a full page load (the OIDC
 * dance sets cookies). What was typed is kept, never passwords or codes.
 */
export type AuthFormState = FormState<
  Partial<Record<"email" | "givenName" | "familyName", string>>,
  "idle" | "invalid" | "error" | "challenge" | "sent" | "redirect",
  {
    /** Besides the kept values: the password, the code and a challenge's answer. */
    fieldErrors: Partial<Record<AuthField, string>>;
    challenge?: {
      name: ChallengeName;
      session: string;
      parameters: Record<string, string>;
      /** For MFA_SETUP: the new authenticator app's secret and its QR code. */
      setup?: { secretCode: string; qrDataUrl: string };
    };
  }
>;

const AUTH_FIELDS = new Set<string>(["email", "password", "givenName", "familyName", "code", "answer"]);
// A wrong or expired code is about the code field (the challenge's answer field in a challenge step).
const CODE_FAILURES = new Set(["CodeMismatchException", "ExpiredCodeException", "EnableSoftwareTokenMFAException"]);

/**
 * Turns a failure into the form's state: expected identity errors show their own message next to the
 * field they name (by the error's `field` or code, never its wording); anything else is logged and
 * shown as "Network Error". `passwordField`: the field a password or code is typed in on this form.
 */
export function failureState(
  error: unknown,
  values: AuthFormState["values"],
  options: { passwordField?: "password" | "answer" } = {},
): AuthFormState {
  if (isIdentityError(error)) {
    const field = fieldOf(error.code, error.field, options.passwordField);
    if (field) return { status: "invalid", message: "", fieldErrors: { [field]: error.message }, values };
    return { status: "error", message: error.message, fieldErrors: {}, values };
  }
  logError("[auth] identity call failed", error);
  return { status: "error", message: messages.networkError, fieldErrors: {}, values };
}

function fieldOf(
  code: string,
  field: string | undefined,
  passwordField: "password" | "answer" | undefined,
): AuthField | undefined {
  if (code === "InvalidPasswordException") return passwordField ?? "password";
  if (CODE_FAILURES.has(code) && (passwordField === "answer" || code !== "EnableSoftwareTokenMFAException"))
    return passwordField === "answer" ? "answer" : "code";
  if (field === "password") return passwordField ?? "password";
  if (field === "code" && passwordField === "answer") return "answer";
  return field && AUTH_FIELDS.has(field) ? (field as AuthField) : undefined;
}
