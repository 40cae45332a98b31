import { z } from "zod";
import type { AccountSecurity, SecurityCaller } from "../account-security";
import { IdentityError, messages, type IdentityErrorCode } from "../errors";
import { TOTP_DEVICE_LABEL, totpUri } from "../totp";

/**
 * The account-security port over Cognito's user-pool API, authorised by the member's own access token
 * (these calls need no AWS credentials, hence no SDK: a JSON POST per call). `endpoint` points tests
 * (or cognito-local) elsewhere.
 */
export type CognitoOptions = { region: string; endpoint?: string; fetch?: typeof fetch; timeoutMs?: number };

const knownCodes = new Set<IdentityErrorCode>([
  "InvalidParameterException",
  "InvalidPasswordException",
  "UserNotFoundException",
  "UserNotConfirmedException",
  "NotAuthorizedException",
  "PasswordResetRequiredException",
  "CodeMismatchException",
  "ExpiredCodeException",
  "EnableSoftwareTokenMFAException",
  "LimitExceededException",
  "TooManyFailedAttemptsException",
  "ResourceNotFoundException",
  "AliasExistsException",
  "UsernameExistsException",
]);

const errorBody = z.object({ __type: z.string().optional(), message: z.string().optional(), Message: z.string().optional() });

export async function callUserPool<T>(
  options: CognitoOptions,
  action: string,
  body: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  const endpoint = options.endpoint ?? `https://cognito-idp.${options.region}.amazonaws.com/`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch (error) {
    throw new IdentityError("NetworkError", messages.networkError, { cause: error });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBody.safeParse(json);
    // Cognito's __type may carry a namespace prefix ("...#NotAuthorizedException").
    const type = parsed.success ? parsed.data.__type?.split("#").pop() : undefined;
    const message = (parsed.success && (parsed.data.message ?? parsed.data.Message)) || `${action} failed`;
    if (type && knownCodes.has(type as IdentityErrorCode)) throw new IdentityError(type as IdentityErrorCode, message);
    throw new IdentityError(response.status >= 500 ? "NetworkError" : "InternalErrorException", response.status >= 500 ? messages.networkError : message);
  }
  const parsed = schema.safeParse(json ?? {});
  if (!parsed.success) throw new IdentityError("NetworkError", messages.networkError, { cause: parsed.error });
  return parsed.data;
}

const getUserResponse = z.object({
  UserMFASettingList: z.array(z.string()).optional(),
  PreferredMfaSetting: z.string().optional(),
});

export function createCognitoAccountSecurity(caller: SecurityCaller, options: CognitoOptions): AccountSecurity {
  const token = () => {
    if (!caller.accessToken) throw new IdentityError("NotAuthorizedException", "Access Token has not been provided.");
    return caller.accessToken;
  };
  return {
    async authenticatorStatus() {
      const user = await callUserPool(options, "GetUser", { AccessToken: token() }, getUserResponse);
      const enabled = (user.UserMFASettingList ?? []).includes("SOFTWARE_TOKEN_MFA");
      return { enabled, deviceLabel: enabled ? TOTP_DEVICE_LABEL : null };
    },
    async startAuthenticatorSetup() {
      const { SecretCode } = await callUserPool(
        options,
        "AssociateSoftwareToken",
        { AccessToken: token() },
        z.object({ SecretCode: z.string().regex(/^[A-Z2-7]+=*$/) }),
      );
      return { secretCode: SecretCode, otpauthUri: totpUri(SecretCode, caller.email) };
    },
    async finishAuthenticatorSetup(code) {
      const { Status } = await callUserPool(
        options,
        "VerifySoftwareToken",
        { AccessToken: token(), UserCode: code.trim(), FriendlyDeviceName: TOTP_DEVICE_LABEL },
        z.object({ Status: z.enum(["SUCCESS", "ERROR"]) }),
      );
      if (Status !== "SUCCESS") throw new IdentityError("EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");
      await callUserPool(
        options,
        "SetUserMFAPreference",
        { AccessToken: token(), SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
        z.object({}),
      );
    },
    async disableAuthenticator() {
      await callUserPool(
        options,
        "SetUserMFAPreference",
        { AccessToken: token(), SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } },
        z.object({}),
      );
    },
    async signOutEverywhere() {
      await callUserPool(options, "GlobalSignOut", { AccessToken: token() }, z.object({}));
    },
  };
}
