import { isIdentityError, messages } from "../identity";
import type { ChallengeName } from "../identity/builtin";
import { logError } from "../log";

/** The state every auth form's server action answers with (rendered by components/auth). */
export type AuthFormState = {
  status: "idle" | "invalid" | "error" | "challenge" | "sent" | "redirect";
  /** For "redirect": where the browser goes next, as a full page load (the OIDC dance sets cookies). */
  redirectTo?: string;
  /** A message for the whole form (a lock, a wrong password, a success notice). */
  message: string;
  fieldErrors: Partial<Record<AuthField, string>>;
  /** What was typed (never passwords or codes), so the form keeps it after a failed attempt. */
  values: Partial<Record<"email" | "givenName" | "familyName", string>>;
  challenge?: {
    name: ChallengeName;
    session: string;
    parameters: Record<string, string>;
    /** For MFA_SETUP: the new authenticator app's secret and its QR code. */
    setup?: { secretCode: string; qrDataUrl: string };
  };
};

export type AuthField = "email" | "password" | "givenName" | "familyName" | "code" | "answer";

export const idleState: AuthFormState = { status: "idle", message: "", fieldErrors: {}, values: {} };

/** Which field a message of the identity domain is about (undefined: the whole form). */
export function fieldForMessage(message: string, field?: "password" | "answer"): AuthField | undefined {
  if (/^(Username|Email)\b|valid email address/.test(message)) return "email";
  if (/^First name/.test(message)) return "givenName";
  if (/^Last name/.test(message)) return "familyName";
  if (message === messages.codeEmpty || message === messages.codeMismatch || message === messages.codeExpired) return field === "answer" ? "answer" : "code";
  if (message === messages.challengeResponseEmpty) return "answer";
  if (/^Password\b/.test(message)) return field ?? "password";
  return undefined;
}

/**
 * Turns a failure into the form's state: expected identity errors show their own message next to
 * the field they are about; anything else is logged and shown as "Network Error".
 */
export function failureState(error: unknown, values: AuthFormState["values"], options: { passwordField?: "password" | "answer" } = {}): AuthFormState {
  if (isIdentityError(error)) {
    if (error.code === "InvalidPasswordException") {
      return { status: "invalid", message: "", fieldErrors: { [options.passwordField ?? "password"]: error.message }, values };
    }
    // In a challenge step every code problem belongs to its one answer field.
    if (options.passwordField === "answer" && ["CodeMismatchException", "ExpiredCodeException", "EnableSoftwareTokenMFAException"].includes(error.code)) {
      return { status: "invalid", message: "", fieldErrors: { answer: error.message }, values };
    }
    const field = fieldForMessage(error.message, options.passwordField);
    if (field) return { status: "invalid", message: "", fieldErrors: { [field]: error.message }, values };
    return { status: "error", message: error.message, fieldErrors: {}, values };
  }
  logError("[auth] identity call failed", error);
  return { status: "error", message: messages.networkError, fieldErrors: {}, values };
}
