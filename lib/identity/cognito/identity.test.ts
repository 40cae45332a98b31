import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCognitoIdentity } from "./identity";

/**
 * The Cognito adapter against a recorded user-pool API: each test scripts Cognito's answers and
 * checks the exact requests (action, AccessToken, Limit 60, attribute filtering) and error mapping.
 */
type Sent = { action: string; body: Record<string, unknown> };
type Reply = { status?: number; body: unknown } | Error;

function fakeCognito(replies: Record<string, Reply | Reply[]>) {
  const sent: Sent[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    expect(headers["content-type"]).toBe("application/x-amz-json-1.1");
    const action = headers["x-amz-target"]!.replace("AWSCognitoIdentityProviderService.", "");
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ action, body });
    const scripted = replies[action];
    const reply = Array.isArray(scripted) ? scripted.shift() : scripted;
    if (!reply) return new Response(JSON.stringify({ __type: "UnknownOperationException" }), { status: 400 });
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

const caller = { accountId: "sub-1", email: "member@example.com", accessToken: "access-token-1" };
// Revocation points the adapter records (the database's part is in revocation.db.test.ts).
let cutoffs: string[] = [];
const options = (fetch: typeof globalThis.fetch) => ({
  region: "us-east-1",
  clientId: "client-1",
  fetch,
  recordSessionCutoff: async (memberId: string) => cutoffs.push(memberId),
});
const fail = (type: string, message: string) => ({ status: 400, body: { __type: type, message } });

describe("Cognito security centre", () => {
  it("reads attributes, verified flags and MFA settings with GetUser", async () => {
    const cognito = fakeCognito({
      GetUser: {
        body: {
          Username: "u1",
          UserAttributes: [
            { Name: "sub", Value: "sub-1" },
            { Name: "email", Value: "member@example.com" },
            { Name: "email_verified", Value: "true" },
            { Name: "phone_number", Value: "+14155550100" },
            { Name: "phone_number_verified", Value: "false" },
          ],
          UserMFASettingList: ["SMS_MFA"],
          PreferredMfaSetting: "SMS_MFA",
        },
      },
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    expect(await centre.overview()).toEqual({
      email: "member@example.com",
      emailVerified: true,
      phoneNumber: "+14155550100",
      phoneNumberVerified: false,
      mfa: { enabled: ["SMS_MFA"], preferred: "SMS_MFA" },
      // Cognito texts its own codes, whatever SMS says.
      textCodes: true,
    });
    expect(cognito.sent).toEqual([{ action: "GetUser", body: { AccessToken: "access-token-1" } }]);
  });

  it("UpdateUserAttributes never sends sub or a *_verified attribute, and returns the code deliveries", async () => {
    const cognito = fakeCognito({
      UpdateUserAttributes: {
        body: {
          CodeDeliveryDetailsList: [
            { AttributeName: "phone_number", DeliveryMedium: "SMS", Destination: "+*******0101" },
          ],
        },
      },
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    const deliveries = await centre.updateAttributes({
      phone_number: "+14155550101",
      phone_number_verified: "true",
      sub: "sub-2",
      email_verified: "true",
    });
    expect(deliveries).toEqual([{ deliveryMedium: "SMS", destination: "+*******0101" }]);
    expect(cognito.sent).toEqual([
      {
        action: "UpdateUserAttributes",
        body: { AccessToken: "access-token-1", UserAttributes: [{ Name: "phone_number", Value: "+14155550101" }] },
      },
    ]);
    // Only flags: nothing to send at all.
    expect(await centre.updateAttributes({ email_verified: "true" })).toEqual([]);
    expect(cognito.sent).toHaveLength(1);
  });

  it("asks for and checks attribute codes, and deletes only the phone number", async () => {
    const cognito = fakeCognito({
      GetUserAttributeVerificationCode: {
        body: {
          CodeDeliveryDetails: { DeliveryMedium: "EMAIL", Destination: "m***@e***.com", AttributeName: "email" },
        },
      },
      VerifyUserAttribute: [
        fail("CodeMismatchException", "Invalid verification code provided, please try again."),
        { body: {} },
      ],
      DeleteUserAttributes: { body: {} },
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    expect(await centre.sendVerificationCode("email")).toEqual({
      deliveryMedium: "EMAIL",
      destination: "m***@e***.com",
    });
    await expect(centre.verifyAttribute("email", "111111")).rejects.toMatchObject({
      code: "CodeMismatchException",
      status: 400,
    });
    await centre.verifyAttribute("email", " 222222 ");
    await centre.deleteAttributes(["phone_number", "phone_number_verified"]);
    await expect(centre.deleteAttributes(["email"])).rejects.toMatchObject({ code: "InvalidParameterException" });
    await expect(centre.verifyAttribute("sub" as never, "1")).rejects.toMatchObject({
      code: "InvalidParameterException",
    });
    expect(cognito.sent).toEqual([
      { action: "GetUserAttributeVerificationCode", body: { AccessToken: "access-token-1", AttributeName: "email" } },
      {
        action: "VerifyUserAttribute",
        body: { AccessToken: "access-token-1", AttributeName: "email", Code: "111111" },
      },
      {
        action: "VerifyUserAttribute",
        body: { AccessToken: "access-token-1", AttributeName: "email", Code: "222222" },
      },
      { action: "DeleteUserAttributes", body: { AccessToken: "access-token-1", UserAttributeNames: ["phone_number"] } },
    ]);
  });

  it("ListDevices asks for 60 with the pagination token; maps names, dates and remembered status", async () => {
    const cognito = fakeCognito({
      ListDevices: [
        {
          body: {
            Devices: [
              {
                DeviceKey: "us-east-1_aaaa",
                DeviceAttributes: [
                  { Name: "device_name", Value: "Chrome on Linux" },
                  { Name: "dev:device_remembered_status", Value: "remembered" },
                ],
                DeviceCreateDate: 1_700_000_000.5,
                DeviceLastAuthenticatedDate: 1_700_000_100.2,
              },
              {
                DeviceKey: "us-east-1_bbbb",
                DeviceAttributes: [{ Name: "dev:device_remembered_status", Value: "not_remembered" }],
                DeviceCreateDate: 1_700_000_000,
              },
            ],
            PaginationToken: "next-page",
          },
        },
        { body: { Devices: [] } },
      ],
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    const page = await centre.listDevices();
    expect(page).toEqual({
      devices: [
        {
          deviceKey: "us-east-1_aaaa",
          name: "Chrome on Linux",
          createdAt: 1_700_000_000,
          lastUsedAt: 1_700_000_100,
          remembered: true,
        },
        {
          deviceKey: "us-east-1_bbbb",
          name: "Unknown device",
          createdAt: 1_700_000_000,
          lastUsedAt: null,
          remembered: false,
        },
      ],
      paginationToken: "next-page",
    });
    expect(await centre.listDevices("next-page")).toEqual({ devices: [], paginationToken: null });
    expect(cognito.sent).toEqual([
      { action: "ListDevices", body: { AccessToken: "access-token-1", Limit: 60 } },
      { action: "ListDevices", body: { AccessToken: "access-token-1", Limit: 60, PaginationToken: "next-page" } },
    ]);
  });

  it("ForgetDevice and UpdateDeviceStatus; an InvalidParameterException means device tracking is off", async () => {
    const cognito = fakeCognito({
      ForgetDevice: [{ body: {} }, fail("InvalidParameterException", "Device tracking is not enabled")],
      UpdateDeviceStatus: [{ body: {} }, { body: {} }],
      ListDevices: fail("InvalidParameterException", "whatever Cognito says"),
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    await centre.forgetDevice("us-east-1_aaaa");
    await centre.updateDeviceStatus("us-east-1_aaaa", false);
    await centre.updateDeviceStatus("us-east-1_aaaa", true);
    await expect(centre.forgetDevice("us-east-1_aaaa")).rejects.toMatchObject({
      code: "InvalidParameterException",
      message: "Device tracking has not been configured in this User Pool",
    });
    await expect(centre.listDevices()).rejects.toThrow("Device tracking has not been configured in this User Pool");
    expect(cognito.sent.slice(0, 3)).toEqual([
      { action: "ForgetDevice", body: { AccessToken: "access-token-1", DeviceKey: "us-east-1_aaaa" } },
      {
        action: "UpdateDeviceStatus",
        body: { AccessToken: "access-token-1", DeviceKey: "us-east-1_aaaa", DeviceRememberedStatus: "not_remembered" },
      },
      {
        action: "UpdateDeviceStatus",
        body: { AccessToken: "access-token-1", DeviceKey: "us-east-1_aaaa", DeviceRememberedStatus: "remembered" },
      },
    ]);
  });

  it("SetUserMFAPreference turns SMS on as preferred, keeping the authenticator app on", async () => {
    const cognito = fakeCognito({
      GetUser: [
        {
          body: {
            Username: "u1",
            UserAttributes: [],
            UserMFASettingList: ["SOFTWARE_TOKEN_MFA"],
            PreferredMfaSetting: "SOFTWARE_TOKEN_MFA",
          },
        },
        { body: { Username: "u1", UserAttributes: [], UserMFASettingList: [] } },
      ],
      SetUserMFAPreference: { body: {} },
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    await centre.setMfaPreference({ sms: true, preferred: "SMS_MFA" });
    expect(cognito.sent[1]).toEqual({
      action: "SetUserMFAPreference",
      body: {
        AccessToken: "access-token-1",
        SMSMfaSettings: { Enabled: true, PreferredMfa: true },
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      },
    });
    await expect(centre.setMfaPreference({ preferred: "SOFTWARE_TOKEN_MFA" })).rejects.toThrow(
      "No valid MFA method provided",
    );
  });

  it("signs out everywhere with GlobalSignOut, then records the revocation point; a failed call records none", async () => {
    const cognito = fakeCognito({
      GlobalSignOut: [fail("NotAuthorizedException", "Access Token has been revoked"), { body: {} }],
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    cutoffs = [];
    await expect(centre.signOutEverywhere()).rejects.toMatchObject({ code: "NotAuthorizedException" });
    expect(cutoffs).toEqual([]);
    await centre.signOutEverywhere();
    expect(cognito.sent).toEqual([
      { action: "GlobalSignOut", body: { AccessToken: "access-token-1" } },
      { action: "GlobalSignOut", body: { AccessToken: "access-token-1" } },
    ]);
    expect(cutoffs).toEqual(["sub-1"]);
  });

  it("ChangePassword then GlobalSignOut; a wrong current password is NotAuthorizedException", async () => {
    const cognito = fakeCognito({
      ChangePassword: [fail("NotAuthorizedException", "Incorrect username or password."), { body: {} }],
      GlobalSignOut: { body: {} },
    });
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    cutoffs = [];
    await expect(centre.changePassword("Wrong-1!", "Brand-New-Pass-7")).rejects.toMatchObject({
      code: "NotAuthorizedException",
      status: 401,
    });
    expect(cutoffs).toEqual([]);
    await centre.changePassword("Sunny-Day-42", "Brand-New-Pass-7");
    expect(cognito.sent.map((s) => s.action)).toEqual(["ChangePassword", "ChangePassword", "GlobalSignOut"]);
    // Every session of the member issued before now is refused on its next request.
    expect(cutoffs).toEqual(["sub-1"]);
    expect(cognito.sent[1]!.body).toEqual({
      AccessToken: "access-token-1",
      PreviousPassword: "Sunny-Day-42",
      ProposedPassword: "Brand-New-Pass-7",
    });
  });

  it("checks the password with InitiateAuth (with SECRET_HASH for a client with a secret), then DeleteUser", async () => {
    const cognito = fakeCognito({
      GetUser: { body: { Username: "u1", UserAttributes: [] } },
      InitiateAuth: { body: { ChallengeName: "SMS_MFA", Session: "s" } },
      DeleteUser: { body: {} },
    });
    const centre = createCognitoIdentity(caller, { ...options(cognito.fetch), clientSecret: "shh" });
    await centre.confirmPassword("Sunny-Day-42");
    await centre.deleteUser();
    expect(cognito.sent[1]).toEqual({
      action: "InitiateAuth",
      body: {
        AuthFlow: "USER_PASSWORD_AUTH",
        ClientId: "client-1",
        AuthParameters: {
          USERNAME: "u1",
          PASSWORD: "Sunny-Day-42",
          SECRET_HASH: createHmac("sha256", "shh").update("u1client-1").digest("base64"),
        },
      },
    });
    expect(cognito.sent[2]).toEqual({ action: "DeleteUser", body: { AccessToken: "access-token-1" } });
  });

  it("without an access token nothing is sent; network failures are Network Error", async () => {
    const cognito = fakeCognito({ GetUser: new TypeError("fetch failed") });
    const anonymous = createCognitoIdentity({ accountId: "", email: "" }, options(cognito.fetch));
    await expect(anonymous.listDevices()).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "User is not authenticated",
    });
    expect(cognito.sent).toEqual([]);
    const centre = createCognitoIdentity(caller, options(cognito.fetch));
    await expect(centre.overview()).rejects.toMatchObject({
      code: "NetworkError",
      message: "Network Error",
      status: 502,
    });
  });
});
