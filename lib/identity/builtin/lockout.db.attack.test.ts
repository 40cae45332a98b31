import { describe, expect, it } from "vitest";
import type { Db } from "../../db/open";
import type { IdentityContext } from "./context";
import { IdentityError } from "../errors";
import { associateSoftwareToken, verifySoftwareToken } from "./mfa";
import { respondToChallenge, signIn, type SignInResult } from "./sign-in";
import { useMemberTestDatabase } from "./testing";
import { signUpConfirmed, totpAt } from "./test-helpers";

/**
 * Attacks on the sign-in lockout that race: many guesses sent at the same moment (on PostgreSQL they
 * run on separate pooled connections), failures sent while locked, and a stolen password used to get
 * fresh second-factor guesses. Each fails on the check-then-count lockout this replaced.
 */
let db: Db;
const start = new Date("2026-05-01T08:00:00.000Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PASSWORD = "Sunny-Day-42";
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;
const at = (ms: number, clientAddress = newAddress()): IdentityContext => ({
  now: new Date(start.getTime() + ms),
  mfa: "optional",
  clientAddress,
});

useMemberTestDatabase((opened) => (db = opened));

const member = (email: string) =>
  signUpConfirmed(db, { email, password: PASSWORD, givenName: "Grace", familyName: "Hopper" }, at(0));

async function withTotp(email: string) {
  await member(email);
  const accountId = (await signIn({ email, password: PASSWORD }, at(0))) as { accountId: string };
  const { secretCode } = await associateSoftwareToken(accountId.accountId, at(0));
  await verifySoftwareToken(accountId.accountId, { code: totpAt(secretCode, start.getTime()) }, at(0));
  return secretCode;
}

function session(result: SignInResult): string {
  if (result.signedIn) throw new Error("expected an MFA challenge");
  return result.session;
}

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    const result = (await promise) as SignInResult;
    return result.signedIn ? "signed-in" : "challenge";
  } catch (error) {
    if (error instanceof IdentityError) return error.code;
    throw error;
  }
}

/** A code that is not the right one for this moment (nor the steps either side). */
function wrongCode(secret: string, ms: number): string {
  const taken = new Set([-30_000, 0, 30_000].map((delta) => totpAt(secret, start.getTime() + ms + delta)));
  for (let guess = 100_000; ; guess += 1) if (!taken.has(String(guess))) return String(guess);
}

describe("password guesses sent all at once", () => {
  it("checks no more of 20 parallel wrong passwords than sequential ones would, and refuses the right one straight after", async () => {
    const email = "burst@example.com";
    await member(email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => outcome(signIn({ email, password: `Wrong-${index}-Aa!` }, at(MINUTE)))),
    );
    // The first failure brings no delay; the second brings 1 s; every other attempt waits it out unchecked.
    expect(answers.filter((answer) => answer === "NotAuthorizedException")).toHaveLength(2);
    expect(answers.filter((answer) => answer === "LimitExceededException")).toHaveLength(18);
    await expect(signIn({ email, password: PASSWORD }, at(MINUTE + 10))).rejects.toMatchObject({
      code: "LimitExceededException",
    });
  });

  it("keeps the lock through parallel bursts sent while locked, until it ends", async () => {
    const email = "locked@example.com";
    const accountId = await member(email);
    // Four failures, each after the delay the previous one set...
    let ms = MINUTE;
    for (const wait of [0, 100, 1100, 2100]) {
      ms += wait;
      await signIn({ email, password: "Wrong-0-Aa!" }, at(ms)).catch(() => undefined);
    }
    // ...then, once the last delay is over, twelve at once: the first one checked locks the account,
    // and no later failure may restart the count (which lifted the lock).
    const lockedAt = ms + 4100;
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        outcome(signIn({ email, password: `Wrong-${index}-Cc!` }, at(lockedAt))),
      ),
    );
    expect(burst.filter((answer) => answer === "NotAuthorizedException")).toHaveLength(0);
    expect(burst.filter((answer) => answer === "LimitExceededException")).toHaveLength(12);
    await expect(signIn({ email, password: PASSWORD }, at(lockedAt + SECOND))).rejects.toMatchObject({
      message: "Too many failed sign-in attempts for this account. Sign-in is locked; try again in 15 minutes.",
    });
    // Bursts during the lock neither lift it nor move its end.
    for (const later of [MINUTE, 10 * MINUTE, 14 * MINUTE + 50 * SECOND]) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          outcome(signIn({ email, password: `Wrong-${index}-Bb!` }, at(lockedAt + later))),
        ),
      );
      expect(new Set(answers)).toEqual(new Set(["LimitExceededException"]));
      await expect(signIn({ email, password: PASSWORD }, at(lockedAt + later + SECOND))).rejects.toMatchObject({
        code: "LimitExceededException",
      });
    }
    const refused = await signIn({ email, password: PASSWORD }, at(lockedAt + 15 * MINUTE - SECOND)).catch(
      (error: IdentityError) => error,
    );
    expect(refused).toMatchObject({ retryAfterSeconds: 1 });
    expect(await signIn({ email, password: PASSWORD }, at(lockedAt + 15 * MINUTE))).toEqual({
      signedIn: true,
      accountId,
    });
  });
});

describe("second-factor guesses", () => {
  it("keeps its own count, which signing in again with the right password does not clear", async () => {
    const email = "stolen-password@example.com";
    const secret = await withTotp(email);
    let ms = 2 * MINUTE;
    const guess = async () => {
      const challenge = session(await signIn({ email, password: PASSWORD }, at(ms)));
      return outcome(
        respondToChallenge(
          { session: challenge, challenge: "SOFTWARE_TOKEN_MFA", answer: wrongCode(secret, ms) },
          at(ms),
        ),
      );
    };
    // Each guess from a fresh sign-in, waiting out each delay: five wrong codes lock the second factor.
    const answers: string[] = [];
    for (const wait of [0, 100, 1100, 2100, 4100]) {
      ms += wait;
      answers.push(await guess());
    }
    expect(answers.slice(0, 4)).toEqual([
      "CodeMismatchException",
      "CodeMismatchException",
      "CodeMismatchException",
      "CodeMismatchException",
    ]);
    expect(answers[4]).toBe("LimitExceededException");
    // The password still opens a challenge, but not even the right code is looked at until the lock ends.
    ms += SECOND;
    const challenge = session(await signIn({ email, password: PASSWORD }, at(ms)));
    await expect(
      respondToChallenge(
        { session: challenge, challenge: "SOFTWARE_TOKEN_MFA", answer: totpAt(secret, start.getTime() + ms) },
        at(ms),
      ),
    ).rejects.toMatchObject({
      code: "LimitExceededException",
      message: "Too many wrong codes for this account. Sign-in is locked; try again in 15 minutes.",
    });
  });

  it("checks no more of many parallel wrong codes than sequential ones would", async () => {
    const email = "code-burst@example.com";
    const secret = await withTotp(email);
    const ms = 3 * MINUTE;
    // Ten sign-ins with the stolen password, one after the other, each with its challenge...
    const challenges: string[] = [];
    for (let index = 0; index < 10; index += 1)
      challenges.push(session(await signIn({ email, password: PASSWORD }, at(ms))));
    // ...then a wrong code sent on every challenge at the same moment.
    const answers = await Promise.all(
      challenges.map((challenge) =>
        outcome(
          respondToChallenge(
            { session: challenge, challenge: "SOFTWARE_TOKEN_MFA", answer: wrongCode(secret, ms) },
            at(ms),
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === "CodeMismatchException")).toHaveLength(2);
    expect(answers.filter((answer) => answer === "LimitExceededException")).toHaveLength(8);
    const next = session(await signIn({ email, password: PASSWORD }, at(ms + 10)));
    await expect(
      respondToChallenge(
        { session: next, challenge: "SOFTWARE_TOKEN_MFA", answer: totpAt(secret, start.getTime() + ms) },
        at(ms + 10),
      ),
    ).rejects.toMatchObject({ code: "LimitExceededException" });
  });
});

describe("a TOTP code used twice at once", () => {
  it("signs in exactly one of two sign-ins that race with the same code", async () => {
    const email = "replay@example.com";
    const secret = await withTotp(email);
    const ms = 4 * MINUTE;
    const [first, second] = await Promise.all([
      signIn({ email, password: PASSWORD }, at(ms)),
      signIn({ email, password: PASSWORD }, at(ms)),
    ]);
    const code = totpAt(secret, start.getTime() + ms);
    const answers = await Promise.all(
      [first!, second!].map((result) =>
        outcome(
          respondToChallenge({ session: session(result), challenge: "SOFTWARE_TOKEN_MFA", answer: code }, at(ms)),
        ),
      ),
    );
    expect(answers.sort()).toEqual(["CodeMismatchException", "signed-in"]);
  });
});
