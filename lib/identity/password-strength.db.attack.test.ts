import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/open";
import { changePassword, confirmForgotPassword, confirmSignUp, forgotPassword, signUp } from "./builtin/accounts";
import { createCognitoIdentity } from "./cognito/identity";
import { assertPasswordPolicy, passwordPolicyFailures } from "./password";
import { useMemberTestDatabase } from "./builtin/testing";
import { lastCodeSentTo } from "./builtin/test-helpers";

/**
 * A guesser tries common passwords first. Each of these meets Cognito's character classes, so the
 * policy alone let them through; the strength estimate (zxcvbn-ts with its common-password list,
 * bundled) refuses them on sign-up, reset and change, on both identity adapters, saying why.
 */
const COMMON = ["Password1!", "P@ssw0rd123", "Qwerty123!", "Iloveyou1!", "Welcome2024!", "Summer2024!", "Letmein123!"];
const GOOD = "Moonlit-Harbour-77?";

let db: Db;
useMemberTestDatabase((opened) => (db = opened));
const context = { mfa: "optional" as const, clientAddress: "203.0.113.77" };

describe("common passwords that meet the character rules", () => {
  it("are refused, with the reason in the password field's message", () => {
    for (const password of COMMON) {
      expect(passwordPolicyFailures(password)).toEqual([]);
      expect(() => assertPasswordPolicy(password)).toThrow(/^Password is too easy to guess\. /);
    }
    expect(() => assertPasswordPolicy("Password1!")).toThrow(
      "Password is too easy to guess. This is similar to a commonly used password.",
    );
    expect(() => assertPasswordPolicy(GOOD)).not.toThrow();
  });

  it("count the member's own email and names as known words", () => {
    expect(() => assertPasswordPolicy("Zyxwoquimby7!", ["zyxwoquimby@example.com", "Zyx", "Quimby"])).toThrow(
      /too easy to guess/,
    );
    expect(() => assertPasswordPolicy("Zyxwoquimby7!")).not.toThrow();
  });

  it("are refused by the built-in issuer on sign-up, password reset and password change", async () => {
    const email = "weak@example.com";
    await expect(
      signUp({ email, password: "Password1!", givenName: "Weak", familyName: "Pass" }, context),
    ).rejects.toMatchObject({
      code: "InvalidPasswordException",
      message: expect.stringMatching(/^Password is too easy to guess/),
    });
    const { accountId } = await signUpNew({ email, password: GOOD, givenName: "Weak", familyName: "Pass" }, context);
    await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
    await expect(
      changePassword(accountId, { previousPassword: GOOD, proposedPassword: "Qwerty123!" }, context),
    ).rejects.toMatchObject({
      code: "InvalidPasswordException",
    });
    await forgotPassword({ email }, context);
    const code = await lastCodeSentTo(db, email);
    await expect(confirmForgotPassword({ email, code, password: "Welcome2024!" }, context)).rejects.toMatchObject({
      code: "InvalidPasswordException",
    });
    // The refused attempt did not use the code up: a strong password goes through with it.
    await confirmForgotPassword({ email, code, password: "Sunrise-Garden-42!" }, context);
  });

  it("are refused by the Cognito adapter before the pool is asked", async () => {
    const sent: string[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push((init.headers as Record<string, string>)["x-amz-target"]!);
      return new Response("{}", { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const centre = createCognitoIdentity(
      { accountId: "sub-1", email: "member@example.com", accessToken: "token" },
      { region: "us-east-1", clientId: "client-1", fetch },
    );
    await expect(centre.changePassword("Sunny-Day-42", "Iloveyou1!")).rejects.toMatchObject({
      code: "InvalidPasswordException",
      message: expect.stringMatching(/^Password is too easy to guess/),
    });
    expect(sent).toEqual([]);
  });
});
