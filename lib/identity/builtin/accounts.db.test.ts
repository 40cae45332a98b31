import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/open";
import {
  changePassword,
  confirmForgotPassword,
  confirmSignUp,
  forgotPassword,
  isSessionCurrent,
  resendConfirmationCode,
  signOutEverywhere,
  signUp,
} from "./accounts";
import { createOidcAdapter } from "./issuer/adapter";
import { useMemberTestDatabase } from "./testing";
import { signIn } from "./sign-in";
import { lastCodeSentTo, messagesSentTo, setAccountRow } from "./test-helpers";

let db: Db;
const start = new Date("2026-03-01T09:00:00.000Z");
const at = (ms: number) => ({
  now: new Date(start.getTime() + ms),
  mfa: "optional" as const,
  clientAddress: "198.51.100.7",
});
const HOUR = 3_600_000;
const PASSWORD = "Sunny-Day-42";

useMemberTestDatabase((opened) => (db = opened));

async function signedUp(email: string, offset = 0) {
  const result = await signUpNew({ email, password: PASSWORD, givenName: "Ada", familyName: "Lovelace" }, at(offset));
  return { ...result, code: await lastCodeSentTo(db, email) };
}

async function confirmed(email: string) {
  const { accountId, code } = await signedUp(email);
  await confirmSignUp({ email, code }, at(0));
  return accountId;
}

describe("sign-up", () => {
  it("validates with the product's messages", async () => {
    const base = { email: "x@example.com", password: PASSWORD, givenName: "A", familyName: "B" };
    await expect(signUp({ ...base, email: " " }, at(0))).rejects.toMatchObject({
      code: "InvalidParameterException",
      message: "Email cannot be empty",
    });
    await expect(signUp({ ...base, email: "not-an-email" }, at(0))).rejects.toThrow("Enter a valid email address");
    await expect(signUp({ ...base, password: "" }, at(0))).rejects.toThrow("Password cannot be empty");
    await expect(signUp({ ...base, password: "sunny-day-42" }, at(0))).rejects.toMatchObject({
      code: "InvalidPasswordException",
      message: "Password did not conform with policy: Password must have uppercase characters",
    });
    await expect(signUp({ ...base, givenName: "" }, at(0))).rejects.toThrow("First name cannot be empty");
    expect(await messagesSentTo(db, "x@example.com")).toHaveLength(0);
  });

  it("emails a 6-digit code that confirms the account once", async () => {
    const { accountId, code, userConfirmed, codeDelivery } = await signedUp("Grace@Example.com");
    expect(userConfirmed).toBe(false);
    expect(codeDelivery).toEqual({ deliveryMedium: "EMAIL", destination: "G***@E***.com" });
    expect(code).toMatch(/^\d{6}$/);
    const [message] = await messagesSentTo(db, "Grace@Example.com");
    expect(message).toMatchObject({ channel: "email", subject: "Your Happr confirmation code" });

    await expect(confirmSignUp({ email: "grace@example.com", code: "" }, at(0))).rejects.toThrow(
      "Confirmation code cannot be empty",
    );
    await expect(confirmSignUp({ email: "", code }, at(0))).rejects.toThrow("Username cannot be empty");
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(confirmSignUp({ email: "grace@example.com", code: wrong }, at(0))).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    expect(await confirmSignUp({ email: "grace@example.com", code }, at(HOUR))).toEqual({
      accountId,
      autoSignIn: false,
    });
    // Confirmed already: the same answer as a wrong code (lib/identity/builtin/account-probing.db.attack.test.ts).
    await expect(confirmSignUp({ email: "grace@example.com", code }, at(HOUR))).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    // Confirmed: the member can sign in.
    expect(await signIn({ email: "GRACE@example.com", password: PASSWORD }, at(HOUR))).toEqual({
      signedIn: true,
      accountId,
    });
  });

  it("keeps emails unique regardless of case", async () => {
    await confirmed("unique@example.com");
    const again = await signUp(
      { email: "UNIQUE@example.com", password: "Other-Pass-1", givenName: "A", familyName: "B" },
      at(0),
    );
    expect(again.accountId).toBeUndefined();
    expect(await signIn({ email: "unique@example.com", password: PASSWORD }, at(0))).toMatchObject({ signedIn: true });
  });

  it("lets a new sign-up replace an unconfirmed one (no squatting on an address)", async () => {
    const first = await signedUp("squat@example.com");
    const second = await signUpNew(
      { email: "squat@example.com", password: "Other-Pass-1", givenName: "Real", familyName: "Owner" },
      at(0),
    );
    expect(second.accountId).toBe(first.accountId);
    const code = await lastCodeSentTo(db, "squat@example.com");
    // The first code died with the replaced sign-up.
    if (code !== first.code) {
      await expect(confirmSignUp({ email: "squat@example.com", code: first.code }, at(0))).rejects.toMatchObject({
        code: "CodeMismatchException",
      });
    }
    await confirmSignUp({ email: "squat@example.com", code }, at(0));
    await expect(signIn({ email: "squat@example.com", password: PASSWORD }, at(0))).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    expect(await signIn({ email: "squat@example.com", password: "Other-Pass-1" }, at(0))).toMatchObject({
      signedIn: true,
    });
  });

  it("expires the code after 24 hours; a resent code replaces it", async () => {
    const { code } = await signedUp("late@example.com");
    await expect(confirmSignUp({ email: "late@example.com", code }, at(24 * HOUR + 1000))).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    expect(await resendConfirmationCode({ email: "late@example.com" }, at(25 * HOUR))).toEqual({
      codeDelivery: { deliveryMedium: "EMAIL", destination: "l***@e***.com" },
    });
    const fresh = await lastCodeSentTo(db, "late@example.com");
    await confirmSignUp({ email: "late@example.com", code: fresh }, at(48 * HOUR));
    expect(await signIn({ email: "late@example.com", password: PASSWORD }, at(48 * HOUR))).toMatchObject({
      signedIn: true,
    });
  });

  it("kills a code after five wrong guesses", async () => {
    const { code } = await signedUp("guess@example.com");
    const wrong = code === "999999" ? "999998" : "999999";
    for (let attempt = 1; attempt < 5; attempt += 1) {
      await expect(confirmSignUp({ email: "guess@example.com", code: wrong }, at(0))).rejects.toMatchObject({
        code: "CodeMismatchException",
      });
    }
    await expect(confirmSignUp({ email: "guess@example.com", code: wrong }, at(0))).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    // The code is dead: even the right one is refused now (a resent code works).
    await expect(confirmSignUp({ email: "guess@example.com", code }, at(0))).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
  });

  it("answers an unknown email like a wrong code, and sends nothing on resend", async () => {
    await expect(confirmSignUp({ email: "nobody@example.com", code: "123456" }, at(0))).rejects.toMatchObject({
      code: "CodeMismatchException",
    });
    await resendConfirmationCode({ email: "nobody@example.com" }, at(0));
    expect(await messagesSentTo(db, "nobody@example.com")).toHaveLength(0);
  });

  it("limits how many codes one email can be sent per hour", async () => {
    await signedUp("spam@example.com");
    for (let index = 0; index < 5; index += 1) await resendConfirmationCode({ email: "spam@example.com" }, at(0));
    await expect(resendConfirmationCode({ email: "spam@example.com" }, at(0))).rejects.toMatchObject({
      code: "LimitExceededException",
      status: 429,
    });
    await resendConfirmationCode({ email: "spam@example.com" }, at(HOUR));
  });

  it('reports an unexpected failure as "Error creating account"', async () => {
    // Only the transaction fails (the rate-limit counters before it still work).
    const broken = new Proxy(db, {
      get: (target, name) =>
        name === "transaction"
          ? () => Promise.reject(new Error("connection reset"))
          : Reflect.get(target, name, target),
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await expect(
        signUp(
          { email: "broken@example.com", password: PASSWORD, givenName: "A", familyName: "B" },
          { ...at(0), db: broken },
        ),
      ).rejects.toMatchObject({ code: "InternalErrorException", message: "Error creating account", status: 500 });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe("forgot password", () => {
  it("resets with a single-use code, ends every session, and answers unknown emails the same", async () => {
    const accountId = await confirmed("forgetful@example.com");
    const sessionStart = new Date(start.getTime() + 1000);
    expect(await isSessionCurrent(accountId, sessionStart, at(2000))).toBe(true);

    await expect(forgotPassword({ email: "" }, at(0))).rejects.toThrow("Username cannot be empty");
    const unknown = await forgotPassword({ email: "ghost@example.com" }, at(HOUR));
    expect(unknown.codeDelivery.deliveryMedium).toBe("EMAIL");
    expect(await messagesSentTo(db, "ghost@example.com")).toHaveLength(0);

    await forgotPassword({ email: "FORGETFUL@example.com" }, at(HOUR));
    const code = await lastCodeSentTo(db, "forgetful@example.com");
    await expect(
      confirmForgotPassword({ email: "forgetful@example.com", code, password: "weak" }, at(HOUR)),
    ).rejects.toMatchObject({
      code: "InvalidPasswordException",
    });
    await confirmForgotPassword({ email: "forgetful@example.com", code, password: "New-Secret-77" }, at(HOUR + 1000));
    await expect(
      confirmForgotPassword({ email: "forgetful@example.com", code, password: "Another-Lantern-88!" }, at(HOUR + 2000)),
    ).rejects.toMatchObject({
      code: "ExpiredCodeException",
    });

    expect(await isSessionCurrent(accountId, sessionStart, at(HOUR + 3000))).toBe(false);
    expect(await isSessionCurrent(accountId, new Date(start.getTime() + HOUR + 1000), at(HOUR + 3000))).toBe(true);
    await expect(signIn({ email: "forgetful@example.com", password: PASSWORD }, at(HOUR + 3000))).rejects.toMatchObject(
      {
        code: "NotAuthorizedException",
      },
    );
    expect(await signIn({ email: "forgetful@example.com", password: "New-Secret-77" }, at(HOUR + 3000))).toMatchObject({
      signedIn: true,
    });
  });

  it("expires the reset code after one hour", async () => {
    await confirmed("slow@example.com");
    await forgotPassword({ email: "slow@example.com" }, at(0));
    const code = await lastCodeSentTo(db, "slow@example.com");
    await expect(
      confirmForgotPassword({ email: "slow@example.com", code, password: "New-Secret-77" }, at(HOUR + 1)),
    ).rejects.toMatchObject({
      code: "ExpiredCodeException",
    });
  });
});

describe("revocation", () => {
  it("sign-out everywhere ends sessions issued before it, not after, and the issuer's own sessions", async () => {
    const accountId = await confirmed("everywhere@example.com");
    const bystander = await confirmed("bystander@example.com");
    const issuer = createOidcAdapter({ db });
    await issuer("Session").upsert("sess-1", { uid: "u-1", accountId }, 3600);
    await issuer("RefreshToken").upsert("rt-1", { accountId, grantId: "g-1" }, 3600);
    await issuer("Session").upsert("sess-2", { uid: "u-2", accountId: bystander }, 3600);
    const before = new Date(start.getTime() + 10_000);
    await signOutEverywhere(accountId, at(20_000));
    expect(await issuer("Session").findByUid("u-1")).toBeUndefined();
    expect(await issuer("RefreshToken").find("rt-1")).toBeUndefined();
    expect(await issuer("Session").findByUid("u-2")).toMatchObject({ accountId: bystander });
    expect(await isSessionCurrent(accountId, before, at(30_000))).toBe(false);
    expect(await isSessionCurrent(accountId, new Date(start.getTime() + 20_000), at(30_000))).toBe(true);
    expect(await isSessionCurrent("00000000-0000-4000-8000-000000000000", before, at(30_000))).toBe(false);
    expect(await isSessionCurrent("not-a-uuid", before, at(30_000))).toBe(false);
  });

  it("a password change ends sessions; a wrong current password is refused", async () => {
    const accountId = await confirmed("changer@example.com");
    await expect(
      changePassword(accountId, { previousPassword: "Wrong-Pass-1", proposedPassword: "Next-Pass-22" }, at(1000)),
    ).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    await changePassword(accountId, { previousPassword: PASSWORD, proposedPassword: "Next-Pass-22" }, at(5000));
    expect(await isSessionCurrent(accountId, new Date(start.getTime() + 4000), at(6000))).toBe(false);
    expect(await signIn({ email: "changer@example.com", password: "Next-Pass-22" }, at(6000))).toMatchObject({
      signedIn: true,
    });
  });

  it("a disabled account has no current session and cannot sign in", async () => {
    const accountId = await confirmed("disabled@example.com");
    await setAccountRow(db, accountId, { status: "DISABLED" });
    expect(await isSessionCurrent(accountId, new Date(start.getTime() + 5000), at(6000))).toBe(false);
    await expect(signIn({ email: "disabled@example.com", password: PASSWORD }, at(6000))).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "User is disabled.",
    });
    await setAccountRow(db, accountId, { status: "CONFIRMED" });
    expect(await signIn({ email: "disabled@example.com", password: PASSWORD }, at(8000))).toMatchObject({
      signedIn: true,
    });
  });
});

describe("auto sign-in after sign-up", () => {
  it("signs in the browser that signed up, once, within the hour; nowhere else", async () => {
    const { confirmSignUpAndSignIn } = await import("./sign-in");
    const first = await signUpNew(
      { email: "auto@example.com", password: PASSWORD, givenName: "Au", familyName: "To" },
      at(0),
    );
    expect(first.autoSignInSession).toMatch(/^[\w-]{43}$/);
    const code = await lastCodeSentTo(db, "auto@example.com");
    expect(
      await confirmSignUpAndSignIn(
        { email: "auto@example.com", code, autoSignInSession: first.autoSignInSession },
        at(10 * 60_000),
      ),
    ).toEqual({ accountId: first.accountId, signIn: { signedIn: true, accountId: first.accountId } });

    // Another browser (no session, or someone else's) confirms but is asked to sign in.
    const other = await signUpNew(
      { email: "auto2@example.com", password: PASSWORD, givenName: "Au", familyName: "To" },
      at(0),
    );
    const otherCode = await lastCodeSentTo(db, "auto2@example.com");
    expect(
      await confirmSignUpAndSignIn(
        { email: "auto2@example.com", code: otherCode, autoSignInSession: first.autoSignInSession },
        at(0),
      ),
    ).toEqual({ accountId: other.accountId, signIn: undefined });

    // After the hour the session is no good either.
    const late = await signUpNew(
      { email: "auto3@example.com", password: PASSWORD, givenName: "Au", familyName: "To" },
      at(0),
    );
    const lateCode = await lastCodeSentTo(db, "auto3@example.com");
    expect(
      await confirmSignUpAndSignIn(
        { email: "auto3@example.com", code: lateCode, autoSignInSession: late.autoSignInSession },
        at(HOUR + 1),
      ),
    ).toEqual({ accountId: late.accountId, signIn: undefined });
  });

  it("leads to MFA setup when MFA is required", async () => {
    const { confirmSignUpAndSignIn } = await import("./sign-in");
    const result = await signUpNew(
      { email: "auto-mfa@example.com", password: PASSWORD, givenName: "Au", familyName: "To" },
      at(0),
    );
    const code = await lastCodeSentTo(db, "auto-mfa@example.com");
    const confirmed = await confirmSignUpAndSignIn(
      { email: "auto-mfa@example.com", code, autoSignInSession: result.autoSignInSession },
      { ...at(0), mfa: "required" },
    );
    expect(confirmed.signIn).toMatchObject({ signedIn: false, challenge: "MFA_SETUP" });
  });
});

describe("OIDC claims", () => {
  it("describes a confirmed account, and nothing for unconfirmed, disabled or unknown ones", async () => {
    const { findAccountClaims } = await import("./issuer/claims");
    const accountId = await confirmed("claims@example.com");
    expect(await findAccountClaims(accountId, at(0))).toEqual({
      sub: accountId,
      email: "claims@example.com",
      email_verified: true,
      given_name: "Ada",
      family_name: "Lovelace",
      name: "Ada Lovelace",
      updated_at: expect.any(Number),
    });
    const pending = await signedUp("claims-pending@example.com");
    expect(await findAccountClaims(pending.accountId, at(0))).toBeUndefined();
    await setAccountRow(db, accountId, { status: "DISABLED" });
    expect(await findAccountClaims(accountId, at(0))).toBeUndefined();
    expect(await findAccountClaims("00000000-0000-4000-8000-000000000000", at(0))).toBeUndefined();
  });
});
