// The built-in identity provider's account domain (used when no Cognito pool is configured).
export { IdentityError, isIdentityError, messages, type IdentityErrorCode } from "./errors";
export type { IdentityContext } from "./context";
export {
  signUp,
  confirmSignUp,
  resendConfirmationCode,
  forgotPassword,
  confirmForgotPassword,
  changePassword,
  signOutEverywhere,
  isSessionCurrent,
  createAccountForSomeone,
  setAccountEnabled,
  findAccountById,
  type Account,
  type CodeDelivery,
} from "./accounts";
export { signIn, respondToChallenge, abandonSignIn, associateSoftwareTokenForChallenge, confirmSignUpAndSignIn, type SignInResult, type ChallengeName } from "./sign-in";
export {
  getMfaSettings,
  associateSoftwareToken,
  verifySoftwareToken,
  disableSoftwareToken,
  setMfaPreference,
  setPhoneNumber,
  verifyPhoneNumber,
  type MfaMethod,
} from "./mfa";
export { passwordPolicyFailures } from "./password";
export { TOTP_DEVICE_LABEL } from "./totp";
export { DEVICE_LIFETIME_MS } from "./devices";
export {
  accountSecurityFor,
  createLocalAccountSecurity,
  type AccountSecurity,
  type AuthenticatorStatus,
  type SecurityCaller,
} from "./account-security";
export { createCognitoAccountSecurity } from "./cognito/user-pool";
export {
  securityCentreFor,
  createLocalSecurityCentre,
  writableAttributes,
  type SecurityCentre,
  type SecurityCentreCaller,
  type SecurityOverview,
  type VerifiableAttribute,
  type DevicePage,
  type TrackedDevice,
} from "./security-centre";
export { deviceNameFromUserAgent, DEVICE_PAGE_LIMIT } from "./devices";
export { createOidcAdapter, revokeIssuerSessionsOf, type OidcAdapter } from "./oidc/adapter";
export { getIssuerJwks, getIssuerCookieKeys, publicJwks } from "./oidc/keys";
export { findAccountClaims, type AccountClaims } from "./oidc/claims";
