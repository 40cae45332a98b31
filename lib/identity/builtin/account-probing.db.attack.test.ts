import { describe, expect, it } from "vitest";
import type { Db } from "../../db/open";
import { confirmSignUp, forgotPassword, resendConfirmationCode, signUp } from "./accounts";
import type { IdentityContext } from "./context";
import { IdentityError } from "../errors";
import { signIn } from "./sign-in";
import { useMemberTestDatabase } from "./testing";
import { lastCodeSentTo, messagesSentTo, setAccountRow, signUpNew } from "./test-helpers";

/**
 * An outsider probes the public forms to learn whether an email has an account, and in what state:
 * sign-in, confirm, resend-code, forgot-password and sign-up must answer every email alike.
 */
let db: Db;
const start = new Date("2026-06-01T10:00:00.000Z");
const PASSWORD = "Sunny-Day-42";
let nextAddress = 1;
const at = (ms = 0): IdentityContext => ({
  now: new Date(start.getTime() + ms),
  mfa: "optional",
  clientAddress: `192.0.2.${nextAddress++}`,
});

useMemberTestDatabase((opened) => (db = opened));

async function account(email: string, state: "unconfirmed" | "confirmed" | "disabled") {
  const { accountId } = await signUpNew({ email, password: PASSWORD, givenName: "Ada", familyName: "Lovelace" }, at());
  if (state === "unconfirmed") return accountId;
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, at());
  if (state === "disabled") await setAccountRow(db, accountId, { status: "DISABLED" });
  return accountId;
}

/** What the outsider sees of an answer: its code, message, status and wait. */
async function seen(promise: Promise<unknown>) {
  try {
    return { answer: await promise };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    return {
      code: error.code,
      message: error.message,
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
}

describe("probing for accounts", () => {
  it("sign-in: a wrong password and an unknown email get the same answers, delays and lock, step by step", async () => {
    await account("real@example.com", "confirmed");
    const run = async (email: string) => {
      const answers = [];
      for (const ms of [0, 100, 1200, 3300, 7400, 7500])
        answers.push(await seen(signIn({ email, password: "Wrong-Guess-1!" }, at(ms))));
      return answers;
    };
    const real = await run("real@example.com");
    expect(await run("phantom@example.com")).toEqual(real);
    expect(real.map((answer) => answer.message)).toEqual([
      "Incorrect username or password.",
      "Incorrect username or password. Please wait 1 second before trying again.",
      "Incorrect username or password. Please wait 2 seconds before trying again.",
      "Incorrect username or password. Please wait 4 seconds before trying again.",
      "Too many failed sign-in attempts for this account. Sign-in is locked; try again in 15 minutes.",
      "Too many failed sign-in attempts for this account. Sign-in is locked; try again in 15 minutes.",
    ]);
  });

  it("confirm: unknown, unconfirmed, confirmed and disabled accounts give one answer to a code", async () => {
    await account("c-unconfirmed@example.com", "unconfirmed");
    await account("c-confirmed@example.com", "confirmed");
    await account("c-disabled@example.com", "disabled");
    const answers = await Promise.all(
      ["c-unknown@example.com", "c-unconfirmed@example.com", "c-confirmed@example.com", "c-disabled@example.com"].map(
        (email) => seen(confirmSignUp({ email, code: "000000" }, at())),
      ),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        code: "CodeMismatchException",
        message: "Invalid verification code provided, please try again.",
        status: 400,
        retryAfterSeconds: undefined,
      });
    }
    // Nothing says "Current status is CONFIRMED", not even to the right code of an account already confirmed.
    const code = await lastCodeSentTo(db, "c-confirmed@example.com");
    expect(await seen(confirmSignUp({ email: "c-confirmed@example.com", code }, at()))).toEqual(answers[0]);
  });

  it("confirm: an expired or used-up code looks like a wrong one", async () => {
    await account("c-guessed@example.com", "unconfirmed");
    const answers = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      answers.push(await seen(confirmSignUp({ email: "c-guessed@example.com", code: "000000" }, at())));
    const unknown = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      unknown.push(await seen(confirmSignUp({ email: "c-nobody@example.com", code: "000000" }, at())));
    expect(answers).toEqual(unknown);
    await account("c-late@example.com", "unconfirmed");
    const late = await seen(
      confirmSignUp(
        { email: "c-late@example.com", code: await lastCodeSentTo(db, "c-late@example.com") },
        at(25 * 3_600_000),
      ),
    );
    expect(late).toEqual(unknown[0]);
  });

  it("resend code and forgot password answer every email alike", async () => {
    await account("r-unconfirmed@example.com", "unconfirmed");
    await account("r-confirmed@example.com", "confirmed");
    await account("r-disabled@example.com", "disabled");
    const emails = [
      "r-unknown@example.com",
      "r-unconfirmed@example.com",
      "r-confirmed@example.com",
      "r-disabled@example.com",
    ];
    for (const call of [resendConfirmationCode, forgotPassword]) {
      const answers = await Promise.all(emails.map((email) => seen(call({ email }, at()))));
      for (const [index, answer] of answers.entries()) {
        const [local, domain] = emails[index]!.split("@") as [string, string];
        expect(answer).toEqual({
          answer: { codeDelivery: { deliveryMedium: "EMAIL", destination: `${local[0]}***@${domain[0]}***.com` } },
        });
      }
    }
  });

  it("sign-up with an email that has an account answers as for a new one, changes nothing and tells the owner", async () => {
    await account("owner@example.com", "confirmed");
    const input = { password: "Moonlit-River-77?", givenName: "Mallory", familyName: "Probe" };
    const taken = await seen(signUp({ ...input, email: "owner@example.com" }, at()));
    const fresh = await seen(signUp({ ...input, email: "newcomer@example.com" }, at()));
    const shape = (result: typeof taken) => {
      const answer = result.answer as {
        userConfirmed: boolean;
        codeDelivery: { deliveryMedium: string };
        autoSignInSession: string;
      };
      return {
        userConfirmed: answer.userConfirmed,
        medium: answer.codeDelivery.deliveryMedium,
        session: answer.autoSignInSession.length,
      };
    };
    expect(taken.code).toBeUndefined();
    expect(shape(taken)).toEqual(shape(fresh));
    // The owner hears of it; their account is as it was (the prober's password does not sign in).
    const [notice] = (await messagesSentTo(db, "owner@example.com")).slice(-1);
    expect(notice).toMatchObject({ subject: "Someone tried to create a Happr account with your email" });
    expect(notice!.body).not.toMatch(/\b\d{6}\b/);
    expect(await signIn({ email: "owner@example.com", password: PASSWORD }, at())).toMatchObject({ signedIn: true });
    await expect(signIn({ email: "owner@example.com", password: input.password }, at())).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
  });
});
