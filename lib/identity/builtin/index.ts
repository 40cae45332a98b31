// The built-in issuer's account steps for its own pages (app/(auth)) and Auth.js's session check.
// Members' own account changes go through the port (lib/identity/index.ts), not through here.
export type { IdentityContext } from "./context";
export {
  signUp,
  resendConfirmationCode,
  forgotPassword,
  confirmForgotPassword,
  isSessionCurrent,
  AUTO_SIGN_IN_LIFETIME_MS,
} from "./accounts";
export {
  signIn,
  respondToChallenge,
  abandonSignIn,
  associateSoftwareTokenForChallenge,
  confirmSignUpAndSignIn,
  CHALLENGE_LIFETIME_MS,
  type SignInResult,
  type ChallengeName,
} from "./sign-in";
export { deviceNameFromUserAgent } from "./devices";
