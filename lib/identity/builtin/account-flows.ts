import "server-only";
import type { AccountFlows, FlowCaller } from "../account-flows";
import { confirmForgotPassword, forgotPassword, resendConfirmationCode, signUp } from "./accounts";
import type { IdentityContext } from "./context";
import { confirmSignUpAndSignIn } from "./sign-in";

/** The account flows over the built-in issuer's accounts (in the database). */
export function createBuiltinAccountFlows(caller: FlowCaller, context: IdentityContext = {}): AccountFlows {
  const withCaller: IdentityContext = { ...context, clientAddress: caller.clientAddress };
  return {
    provider: "builtin",
    async signUp(input) {
      const { codeDelivery, autoSignInSession } = await signUp(input, withCaller);
      return { codeDelivery, autoSignInSession };
    },
    async confirmSignUp(input) {
      const { signIn } = await confirmSignUpAndSignIn(input, withCaller);
      // Confirmed in another browser or after the hour: the member signs in with their password.
      return signIn ? { next: "signed-in", signIn } : { next: "sign-in" };
    },
    resendConfirmationCode: (input) => resendConfirmationCode(input, withCaller),
    forgotPassword: (input) => forgotPassword(input, withCaller),
    async confirmForgotPassword(input) {
      await confirmForgotPassword(input, withCaller);
    },
  };
}
