/**
 * The product's fixed wording that more than one layer shows: the identity domain throws with it, the
 * forms and the API answer with it. Kernel: imports nothing of ours.
 */
/** The product's fixed messages (the pages and the API show exactly these). */
export const messages = {
  usernameEmpty: "Username cannot be empty",
  passwordEmpty: "Password cannot be empty",
  codeEmpty: "Confirmation code cannot be empty",
  challengeResponseEmpty: "Challenge response cannot be empty",
  emailEmpty: "Email cannot be empty",
  phoneEmpty: "Phone number cannot be empty",
  textsUnavailable:
    "Text messages are not available on this site yet, so a phone number cannot be verified or get sign-in codes",
  noValidMfa: "No valid MFA method provided",
  invalidMfaType: "Invalid MFA type",
  useCredentials: "Please use your credentials to sign in",
  createAccountFailed: "Error creating account",
  networkError: "Network Error",
  // Cognito's wording for the same situations.
  wrongCredentials: "Incorrect username or password.",
  notConfirmed: "User is not confirmed.",
  disabled: "User is disabled.",
  codeMismatch: "Invalid verification code provided, please try again.",
  codeExpired: "Invalid code provided, please request a code again.",
  sessionExpired: "Invalid session for the user, session is expired.",
  emailExists: "An account with the given email already exists.",
  tempPasswordExpired: "Temporary password has expired and must be reset by an administrator.",
  // The security centre's (the identity provider SDK's wording).
  notAuthenticated: "User is not authenticated",
  noCurrentUser: "No current user",
  emptyUser: "Failed to get the session because the user is empty",
  deviceTrackingOff: "Device tracking has not been configured in this User Pool",
} as const;
