// Only the error modules: this file is shared with client components.
import { isIdentityError, messages } from "../identity/errors";
import { isInvitationError } from "../invitations/errors";
import { logError } from "../log";

/** What the account page's forms (security centre, Safe Circle) answer with, for useActionState. */
export type AccountFormState = {
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
export const signOutNext = (message: string): AccountFormState => ({ status: "redirect", message, fieldErrors: {}, redirectTo: "/auth/sign-out", redirectMethod: "post" });

export const idleAccountForm: AccountFormState = { status: "idle", message: "", fieldErrors: {} };

export const done = (message: string): AccountFormState => ({ status: "ok", message, fieldErrors: {} });

/**
 * Expected failures show their own message, next to `field` when given; anything else is logged and
 * shown as "Network Error" (the product's wording for a failure the member cannot fix).
 */
export function accountFailure(error: unknown, field?: string): AccountFormState {
  if (isIdentityError(error) || isInvitationError(error)) {
    const about = (isIdentityError(error) && error.field) || field;
    if (about) return { status: "error", message: "", fieldErrors: { [about]: error.message } };
    return { status: "error", message: error.message, fieldErrors: {} };
  }
  logError("[account] action failed", error);
  return { status: "error", message: messages.networkError, fieldErrors: {} };
}
