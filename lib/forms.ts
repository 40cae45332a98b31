// Only the error modules: this file is shared with client components.
import { isDomainError } from "./errors";
import { messages } from "./identity/errors";
import { logError } from "./log";

/** What a form's server action answers with, for useActionState (members' forms: lib/account/member-action.ts). */
export type FormState = {
  status: "idle" | "ok" | "error" | "redirect";
  message: string;
  /** A message per field name, shown next to that field. */
  fieldErrors: Record<string, string>;
  /** For "redirect": where the browser goes next, as a full page load. */
  redirectTo?: string;
  /** "post": redirectTo acts on a form post only (sign-out), so the browser posts to it. */
  redirectMethod?: "post";
};

/** Ends with this browser signed out: a form post to sign-out (which refuses a GET). */
export const signOutNext = (message: string): FormState => ({ status: "redirect", message, fieldErrors: {}, redirectTo: "/auth/sign-out", redirectMethod: "post" });

export const idleForm: FormState = { status: "idle", message: "", fieldErrors: {} };

export const done = (message: string): FormState => ({ status: "ok", message, fieldErrors: {} });

/**
 * Expected failures (a domain's error, but not a provider outage) show their own message, next to the
 * field the error names (or `field`, the form's one field, when given); anything else is logged and
 * shown as "Network Error" (the product's wording for a failure the member cannot fix).
 */
export function failedForm(error: unknown, field?: string): FormState {
  if (isDomainError(error) && (error.status < 500 || error.name === "IdentityError")) {
    const about = error.field || field;
    if (about) return { status: "error", message: "", fieldErrors: { [about]: error.message } };
    return { status: "error", message: error.message, fieldErrors: {} };
  }
  logError("[account] action failed", error);
  return { status: "error", message: messages.networkError, fieldErrors: {} };
}
