import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/open";
import { signOutEverywhere } from "./accounts";
import type { IdentityContext } from "./context";
import { IdentityError } from "../errors";
import {
  associateSoftwareToken,
  disableSoftwareToken,
  getMfaSettings,
  setMfaPreference,
  verifySoftwareToken,
} from "./mfa";
import { createBuiltinIdentity } from "./identity";
import { hashPassword, setPasswordHashParamsForTests } from "../password";
import { useMemberTestDatabase } from "./testing";
import { associateSoftwareTokenForChallenge, respondToChallenge, signIn, type SignInResult } from "./sign-in";
import { lastCodeSentTo, messagesSentTo, setAccountRow, signUpConfirmed, totpAt } from "./test-helpers";

let db: Db;
const start = new Date("2026-04-01T12:00:00.000Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = "Sunny-Day-42";
let nextAddress = 1;
/** A fresh client address per test, so address counters do not leak between tests. */
const newAddress = () => `192.0.2.${nextAddress++}`;
const at = (ms: number, clientAddress = "203.0.113.1", extra: IdentityContext = {}): IdentityContext => ({
  now: new Date(start.getTime() + ms),
  mfa: "optional",
  clientAddress,
  ...extra,
});

useMemberTestDatabase((opened) => (db = opened));

const member = (email: string) =>
  signUpConfirmed(db, { email, password: PASSWORD, givenName: "Ada", familyName: "Lovelace" }, at(0));

async function withTotp(email: string, offset = 0) {
  const accountId = await member(email);
  const { secretCode } = await associateSoftwareToken(accountId, at(offset));
  await verifySoftwareToken(accountId, { code: totpAt(secretCode, start.getTime() + offset) }, at(offset));
  return { accountId, secret: secretCode };
}

function challengeOf(result: SignInResult) {
  if (result.signedIn) throw new Error("expected a challenge");
  return result;
}

async function failure(promise: Promise<unknown>): Promise<IdentityError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdentityError) return error;
    throw error;
  }
  throw new Error("expected an IdentityError");
}

describe("sign-in", () => {
  it("refuses empty fields with the product's messages", async () => {
    await expect(signIn({ email: "", password: PASSWORD }, at(0))).rejects.toThrow("Username cannot be empty");
    await expect(signIn({ email: "a@example.com", password: "" }, at(0))).rejects.toThrow("Password cannot be empty");
  });

  it("gives a wrong password and an unknown email the same answer in similar time", async () => {
    // Real hashing cost here: the point is that the unknown email pays it too.
    setPasswordHashParamsForTests(undefined);
    await member("known@example.com");
    const timings = { wrong: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 5; round += 1) {
      // Far apart in time, so the progressive delay never kicks in.
      const when = round * 20 * MINUTE;
      let begin = performance.now();
      const wrong = await failure(
        signIn({ email: "known@example.com", password: "Wrong-Pass-1" }, at(when, newAddress())),
      );
      timings.wrong.push(performance.now() - begin);
      begin = performance.now();
      const unknown = await failure(
        signIn({ email: `unknown${round}@example.com`, password: "Wrong-Pass-1" }, at(when, newAddress())),
      );
      timings.unknown.push(performance.now() - begin);
      expect({ code: unknown.code, message: unknown.message, status: unknown.status }).toEqual({
        code: wrong.code,
        message: wrong.message,
        status: wrong.status,
      });
      expect(wrong).toMatchObject({
        code: "NotAuthorizedException",
        message: "Incorrect username or password.",
        status: 401,
      });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    const ratio = median(timings.unknown) / median(timings.wrong);
    setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  }, 60_000);

  it("says an account is unconfirmed only to someone who knows its password", async () => {
    await signUpNew({ email: "pending@example.com", password: PASSWORD, givenName: "P", familyName: "Q" }, at(0));
    await expect(
      signIn({ email: "pending@example.com", password: "Wrong-Pass-1" }, at(0, newAddress())),
    ).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    await expect(
      signIn({ email: "pending@example.com", password: PASSWORD }, at(0, newAddress())),
    ).rejects.toMatchObject({
      code: "UserNotConfirmedException",
      status: 403,
    });
  });
});

describe("brute force", () => {
  it("slows down, then locks the account for 15 minutes, and reports it plainly", async () => {
    const accountId = await member("target@example.com");
    const login = (password: string, ms: number) =>
      signIn({ email: "target@example.com", password }, at(ms, newAddress()));

    expect(await failure(login("Wrong-1-Aa!", 0))).toMatchObject({
      code: "NotAuthorizedException",
      retryAfterSeconds: undefined,
    });
    expect(await failure(login("Wrong-2-Aa!", 100))).toMatchObject({
      code: "NotAuthorizedException",
      message: "Incorrect username or password. Please wait 1 second before trying again.",
      retryAfterSeconds: 1,
    });
    // During the delay not even the right password is looked at.
    expect(await failure(login(PASSWORD, 500))).toMatchObject({
      code: "LimitExceededException",
      status: 429,
      retryAfterSeconds: 1,
    });
    expect(await failure(login("Wrong-3-Aa!", 1200))).toMatchObject({ retryAfterSeconds: 2 });
    expect(await failure(login("Wrong-4-Aa!", 3300))).toMatchObject({ retryAfterSeconds: 4 });
    const locked = await failure(login("Wrong-5-Aa!", 7400));
    expect(locked).toMatchObject({
      code: "LimitExceededException",
      message: "Too many failed sign-in attempts for this account. Sign-in is locked; try again in 15 minutes.",
      retryAfterSeconds: 900,
    });
    expect(await failure(login(PASSWORD, 7400 + 14 * MINUTE))).toMatchObject({
      code: "LimitExceededException",
      retryAfterSeconds: 60,
    });
    expect(await login(PASSWORD, 7400 + 15 * MINUTE)).toEqual({ signedIn: true, accountId });
    // The success cleared the account's count: the next failure is a plain one again.
    expect(await failure(login("Wrong-6-Aa!", 7400 + 16 * MINUTE))).toMatchObject({ retryAfterSeconds: undefined });
  });

  it("locks an unknown email exactly like a real one", async () => {
    const login = (ms: number) =>
      signIn({ email: "phantom@example.com", password: "Wrong-1-Aa!" }, at(ms, newAddress()));
    for (const ms of [0, 100, 1200, 3300]) await failure(login(ms));
    expect(await failure(login(7400))).toMatchObject({
      code: "LimitExceededException",
      message: "Too many failed sign-in attempts for this account. Sign-in is locked; try again in 15 minutes.",
    });
  });

  it("locks a client address after 20 failures across accounts, and only that address", async () => {
    const address = newAddress();
    await member("bystander@example.com");
    let ms = 0;
    for (let attempt = 1; attempt <= 19; attempt += 1) {
      const error = await failure(
        signIn({ email: `spray${attempt}@example.com`, password: "Wrong-1-Aa!" }, at(ms, address)),
      );
      expect(error.code).toBe("NotAuthorizedException");
      ms += 31 * SECOND;
    }
    const locked = await failure(signIn({ email: "spray20@example.com", password: "Wrong-1-Aa!" }, at(ms, address)));
    expect(locked).toMatchObject({
      code: "LimitExceededException",
      message: "Too many failed sign-in attempts from your network. Sign-in is locked; try again in 15 minutes.",
    });
    // Even a right password from that address waits; from another address it works.
    await expect(
      signIn({ email: "bystander@example.com", password: PASSWORD }, at(ms + MINUTE, address)),
    ).rejects.toMatchObject({
      code: "LimitExceededException",
    });
    expect(
      await signIn({ email: "bystander@example.com", password: PASSWORD }, at(ms + MINUTE, newAddress())),
    ).toMatchObject({ signedIn: true });
    expect(
      await signIn({ email: "bystander@example.com", password: PASSWORD }, at(ms + 16 * MINUTE, address)),
    ).toMatchObject({ signedIn: true });
  });
});

describe("authenticator app (TOTP) MFA", () => {
  it("turns on only with a correct first code, under the fixed device label", async () => {
    const accountId = await member("totp-setup@example.com");
    const { secretCode, otpauthUri, deviceLabel } = await associateSoftwareToken(accountId, at(0));
    expect(otpauthUri).toContain(`secret=${secretCode}`);
    expect(deviceLabel).toBe("My TOTP device");
    const right = totpAt(secretCode, start.getTime());
    await expect(
      verifySoftwareToken(accountId, { code: right === "000000" ? "000001" : "000000" }, at(0)),
    ).rejects.toMatchObject({
      code: "EnableSoftwareTokenMFAException",
    });
    expect((await getMfaSettings(accountId, at(0))).enabled).toEqual([]);
    await verifySoftwareToken(accountId, { code: right }, at(0));
    expect(await getMfaSettings(accountId, at(0))).toMatchObject({
      enabled: ["SOFTWARE_TOKEN_MFA"],
      preferred: "SOFTWARE_TOKEN_MFA",
      totpDeviceLabel: "My TOTP device",
    });
    await disableSoftwareToken(accountId, at(0));
    expect(await signIn({ email: "totp-setup@example.com", password: PASSWORD }, at(MINUTE))).toMatchObject({
      signedIn: true,
    });
  });

  it("asks for a code after the password, accepts a right one once, and never the same step twice", async () => {
    const { accountId, secret } = await withTotp("totp@example.com");
    const when = 5 * MINUTE;
    const first = challengeOf(await signIn({ email: "totp@example.com", password: PASSWORD }, at(when)));
    expect(first.challenge).toBe("SOFTWARE_TOKEN_MFA");
    await expect(
      respondToChallenge({ session: first.session, challenge: "SOFTWARE_TOKEN_MFA", answer: " " }, at(when)),
    ).rejects.toThrow("Challenge response cannot be empty");
    const code = totpAt(secret, start.getTime() + when);
    expect(
      await respondToChallenge({ session: first.session, challenge: "SOFTWARE_TOKEN_MFA", answer: code }, at(when)),
    ).toEqual({
      signedIn: true,
      accountId,
    });
    // The session is used up.
    await expect(
      respondToChallenge({ session: first.session, challenge: "SOFTWARE_TOKEN_MFA", answer: code }, at(when)),
    ).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
    // A new sign-in in the same 30 seconds cannot reuse that code...
    const second = challengeOf(await signIn({ email: "totp@example.com", password: PASSWORD }, at(when + SECOND)));
    await expect(
      respondToChallenge({ session: second.session, challenge: "SOFTWARE_TOKEN_MFA", answer: code }, at(when + SECOND)),
    ).rejects.toMatchObject({ code: "CodeMismatchException" });
    // ...but the next step's code works.
    const later = when + 30 * SECOND;
    expect(
      await respondToChallenge(
        { session: second.session, challenge: "SOFTWARE_TOKEN_MFA", answer: totpAt(secret, start.getTime() + later) },
        at(later),
      ),
    ).toMatchObject({ signedIn: true });
  });

  it("ends the challenge after three wrong codes and after five minutes", async () => {
    const { secret } = await withTotp("totp-wrong@example.com");
    const when = 10 * MINUTE;
    const address = newAddress();
    const challenge = challengeOf(
      await signIn({ email: "totp-wrong@example.com", password: PASSWORD }, at(when, address)),
    );
    const right = totpAt(secret, start.getTime() + when);
    const wrong = right === "123456" ? "654321" : "123456";
    const answer = (code: string, ms: number) =>
      respondToChallenge(
        { session: challenge.session, challenge: "SOFTWARE_TOKEN_MFA", answer: code },
        at(ms, address),
      );
    await expect(answer(wrong, when)).rejects.toMatchObject({ code: "CodeMismatchException" });
    await expect(answer(wrong, when + 2 * SECOND)).rejects.toMatchObject({ code: "CodeMismatchException" });
    await expect(answer(wrong, when + 5 * SECOND)).rejects.toMatchObject({ code: "TooManyFailedAttemptsException" });
    await expect(answer(right, when + 9 * SECOND)).rejects.toMatchObject({ code: "NotAuthorizedException" });

    const late = challengeOf(
      await signIn({ email: "totp-wrong@example.com", password: PASSWORD }, at(2 * when, newAddress())),
    );
    await expect(
      respondToChallenge(
        {
          session: late.session,
          challenge: "SOFTWARE_TOKEN_MFA",
          answer: totpAt(secret, start.getTime() + 2 * when + 5 * MINUTE),
        },
        at(2 * when + 5 * MINUTE),
      ),
    ).rejects.toMatchObject({ message: "Invalid session for the user, session is expired." });
  });

  it("remembers a device for 30 days, for that account only, until sign-out everywhere", async () => {
    const { accountId, secret } = await withTotp("device@example.com");
    await member("other-device@example.com");
    const when = MINUTE;
    const challenge = challengeOf(await signIn({ email: "device@example.com", password: PASSWORD }, at(when)));
    const result = await respondToChallenge(
      {
        session: challenge.session,
        challenge: "SOFTWARE_TOKEN_MFA",
        answer: totpAt(secret, start.getTime() + when),
        rememberDevice: true,
      },
      at(when),
    );
    if (!result.signedIn || !result.device) throw new Error("expected a remembered device");
    const { deviceKey, expiresAt } = result.device;
    expect(expiresAt.getTime()).toBe(start.getTime() + when + 30 * DAY);

    expect(await signIn({ email: "device@example.com", password: PASSWORD, deviceKey }, at(DAY))).toEqual({
      signedIn: true,
      accountId,
    });
    // Another device key, or after 30 days: MFA again.
    expect(
      await signIn({ email: "device@example.com", password: PASSWORD, deviceKey: "forged" }, at(DAY)),
    ).toMatchObject({ signedIn: false });
    expect(
      await signIn({ email: "device@example.com", password: PASSWORD, deviceKey }, at(when + 30 * DAY + SECOND)),
    ).toMatchObject({
      signedIn: false,
      challenge: "SOFTWARE_TOKEN_MFA",
    });
    // The key is still just a key: it does not skip the password, nor MFA on someone else's account.
    await expect(
      signIn({ email: "device@example.com", password: "Wrong-1-Aa!", deviceKey }, at(2 * DAY, newAddress())),
    ).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });

    // Sign-out everywhere forgets remembered devices.
    await signOutEverywhere(accountId, at(3 * DAY));
    expect(
      await signIn({ email: "device@example.com", password: PASSWORD, deviceKey }, at(3 * DAY + SECOND)),
    ).toMatchObject({ signedIn: false });
  });
});

describe("SMS MFA and choosing a method", () => {
  it("verifies the phone, offers a choice when both methods are on, and sends the SMS code through the outbox", async () => {
    const { accountId, secret } = await withTotp("both@example.com");
    // The phone is set and verified from the security centre, as the account page does.
    const centre = createBuiltinIdentity({ accountId, email: "both@example.com" }, at(0));
    await expect(centre.updateAttributes({ phone_number: "" })).rejects.toThrow("Phone number cannot be empty");
    await expect(centre.updateAttributes({ phone_number: "12" })).rejects.toThrow(/valid phone number/);
    // SMS MFA needs a verified phone.
    await expect(setMfaPreference(accountId, { sms: true }, at(0))).rejects.toThrow("No valid MFA method provided");
    await expect(setMfaPreference(accountId, { preferred: "SMS_MFA" }, at(0))).rejects.toThrow(
      "No valid MFA method provided",
    );
    await expect(setMfaPreference(accountId, { preferred: "EMAIL_OTP" as never }, at(0))).rejects.toThrow(
      "Invalid MFA type",
    );

    const phone = "+14155552671";
    expect(await centre.updateAttributes({ phone_number: "+1 (415) 555-2671" })).toEqual([
      { deliveryMedium: "SMS", destination: "+*******2671" },
    ]);
    await centre.verifyAttribute("phone_number", await lastCodeSentTo(db, phone));
    expect(await setMfaPreference(accountId, { sms: true, preferred: null }, at(0))).toEqual({
      enabled: ["SOFTWARE_TOKEN_MFA", "SMS_MFA"],
      preferred: null,
    });

    const when = MINUTE;
    const select = challengeOf(await signIn({ email: "both@example.com", password: PASSWORD }, at(when)));
    expect(select).toMatchObject({
      challenge: "SELECT_MFA_TYPE",
      parameters: { MFAS_CAN_CHOOSE: '["SOFTWARE_TOKEN_MFA","SMS_MFA"]' },
    });
    await expect(
      respondToChallenge({ session: select.session, challenge: "SELECT_MFA_TYPE", answer: "EMAIL_OTP" }, at(when)),
    ).rejects.toThrow("Invalid MFA type");
    const smsCountBefore = (await messagesSentTo(db, phone)).length;
    const sms = challengeOf(
      await respondToChallenge({ session: select.session, challenge: "SELECT_MFA_TYPE", answer: "SMS_MFA" }, at(when)),
    );
    expect(sms).toMatchObject({
      challenge: "SMS_MFA",
      parameters: { CODE_DELIVERY_DELIVERY_MEDIUM: "SMS", CODE_DELIVERY_DESTINATION: "+*******2671" },
    });
    expect(await messagesSentTo(db, phone)).toHaveLength(smsCountBefore + 1);
    const code = await lastCodeSentTo(db, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(
      respondToChallenge({ session: sms.session, challenge: "SMS_MFA", answer: wrong }, at(when)),
    ).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    await expect(
      respondToChallenge({ session: sms.session, challenge: "SOFTWARE_TOKEN_MFA", answer: code }, at(when)),
    ).rejects.toMatchObject({
      code: "InvalidParameterException",
    });
    expect(await respondToChallenge({ session: sms.session, challenge: "SMS_MFA", answer: code }, at(when))).toEqual({
      signedIn: true,
      accountId,
    });

    // With a preference, that method is asked for directly.
    await setMfaPreference(accountId, { preferred: "SOFTWARE_TOKEN_MFA" }, at(when));
    const direct = challengeOf(await signIn({ email: "both@example.com", password: PASSWORD }, at(2 * when)));
    expect(direct.challenge).toBe("SOFTWARE_TOKEN_MFA");
    expect(
      await respondToChallenge(
        {
          session: direct.session,
          challenge: "SOFTWARE_TOKEN_MFA",
          answer: totpAt(secret, start.getTime() + 2 * when),
        },
        at(2 * when),
      ),
    ).toMatchObject({ signedIn: true });
  });
});

/** An account an operator gave a temporary password (in the database: the app has no screen for it), valid 7 days. */
async function withTemporaryPassword(email: string, temporaryPassword: string) {
  const accountId = await member(email);
  await setAccountRow(db, accountId, {
    status: "FORCE_CHANGE_PASSWORD",
    passwordHash: await hashPassword(temporaryPassword),
    temporaryPasswordExpiresAt: new Date(start.getTime() + 7 * DAY),
  });
  return { accountId, temporaryPassword };
}

describe("accounts given a temporary password, and required MFA", () => {
  it("asks for a new password after the temporary one, which expires after 7 days", async () => {
    const { accountId, temporaryPassword } = await withTemporaryPassword("invited@example.com", "Temporary-Pass-7");
    const challenge = challengeOf(
      await signIn({ email: "invited@example.com", password: temporaryPassword }, at(MINUTE)),
    );
    expect(challenge.challenge).toBe("NEW_PASSWORD_REQUIRED");
    await expect(
      respondToChallenge(
        { session: challenge.session, challenge: "NEW_PASSWORD_REQUIRED", answer: "weakpass" },
        at(MINUTE),
      ),
    ).rejects.toMatchObject({ code: "InvalidPasswordException" });
    expect(
      await respondToChallenge(
        { session: challenge.session, challenge: "NEW_PASSWORD_REQUIRED", answer: "Chosen-Pass-9" },
        at(MINUTE),
      ),
    ).toEqual({ signedIn: true, accountId });
    await expect(
      signIn({ email: "invited@example.com", password: temporaryPassword }, at(2 * MINUTE, newAddress())),
    ).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    expect(await signIn({ email: "invited@example.com", password: "Chosen-Pass-9" }, at(2 * MINUTE))).toMatchObject({
      signedIn: true,
    });

    const stale = await withTemporaryPassword("stale@example.com", "Temporary-Pass-8");
    await expect(
      signIn({ email: "stale@example.com", password: stale.temporaryPassword }, at(7 * DAY + SECOND)),
    ).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "Temporary password has expired and must be reset by an administrator.",
    });
  });

  it("makes a member without MFA set up an authenticator app when MFA is required", async () => {
    const accountId = await member("must-mfa@example.com");
    const required = (ms: number) => at(ms, "203.0.113.9", { mfa: "required" });
    const setup = challengeOf(await signIn({ email: "must-mfa@example.com", password: PASSWORD }, required(MINUTE)));
    expect(setup).toMatchObject({ challenge: "MFA_SETUP", parameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    await expect(
      respondToChallenge({ session: setup.session, challenge: "MFA_SETUP", answer: "123456" }, required(MINUTE)),
    ).rejects.toThrow("No valid MFA method provided");
    const { secretCode } = await associateSoftwareTokenForChallenge({ session: setup.session }, required(MINUTE));
    expect(
      await respondToChallenge(
        { session: setup.session, challenge: "MFA_SETUP", answer: totpAt(secretCode, start.getTime() + MINUTE) },
        required(MINUTE),
      ),
    ).toEqual({ signedIn: true, accountId });
    await expect(disableSoftwareToken(accountId, required(2 * MINUTE))).rejects.toMatchObject({
      code: "InvalidParameterException",
    });
    expect(
      challengeOf(await signIn({ email: "must-mfa@example.com", password: PASSWORD }, required(3 * MINUTE))).challenge,
    ).toBe("SOFTWARE_TOKEN_MFA");
  });
});
