import type { Db } from "../db/open";

/**
 * The identity port: what the app does to a signed-in member's own account, whichever provider holds
 * it. Shaped like Cognito's user-pool calls for an access token (GetUser, UpdateUserAttributes,
 * AssociateSoftwareToken, ListDevices, GlobalSignOut, DeleteUser...). Two adapters: builtin/ (the
 * built-in issuer's database) and cognito/ (the user-pool API); lib/identity/index.ts picks one from
 * the configuration. Sign-up, confirmation and recovery are the account flows port (account-flows.ts);
 * sign-in is the provider's: Cognito's hosted pages, or the built-in issuer's pages over lib/identity/builtin.
 */
export type MfaMethod = "SOFTWARE_TOKEN_MFA" | "SMS_MFA";

/** Where a verification code went, masked as Cognito shows it. */
export type CodeDelivery = { deliveryMedium: "EMAIL" | "SMS"; destination: string };

export type VerifiableAttribute = "email" | "phone_number";

export type AuthenticatorStatus = { enabled: boolean; deviceLabel: string | null };

export type SecurityOverview = {
  email: string;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  mfa: { enabled: MfaMethod[]; preferred: MfaMethod | null };
  /**
   * Whether codes can be texted to the member (phone verification, SMS sign-in codes): false with the
   * built-in provider in production without a real SMS provider (SMS=sns); Cognito texts its own.
   */
  textCodes: boolean;
};

export type TrackedDevice = {
  deviceKey: string;
  name: string;
  /** Unix seconds. */
  createdAt: number;
  lastUsedAt: number | null;
  remembered: boolean;
};

export type DevicePage = { devices: TrackedDevice[]; paginationToken: string | null };

/** ListDevices' page size, as both adapters ask for it. */
export const DEVICE_PAGE_LIMIT = 60;

/** Who is asking: the account id (built-in) or the access token (Cognito), and the email they signed in with (the QR label). */
export type IdentityCaller = { accountId: string; email: string; accessToken?: string };

export interface IdentityPort {
  overview(): Promise<SecurityOverview>;
  /** Changes attributes; `sub` and every `*_verified` attribute are dropped. A new email or phone gets a code. */
  updateAttributes(attributes: Record<string, string>): Promise<CodeDelivery[]>;
  sendVerificationCode(attribute: VerifiableAttribute): Promise<CodeDelivery>;
  verifyAttribute(attribute: VerifiableAttribute, code: string): Promise<void>;
  /** Only the phone number can be removed (the email is the sign-in name). */
  deleteAttributes(names: string[]): Promise<void>;
  /** The same policy as sign-up; every session of the member ends (the caller signs this browser in again). */
  changePassword(previousPassword: string, proposedPassword: string): Promise<void>;
  /** Proves the member knows the password (before an account change: lib/identity/reauthentication.ts). */
  confirmPassword(password: string): Promise<void>;

  authenticatorStatus(): Promise<AuthenticatorStatus>;
  /** A new secret and the otpauth:// URI for its QR code; not active until verified. */
  startAuthenticatorSetup(): Promise<{ secretCode: string; otpauthUri: string }>;
  /** Verifies the app's first code; MFA by authenticator app is then on (and preferred). */
  finishAuthenticatorSetup(code: string): Promise<void>;
  disableAuthenticator(): Promise<void>;
  /** SMS MFA on or off (only with a verified phone) and the preferred method (null: choose at each sign-in). */
  setMfaPreference(input: { sms?: boolean; preferred?: MfaMethod | null }): Promise<void>;

  listDevices(paginationToken?: string): Promise<DevicePage>;
  forgetDevice(deviceKey: string): Promise<void>;
  updateDeviceStatus(deviceKey: string, remembered: boolean): Promise<void>;
  signOutEverywhere(): Promise<void>;

  /**
   * Where the accounts live. In the database (built-in): deleteUser runs inside the caller's
   * transaction, with the member's other rows. At Cognito: the caller deletes after its transaction
   * commits, so a failed call leaves the member able to sign in and try again.
   */
  readonly accountsInDatabase: boolean;
  deleteUser(tx?: Db): Promise<void>;
}
