import "server-only";
import { getConfig } from "../config";
import { createCognitoAccountSecurity } from "./cognito/user-pool";
import type { IdentityContext } from "./context";
import { signOutEverywhere } from "./accounts";
import { associateSoftwareToken, disableSoftwareToken, getMfaSettings, verifySoftwareToken } from "./mfa";
import { TOTP_DEVICE_LABEL } from "./totp";

/**
 * The account-security port behind /my-account: authenticator-app MFA and "sign out everywhere", for
 * the member making the request. Two adapters: Cognito's user-pool API (called with the member's
 * access token) and the built-in issuer's database.
 */
export type AuthenticatorStatus = { enabled: boolean; deviceLabel: string | null };

export interface AccountSecurity {
  authenticatorStatus(): Promise<AuthenticatorStatus>;
  /** A new secret and the otpauth:// URI for its QR code; not active until verified. */
  startAuthenticatorSetup(): Promise<{ secretCode: string; otpauthUri: string }>;
  /** Verifies the app's first code; MFA by authenticator app is then on (and preferred). */
  finishAuthenticatorSetup(code: string): Promise<void>;
  disableAuthenticator(): Promise<void>;
  signOutEverywhere(): Promise<void>;
}

/** Who is asking: the account id (built-in issuer) or access token (Cognito), and the email for the QR label. */
export type SecurityCaller = { accountId: string; email: string; accessToken?: string };

export function createLocalAccountSecurity(caller: SecurityCaller, context?: IdentityContext): AccountSecurity {
  return {
    async authenticatorStatus() {
      const settings = await getMfaSettings(caller.accountId, context);
      const enabled = settings.enabled.includes("SOFTWARE_TOKEN_MFA");
      return { enabled, deviceLabel: enabled ? TOTP_DEVICE_LABEL : null };
    },
    async startAuthenticatorSetup() {
      const { secretCode, otpauthUri } = await associateSoftwareToken(caller.accountId, context);
      return { secretCode, otpauthUri };
    },
    async finishAuthenticatorSetup(code) {
      await verifySoftwareToken(caller.accountId, { code }, context);
    },
    async disableAuthenticator() {
      await disableSoftwareToken(caller.accountId, context);
    },
    async signOutEverywhere() {
      await signOutEverywhere(caller.accountId, context);
    },
  };
}

/** The adapter for the configured identity provider. */
export function accountSecurityFor(caller: SecurityCaller): AccountSecurity {
  const identity = getConfig().identity;
  if (identity.kind === "cognito") return createCognitoAccountSecurity(caller, { region: identity.region });
  return createLocalAccountSecurity(caller);
}
