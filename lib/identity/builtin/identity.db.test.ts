import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/open";
import { identityAccounts, identityDevices } from "../../db/schema/identity";
import { confirmSignUp, findAccountById, isSessionCurrent } from "./accounts";
import { associateSoftwareToken, verifySoftwareToken } from "./mfa";
import { useMemberTestDatabase } from "./testing";
import { writableAttributes } from "../attributes";
import { createBuiltinIdentity } from "./identity";
import { respondToChallenge, signIn } from "./sign-in";
import { deviceNameFromUserAgent } from "./devices";
import { lastCodeSentTo, messagesSentTo } from "./test-helpers";

let db: Db;
const context = { mfa: "optional" as const };

useMemberTestDatabase((opened) => (db = opened));

const password = "Sunny-Day-42";
let count = 0;

async function newMember() {
  count += 1;
  const email = `centre${count}@example.com`;
  const { accountId } = await signUpNew({ email, password, givenName: "Sam", familyName: "Centre" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
  return { accountId, email, centre: createBuiltinIdentity({ accountId, email }, context) };
}

async function withVerifiedPhone(phone: string) {
  const member = await newMember();
  await member.centre.updateAttributes({ phone_number: phone });
  await member.centre.verifyAttribute("phone_number", await lastCodeSentTo(db, phone));
  return member;
}

describe("attributes", () => {
  it("never writes sub or a *_verified attribute, and refuses attributes that are not the member's to change", () => {
    expect(
      writableAttributes({ sub: "x", email_verified: "true", phone_number_verified: "true", email: "a@b.co" }),
    ).toEqual([{ Name: "email", Value: "a@b.co" }]);
    expect(() => writableAttributes({ "custom:role": "admin" })).toThrow("custom:role cannot be changed here");
  });

  it("a forged email_verified does not verify a new email; the emailed code does", async () => {
    const { centre, accountId } = await newMember();
    const deliveries = await centre.updateAttributes({
      email: "new.centre@example.com",
      email_verified: "true",
      sub: "someone-else",
    });
    expect(deliveries).toEqual([{ deliveryMedium: "EMAIL", destination: "n***@e***.com" }]);
    let overview = await centre.overview();
    expect(overview).toMatchObject({ email: "new.centre@example.com", emailVerified: false });
    expect((await findAccountById(db, accountId))!.id).toBe(accountId);
    await expect(centre.verifyAttribute("email", "000000")).rejects.toMatchObject({ code: "CodeMismatchException" });
    await centre.verifyAttribute("email", await lastCodeSentTo(db, "new.centre@example.com"));
    overview = await centre.overview();
    expect(overview.emailVerified).toBe(true);
    // The new address is the sign-in name now.
    await expect(signIn({ email: "new.centre@example.com", password }, context)).resolves.toMatchObject({
      signedIn: true,
    });
  });

  it("refuses an email another account uses", async () => {
    const first = await newMember();
    const second = await newMember();
    await expect(second.centre.updateAttributes({ email: first.email.toUpperCase() })).rejects.toMatchObject({
      code: "AliasExistsException",
      status: 409,
    });
  });

  it("adds, verifies (with a resend) and removes a phone number; codes go through the outbox's SMS channel", async () => {
    const { centre } = await newMember();
    await expect(centre.updateAttributes({ phone_number: "0123" })).rejects.toMatchObject({
      code: "InvalidParameterException",
    });
    const [delivery] = await centre.updateAttributes({ phone_number: "+1 415 555 0101" });
    expect(delivery).toEqual({ deliveryMedium: "SMS", destination: "+*******0101" });
    const first = await lastCodeSentTo(db, "+14155550101");
    await centre.sendVerificationCode("phone_number");
    const second = await lastCodeSentTo(db, "+14155550101");
    const sms = await messagesSentTo(db, "+14155550101");
    expect(sms.map((m) => m.channel)).toEqual(["sms", "sms"]);
    // Only the newest code counts.
    if (first !== second)
      await expect(centre.verifyAttribute("phone_number", first)).rejects.toMatchObject({
        code: "CodeMismatchException",
      });
    await centre.verifyAttribute("phone_number", second);
    expect(await centre.overview()).toMatchObject({ phoneNumber: "+14155550101", phoneNumberVerified: true });
    await centre.deleteAttributes(["phone_number", "phone_number_verified"]);
    expect(await centre.overview()).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
    await expect(centre.deleteAttributes(["email"])).rejects.toThrow("Only the phone number can be removed");
  });

  it("limits verification codes to five an hour", async () => {
    const { centre } = await newMember();
    await centre.updateAttributes({ phone_number: "+14155550102" });
    for (let index = 0; index < 4; index += 1) await centre.sendVerificationCode("phone_number");
    await expect(centre.sendVerificationCode("phone_number")).rejects.toMatchObject({
      code: "LimitExceededException",
      status: 429,
    });
  });
});

describe("SMS MFA and the preferred method", () => {
  it("refuses SMS MFA without a verified phone", async () => {
    const { centre } = await newMember();
    await expect(centre.setMfaPreference({ sms: true })).rejects.toThrow("No valid MFA method provided");
    await centre.updateAttributes({ phone_number: "+14155550103" });
    await expect(centre.setMfaPreference({ sms: true })).rejects.toThrow("No valid MFA method provided");
  });

  it("with SMS on, sign-in asks for the texted code; with both on and no preference, it offers the choice", async () => {
    const { centre, email, accountId } = await withVerifiedPhone("+14155550104");
    await centre.setMfaPreference({ sms: true, preferred: "SMS_MFA" });
    expect((await centre.overview()).mfa).toEqual({ enabled: ["SMS_MFA"], preferred: "SMS_MFA" });
    const step = await signIn({ email, password }, context);
    expect(step).toMatchObject({
      signedIn: false,
      challenge: "SMS_MFA",
      parameters: { CODE_DELIVERY_DESTINATION: "+*******0104" },
    });
    if (step.signedIn) throw new Error("expected a challenge");
    const done = await respondToChallenge(
      { session: step.session, challenge: "SMS_MFA", answer: await lastCodeSentTo(db, "+14155550104") },
      context,
    );
    expect(done).toMatchObject({ signedIn: true, accountId });

    // Authenticator app too, then "no preference": the member chooses at sign-in.
    const { secretCode } = await associateSoftwareToken(accountId, context);
    const totp = new TOTP({ secret: Secret.fromBase32(secretCode), digits: 6, period: 30 });
    await verifySoftwareToken(accountId, { code: totp.generate() }, context);
    await centre.setMfaPreference({ preferred: null });
    expect((await centre.overview()).mfa).toEqual({ enabled: ["SOFTWARE_TOKEN_MFA", "SMS_MFA"], preferred: null });
    const choose = await signIn({ email, password }, context);
    expect(choose).toMatchObject({
      challenge: "SELECT_MFA_TYPE",
      parameters: { MFAS_CAN_CHOOSE: JSON.stringify(["SOFTWARE_TOKEN_MFA", "SMS_MFA"]) },
    });
    await centre.setMfaPreference({ preferred: "SOFTWARE_TOKEN_MFA" });
    expect(await signIn({ email, password }, context)).toMatchObject({ challenge: "SOFTWARE_TOKEN_MFA" });
  });

  it("removing the phone turns SMS MFA off", async () => {
    const { centre, email } = await withVerifiedPhone("+14155550105");
    await centre.setMfaPreference({ sms: true });
    await centre.deleteAttributes(["phone_number"]);
    expect((await centre.overview()).mfa).toEqual({ enabled: [], preferred: null });
    expect(await signIn({ email, password }, context)).toMatchObject({ signedIn: true });
  });
});

describe("devices", () => {
  async function signInRemembering(email: string, phone: string, deviceKey?: string) {
    const step = await signIn({ email, password, deviceKey }, context);
    if (step.signedIn) return step;
    return respondToChallenge(
      {
        session: step.session,
        challenge: "SMS_MFA",
        answer: await lastCodeSentTo(db, phone),
        rememberDevice: true,
        deviceName: "Chrome on Linux",
      },
      context,
    );
  }

  it("lists remembered devices; a remembered one skips MFA, a not-remembered or forgotten one is asked again", async () => {
    const phone = "+14155550106";
    const { centre, email } = await withVerifiedPhone(phone);
    await centre.setMfaPreference({ sms: true });
    const first = await signInRemembering(email, phone);
    if (!first.signedIn || !first.device) throw new Error("expected a remembered device");
    const { devices, paginationToken } = await centre.listDevices();
    expect(paginationToken).toBeNull();
    expect(devices).toEqual([
      expect.objectContaining({ name: "Chrome on Linux", remembered: true, lastUsedAt: expect.any(Number) }),
    ]);
    const deviceKey = first.device.deviceKey;
    expect(await signIn({ email, password, deviceKey }, context)).toMatchObject({ signedIn: true });

    await centre.updateDeviceStatus(devices[0]!.deviceKey, false);
    expect((await centre.listDevices()).devices[0]!.remembered).toBe(false);
    expect(await signIn({ email, password, deviceKey }, context)).toMatchObject({
      signedIn: false,
      challenge: "SMS_MFA",
    });
    await centre.updateDeviceStatus(devices[0]!.deviceKey, true);
    expect(await signIn({ email, password, deviceKey }, context)).toMatchObject({ signedIn: true });

    await centre.forgetDevice(devices[0]!.deviceKey);
    expect((await centre.listDevices()).devices).toEqual([]);
    expect(await signIn({ email, password, deviceKey }, context)).toMatchObject({
      signedIn: false,
      challenge: "SMS_MFA",
    });
  });

  it("pages by 60 with a pagination token, and never reaches another member's device", async () => {
    const { centre, accountId } = await newMember();
    const other = await newMember();
    const now = Date.now();
    await db.insert(identityDevices).values(
      Array.from({ length: 61 }, (_, index) => ({
        accountId,
        keyHash: `hash-${accountId}-${index}`,
        name: `Device ${index}`,
        expiresAt: new Date(now + 86_400_000),
        lastUsedAt: new Date(now - index * 1000),
      })),
    );
    const page = await centre.listDevices();
    expect(page.devices).toHaveLength(60);
    expect(page.devices[0]!.name).toBe("Device 0");
    expect(page.paginationToken).toEqual(expect.any(String));
    const next = await centre.listDevices(page.paginationToken!);
    expect(next.devices.map((d) => d.name)).toEqual(["Device 60"]);
    expect(next.paginationToken).toBeNull();
    await expect(centre.listDevices("bm9wZQ")).rejects.toMatchObject({ code: "InvalidParameterException" });
    await expect(other.centre.forgetDevice(page.devices[0]!.deviceKey)).rejects.toMatchObject({ status: 404 });
    await expect(other.centre.updateDeviceStatus(page.devices[0]!.deviceKey, false)).rejects.toMatchObject({
      status: 404,
    });
    await expect(other.centre.forgetDevice("not-a-key")).rejects.toMatchObject({ status: 404 });
  });

  it("names devices from the browser's user agent", () => {
    expect(
      deviceNameFromUserAgent(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(
      deviceNameFromUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(deviceNameFromUserAgent(undefined)).toBe("Unknown device");
  });
});

describe("password and account", () => {
  it("changes the password with the same policy; every session and remembered device ends", async () => {
    const { centre, email, accountId } = await newMember();
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(centre.changePassword(password, "short")).rejects.toMatchObject({ code: "InvalidPasswordException" });
    await expect(centre.changePassword("Wrong-Pass-1!", "Brand-New-Pass-7")).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    await centre.changePassword(password, "Brand-New-Pass-7");
    expect(await isSessionCurrent(accountId, before, context)).toBe(false);
    await expect(signIn({ email, password }, context)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await expect(signIn({ email, password: "Brand-New-Pass-7" }, context)).resolves.toMatchObject({ signedIn: true });
  });

  it("confirms the password before deleting; the deleted account cannot sign in", async () => {
    const { centre, email, accountId } = await newMember();
    await expect(centre.confirmPassword("Wrong-Pass-1!")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await centre.confirmPassword(password);
    await centre.deleteUser();
    expect(await db.select().from(identityAccounts).where(eq(identityAccounts.id, accountId))).toEqual([]);
    await expect(signIn({ email, password }, context)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await expect(centre.overview()).rejects.toThrow("No current user");
  });
});
