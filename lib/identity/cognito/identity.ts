import { createHmac } from "node:crypto";
import { z } from "zod";
import { assertVerifiable, writableAttributes } from "../attributes";
import { IdentityError, isIdentityError } from "../errors";
import { messages } from "../../messages";
import { assertPasswordPolicy } from "../password";
import { DEVICE_PAGE_LIMIT, type CodeDelivery, type IdentityCaller, type IdentityPort, type MfaMethod } from "../port";
import { authenticatorStatusOf, TOTP_DEVICE_LABEL, totpUri } from "../totp";
import { recordSessionCutoff } from "../session-cutoffs";
import { callUserPool, type CognitoOptions } from "./user-pool";

/**
 * The identity port over Cognito's user-pool API, each call authorised by the member's access token
 * (ConfirmPassword is the exception: InitiateAuth with the app client, which is how Cognito checks a
 * password). Wire format as Cognito documents it; tests record the requests.
 */
export type CognitoIdentityOptions = CognitoOptions & {
  clientId: string;
  clientSecret?: string;
  /** Records the member's revocation point in the app (default: the database, lib/identity/session-cutoffs.ts). */
  recordSessionCutoff?: (memberId: string) => Promise<unknown>;
};

const attribute = z.object({ Name: z.string(), Value: z.string().optional() });
const getUserResponse = z.object({
  Username: z.string().optional(),
  UserAttributes: z.array(attribute).default([]),
  UserMFASettingList: z.array(z.string()).optional(),
  PreferredMfaSetting: z.string().optional(),
});

const codeDelivery = z.object({
  DeliveryMedium: z.string().optional(),
  Destination: z.string().optional(),
  AttributeName: z.string().optional(),
});
const toDelivery = (details: z.infer<typeof codeDelivery>): CodeDelivery => ({
  deliveryMedium: details.DeliveryMedium === "SMS" ? "SMS" : "EMAIL",
  destination: details.Destination ?? "",
});

const deviceResponse = z.object({
  DeviceKey: z.string(),
  DeviceAttributes: z.array(attribute).optional(),
  DeviceCreateDate: z.number().optional(),
  DeviceLastModifiedDate: z.number().optional(),
  DeviceLastAuthenticatedDate: z.number().optional(),
});

const MFA_METHODS: MfaMethod[] = ["SOFTWARE_TOKEN_MFA", "SMS_MFA"];

export function createCognitoIdentity(caller: IdentityCaller, options: CognitoIdentityOptions): IdentityPort {
  const token = () => {
    // The SDK's wording when there is no signed-in user to act for.
    if (!caller.accessToken) throw new IdentityError("NotAuthorizedException", messages.notAuthenticated);
    return caller.accessToken;
  };
  const call = <T>(action: string, body: Record<string, unknown>, schema: z.ZodType<T>) =>
    callUserPool(options, action, body, schema);

  // Device calls fail with InvalidParameterException when the pool does not track devices.
  const deviceCall = async <T>(action: string, body: Record<string, unknown>, schema: z.ZodType<T>) => {
    try {
      return await call(action, body, schema);
    } catch (error) {
      if (isIdentityError(error, "InvalidParameterException"))
        throw new IdentityError("InvalidParameterException", messages.deviceTrackingOff, { cause: error });
      throw error;
    }
  };

  /**
   * GlobalSignOut revokes the member's refresh tokens, but the app's sessions hold access tokens that
   * stay valid for up to an hour: the revocation point in the app's database ends them on their next
   * request, on every instance (lib/identity/index.ts isSessionCurrent).
   */
  async function endEverySession() {
    await call("GlobalSignOut", { AccessToken: token() }, z.object({}));
    await (options.recordSessionCutoff ?? ((memberId: string) => recordSessionCutoff(memberId)))(caller.accountId);
  }

  async function getUser() {
    return call("GetUser", { AccessToken: token() }, getUserResponse);
  }

  return {
    async overview() {
      const user = await getUser();
      const value = (name: string) => user.UserAttributes.find((a) => a.Name === name)?.Value;
      const enabled = MFA_METHODS.filter((method) => (user.UserMFASettingList ?? []).includes(method));
      const preferred = MFA_METHODS.find((method) => method === user.PreferredMfaSetting) ?? null;
      return {
        email: value("email") ?? caller.email,
        emailVerified: value("email_verified") === "true",
        phoneNumber: value("phone_number") ?? null,
        phoneNumberVerified: value("phone_number_verified") === "true",
        textCodes: true,
        mfa: { enabled, preferred },
      };
    },

    async updateAttributes(attributes) {
      const UserAttributes = writableAttributes(attributes);
      if (UserAttributes.length === 0) return [];
      const { CodeDeliveryDetailsList } = await call(
        "UpdateUserAttributes",
        { AccessToken: token(), UserAttributes },
        z.object({ CodeDeliveryDetailsList: z.array(codeDelivery).optional() }),
      );
      return (CodeDeliveryDetailsList ?? []).map(toDelivery);
    },

    async sendVerificationCode(name) {
      assertVerifiable(name);
      const { CodeDeliveryDetails } = await call(
        "GetUserAttributeVerificationCode",
        { AccessToken: token(), AttributeName: name },
        z.object({ CodeDeliveryDetails: codeDelivery.optional() }),
      );
      return toDelivery(CodeDeliveryDetails ?? { DeliveryMedium: name === "email" ? "EMAIL" : "SMS" });
    },

    async verifyAttribute(name, code) {
      assertVerifiable(name);
      const answer = code.trim();
      if (!answer) throw new IdentityError("InvalidParameterException", messages.codeEmpty);
      await call("VerifyUserAttribute", { AccessToken: token(), AttributeName: name, Code: answer }, z.object({}));
    },

    async deleteAttributes(names) {
      const UserAttributeNames = names.filter((name) => name !== "sub" && !name.includes("_verified"));
      if (UserAttributeNames.length === 0) return;
      if (UserAttributeNames.some((name) => name !== "phone_number"))
        throw new IdentityError("InvalidParameterException", "Only the phone number can be removed");
      await call("DeleteUserAttributes", { AccessToken: token(), UserAttributeNames }, z.object({}));
    },

    async changePassword(previousPassword, proposedPassword) {
      if (!previousPassword) throw new IdentityError("InvalidParameterException", messages.passwordEmpty);
      // The pool enforces its character classes; how guessable the password is, only the app checks.
      assertPasswordPolicy(proposedPassword, [caller.email]);
      await call(
        "ChangePassword",
        { AccessToken: token(), PreviousPassword: previousPassword, ProposedPassword: proposedPassword },
        z.object({}),
      );
      // ChangePassword leaves other sessions alive in Cognito: end them all (this browser signs in again).
      await endEverySession();
    },

    async setMfaPreference(input) {
      const user = await getUser();
      const enabled = new Set(user.UserMFASettingList ?? []);
      if (input.sms !== undefined) {
        if (input.sms) enabled.add("SMS_MFA");
        else enabled.delete("SMS_MFA");
      }
      if (input.preferred && !enabled.has(input.preferred))
        throw new IdentityError("InvalidParameterException", messages.noValidMfa);
      const preferred = input.preferred !== undefined ? input.preferred : (user.PreferredMfaSetting ?? null);
      const body: Record<string, unknown> = { AccessToken: token() };
      body.SMSMfaSettings = {
        Enabled: enabled.has("SMS_MFA"),
        PreferredMfa: enabled.has("SMS_MFA") && preferred === "SMS_MFA",
      };
      if (enabled.has("SOFTWARE_TOKEN_MFA")) {
        body.SoftwareTokenMfaSettings = { Enabled: true, PreferredMfa: preferred === "SOFTWARE_TOKEN_MFA" };
      }
      await call("SetUserMFAPreference", body, z.object({}));
    },

    async authenticatorStatus() {
      return authenticatorStatusOf((await getUser()).UserMFASettingList ?? []);
    },

    async startAuthenticatorSetup() {
      const { SecretCode } = await call(
        "AssociateSoftwareToken",
        { AccessToken: token() },
        z.object({ SecretCode: z.string().regex(/^[A-Z2-7]+=*$/) }),
      );
      return { secretCode: SecretCode, otpauthUri: totpUri(SecretCode, caller.email) };
    },

    async finishAuthenticatorSetup(code) {
      const { Status } = await call(
        "VerifySoftwareToken",
        { AccessToken: token(), UserCode: code.trim(), FriendlyDeviceName: TOTP_DEVICE_LABEL },
        z.object({ Status: z.enum(["SUCCESS", "ERROR"]) }),
      );
      if (Status !== "SUCCESS")
        throw new IdentityError("EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");
      await call(
        "SetUserMFAPreference",
        { AccessToken: token(), SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
        z.object({}),
      );
    },

    async disableAuthenticator() {
      await call(
        "SetUserMFAPreference",
        { AccessToken: token(), SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } },
        z.object({}),
      );
    },

    async signOutEverywhere() {
      await endEverySession();
    },

    async listDevices(paginationToken) {
      const body: Record<string, unknown> = { AccessToken: token(), Limit: DEVICE_PAGE_LIMIT };
      if (paginationToken) body.PaginationToken = paginationToken;
      const result = await deviceCall(
        "ListDevices",
        body,
        z.object({ Devices: z.array(deviceResponse).default([]), PaginationToken: z.string().optional() }),
      );
      return {
        devices: result.Devices.map((device) => {
          const value = (name: string) => device.DeviceAttributes?.find((a) => a.Name === name)?.Value;
          return {
            deviceKey: device.DeviceKey,
            name: value("device_name") ?? "Unknown device",
            createdAt: Math.floor(device.DeviceCreateDate ?? 0),
            lastUsedAt: device.DeviceLastAuthenticatedDate ? Math.floor(device.DeviceLastAuthenticatedDate) : null,
            remembered: value("dev:device_remembered_status") === "remembered",
          };
        }),
        paginationToken: result.PaginationToken ?? null,
      };
    },

    async forgetDevice(deviceKey) {
      await deviceCall("ForgetDevice", { AccessToken: token(), DeviceKey: deviceKey }, z.object({}));
    },

    async updateDeviceStatus(deviceKey, remembered) {
      await deviceCall(
        "UpdateDeviceStatus",
        {
          AccessToken: token(),
          DeviceKey: deviceKey,
          DeviceRememberedStatus: remembered ? "remembered" : "not_remembered",
        },
        z.object({}),
      );
    },

    async confirmPassword(password) {
      if (!password) throw new IdentityError("InvalidParameterException", messages.passwordEmpty);
      const user = await getUser();
      const username = user.Username ?? caller.email;
      const AuthParameters: Record<string, string> = { USERNAME: username, PASSWORD: password };
      if (options.clientSecret) {
        AuthParameters.SECRET_HASH = createHmac("sha256", options.clientSecret)
          .update(username + options.clientId)
          .digest("base64");
      }
      // A right password answers tokens or an MFA challenge; a wrong one NotAuthorizedException.
      try {
        await call(
          "InitiateAuth",
          { AuthFlow: "USER_PASSWORD_AUTH", ClientId: options.clientId, AuthParameters },
          z.object({}).passthrough(),
        );
      } catch (error) {
        // A wrong password is a wrong password, whichever way the pool words it (cognito-local says InvalidPasswordException).
        if (isIdentityError(error, "InvalidPasswordException"))
          throw new IdentityError("NotAuthorizedException", messages.wrongCredentials, { cause: error });
        throw error;
      }
    },

    // DeleteUser is a call to the pool: made after the caller's transaction commits.
    accountsInDatabase: false,

    async deleteUser() {
      await call("DeleteUser", { AccessToken: token() }, z.object({}));
    },
  };
}
