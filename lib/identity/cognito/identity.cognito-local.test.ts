import { describe, expect, it } from "vitest";
import { useCognitoLocal } from "./cognito-local-testing";

/**
 * The Cognito adapter against cognito-local (a local implementation of the user-pool API) for the
 * calls it supports: GetUser, UpdateUserAttributes, GetUserAttributeVerificationCode,
 * VerifyUserAttribute, DeleteUserAttributes, SetUserMFAPreference, InitiateAuth and DeleteUser.
 * It has no device calls and no GlobalSignOut: identity.test.ts covers those with recorded
 * requests. Codes are read from cognito-local's console, where it "delivers" them.
 */
const local = useCognitoLocal();
const password = "Sunny-Day-42!";
const signedInMember = () => local.signedInMember(password);
const lastCode = (destination: string, before: number) => local.lastCode(destination, before);

describe("Cognito security centre against cognito-local", () => {
  it("reads the member's attributes and verified flags", async () => {
    const { centre, email } = await signedInMember();
    expect(await centre.overview()).toEqual({
      email,
      emailVerified: true,
      phoneNumber: null,
      phoneNumberVerified: false,
      mfa: { enabled: [], preferred: null },
      textCodes: true,
    });
  });

  it("changes the phone number (a forged phone_number_verified is dropped), verifies it with the code, and removes it", async () => {
    const { centre } = await signedInMember();
    const phone = "+14155550190";
    await centre.updateAttributes({ phone_number: phone, phone_number_verified: "true", sub: "someone-else" });
    expect(await centre.overview()).toMatchObject({ phoneNumber: phone, phoneNumberVerified: false });
    const before = local.output().length;
    expect(await centre.sendVerificationCode("phone_number")).toMatchObject({ deliveryMedium: "SMS" });
    await expect(centre.verifyAttribute("phone_number", "000000")).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    await centre.verifyAttribute("phone_number", await lastCode(phone, before));
    expect(await centre.overview()).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true });
    await centre.setMfaPreference({ sms: true, preferred: "SMS_MFA" });
    expect((await centre.overview()).mfa).toEqual({ enabled: ["SMS_MFA"], preferred: "SMS_MFA" });
    await centre.deleteAttributes(["phone_number", "phone_number_verified"]);
    expect(await centre.overview()).toMatchObject({ phoneNumber: null });
  });

  it("changes the email: unverified until the emailed code comes back", async () => {
    const { centre } = await signedInMember();
    const before = local.output().length;
    await centre.updateAttributes({ email: "moved@example.com", email_verified: "true" });
    expect(await centre.overview()).toMatchObject({ email: "moved@example.com", emailVerified: false });
    await centre.verifyAttribute("email", await lastCode("moved@example.com", before));
    expect(await centre.overview()).toMatchObject({ email: "moved@example.com", emailVerified: true });
  });

  it("checks the password with InitiateAuth, then deletes the user", async () => {
    const { centre } = await signedInMember();
    await expect(centre.confirmPassword("Wrong-Pass-1!")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await centre.confirmPassword(password);
    await centre.deleteUser();
    await expect(centre.overview()).rejects.toMatchObject({ status: expect.any(Number) });
  });
});
