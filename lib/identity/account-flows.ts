import type { SignInResult } from "./builtin/sign-in";
import type { CodeDelivery } from "./port";

/**
 * The account flows port: what a visitor does before they can sign in, whichever provider holds the
 * accounts. Shaped like Cognito's public user-pool calls (SignUp, ConfirmSignUp,
 * ResendConfirmationCode, ForgotPassword, ConfirmForgotPassword). Two adapters: builtin/account-flows.ts
 * (the built-in issuer's database) and cognito/account-flows.ts (the user pool); lib/identity/index.ts
 * picks one from the configuration, and the sign-up and recovery pages' actions call nothing else.
 *
 * Both answer with the same messages and count against the same limits (lib/identity/outsider-limits.ts),
 * and neither tells an outsider whether an account exists: signing up with a taken email, resending a
 * code or asking for a reset for an unknown one answers like any other.
 */

/** Who is asking: the client's address counts against the per-address limits. */
export type FlowCaller = { clientAddress?: string };

export type SignUpInput = { email: string; password: string; givenName: string; familyName: string };

export type SignUpOutcome = {
  codeDelivery: CodeDelivery;
  /** Built-in only: kept in the signing-up browser (an HttpOnly cookie) so confirming there signs in. */
  autoSignInSession?: string;
};

/**
 * After a confirmed sign-up: "signed-in", the signing-up browser continues at once (built-in, within
 * the hour; the result may still ask for an MFA step); "sign-in", the member signs in with their
 * password on our form; "hosted-sign-in", the member continues through the provider's hosted sign-in
 * (Cognito), which brings them back where they were going.
 */
export type ConfirmOutcome =
  { next: "signed-in"; signIn: SignInResult } | { next: "sign-in" } | { next: "hosted-sign-in" };

export interface AccountFlows {
  /** Which provider answers (for logs and tests; the pages behave the same). */
  readonly provider: "builtin" | "cognito";
  signUp(input: SignUpInput): Promise<SignUpOutcome>;
  confirmSignUp(input: { email: string; code: string; autoSignInSession?: string }): Promise<ConfirmOutcome>;
  resendConfirmationCode(input: { email: string }): Promise<{ codeDelivery: CodeDelivery }>;
  forgotPassword(input: { email: string }): Promise<{ codeDelivery: CodeDelivery }>;
  /** Sets the new password with the emailed code; every session of the account ends. */
  confirmForgotPassword(input: { email: string; code: string; password: string }): Promise<void>;
}
