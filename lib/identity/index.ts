import "server-only";
import { getConfig } from "../config";
import type { AccountFlows, FlowCaller } from "./account-flows";
import { createBuiltinAccountFlows } from "./builtin/account-flows";
import { createBuiltinChildAccounts } from "./builtin/child-accounts";
import type { ChildAccounts } from "./child-accounts";
import { isSessionCurrent as isBuiltinSessionCurrent } from "./builtin/accounts";
import { createBuiltinIdentity } from "./builtin/identity";
import { createCognitoAccountFlows } from "./cognito/account-flows";
import { createCognitoChildAccounts } from "./cognito/child-accounts";
import { createCognitoIdentity } from "./cognito/identity";
import type { IdentityCaller, IdentityPort } from "./port";
import { isAfterSessionCutoff } from "./session-cutoffs";

// The app's way into identity: the ports (port.ts for a signed-in member's own account,
// account-flows.ts for sign-up and recovery) and the one place their adapters are chosen. The
// built-in issuer's own sign-in steps are in ./builtin (index.ts there).
export { IdentityError, isIdentityError, type IdentityErrorCode } from "./errors";
export {
  ONE_TIME_CODE_LIFETIME_MS,
  type ChildAccountRef,
  type ChildAccounts,
  type ChildCredential,
} from "./child-accounts";
export type { AccountFlows, ConfirmOutcome, FlowCaller, SignUpOutcome } from "./account-flows";
export type {
  AuthenticatorStatus,
  CodeDelivery,
  DevicePage,
  IdentityCaller,
  IdentityPort,
  MfaMethod,
  SecurityOverview,
  TrackedDevice,
  VerifiableAttribute,
} from "./port";

/** The identity port for a member, on the provider the configuration names. */
export function identityFor(caller: IdentityCaller): IdentityPort {
  const identity = getConfig().identity;
  if (identity.kind === "cognito") {
    return createCognitoIdentity(caller, {
      region: identity.region,
      clientId: identity.clientId,
      clientSecret: identity.clientSecret,
      ...("endpoint" in identity ? { endpoint: identity.endpoint } : {}),
    });
  }
  return createBuiltinIdentity(caller);
}

/** Sign-up, confirmation and password recovery, on the provider the configuration names. */
export function accountFlowsFor(caller: FlowCaller): AccountFlows {
  const identity = getConfig().identity;
  if (identity.kind === "cognito") {
    return createCognitoAccountFlows(caller, {
      region: identity.region,
      clientId: identity.clientId,
      clientSecret: identity.clientSecret,
    });
  }
  return createBuiltinAccountFlows(caller);
}

/**
 * Whether a session of `accountId` that began at `issuedAt` still stands (checked on every request):
 * nothing revoked the member's sessions since (sign out everywhere, a password change or reset) and,
 * on the built-in provider, the account exists and may sign in.
 */
export function isSessionCurrent(accountId: string, issuedAt: Date): Promise<boolean> {
  return getConfig().identity.kind === "cognito"
    ? isAfterSessionCutoff(accountId, issuedAt)
    : isBuiltinSessionCurrent(accountId, issuedAt);
}

/** The accounts guardians make for children, on the provider the configuration names. */
export function childAccounts(): ChildAccounts {
  const identity = getConfig().identity;
  if (identity.kind === "cognito") {
    return createCognitoChildAccounts({ region: identity.region, userPoolId: identity.userPoolId });
  }
  return createBuiltinChildAccounts();
}
