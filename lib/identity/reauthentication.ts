import { getConfig } from "../config";
import { IdentityError, isIdentityError } from "./errors";
import { messages } from "../messages";
import type { IdentityPort } from "./port";

/** The form field every guarded account change reads the current password from. */
export const CURRENT_PASSWORD_FIELD = "currentPassword";

export type Reauthentication = {
  /** What the member typed as their current password ("" when they left it empty). */
  password: string;
  /** When they last signed in at the identity provider (the session's authenticatedAtMs), if known. */
  authenticatedAtMs?: number;
};

export type ReauthenticationOptions = { now?: number; windowSeconds?: number };

/**
 * Proves the member is at the keyboard before an account change (email, phone, sign-in verification,
 * data download, deletion): their current password, checked by the identity provider behind its
 * brute-force guard, or else a sign-in within the last REAUTH_WINDOW_SECONDS (5 minutes unless set).
 * A session alone, older than that, is not enough: a stolen cookie or a browser left signed in
 * cannot take the account over. A wrong password is refused even within the window.
 */
export async function reauthenticate(
  security: Pick<IdentityPort, "confirmPassword">,
  proof: Reauthentication,
  /** What the change is, as the message ends: "to change your email address". */
  purpose: string,
  options: ReauthenticationOptions = {},
): Promise<"password" | "recent-sign-in"> {
  if (proof.password) {
    try {
      await security.confirmPassword(proof.password);
      return "password";
    } catch (error) {
      if (!isIdentityError(error)) throw error;
      // The identity provider's wording is about a sign-in ("Incorrect username or password."): name this field.
      const message = error.message.startsWith(messages.wrongCredentials)
        ? `Current password is incorrect.${error.message.slice(messages.wrongCredentials.length)}`
        : error.message;
      throw new IdentityError(error.code, message, {
        retryAfterSeconds: error.retryAfterSeconds,
        cause: error,
        field: CURRENT_PASSWORD_FIELD,
      });
    }
  }
  const now = options.now ?? Date.now();
  const windowMs = (options.windowSeconds ?? getConfig().auth.reauthWindowSeconds) * 1000;
  const signedIn = proof.authenticatedAtMs;
  if (signedIn !== undefined && signedIn <= now && now - signedIn < windowMs) return "recent-sign-in";
  throw new IdentityError("ReauthenticationRequired", `Enter your current password ${purpose}.`, {
    field: CURRENT_PASSWORD_FIELD,
  });
}

/** The current-password fields' hint on the account page. */
export function currentPasswordHint(windowSeconds = getConfig().auth.reauthWindowSeconds): string {
  if (windowSeconds === 0) return "To confirm it is you.";
  const span =
    windowSeconds % 60 === 0
      ? `${windowSeconds / 60} minute${windowSeconds === 60 ? "" : "s"}`
      : `${windowSeconds} seconds`;
  return `To confirm it is you. You can leave it empty within ${span} of signing in.`;
}
