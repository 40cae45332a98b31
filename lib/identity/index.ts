import "server-only";
import { getConfig } from "../config";
import { createBuiltinIdentity } from "./builtin/identity";
import { createCognitoIdentity } from "./cognito/identity";
import type { IdentityCaller, IdentityPort } from "./port";

// The app's way into identity: the port (port.ts) and the one place its adapter is chosen. The
// built-in issuer's own sign-up, sign-in and recovery steps are in ./builtin (index.ts there).
export { IdentityError, isIdentityError, messages, type IdentityErrorCode } from "./errors";
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
    });
  }
  return createBuiltinIdentity(caller);
}
