import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/open";
import { confirmSignUp } from "../identity/builtin/accounts";
import { associateSoftwareToken, verifySoftwareToken } from "../identity/builtin/mfa";
import { useMemberTestDatabase } from "../identity/builtin/testing";
import { abandonSignIn, respondToChallenge, signIn, type SignInResult } from "../identity/builtin/sign-in";
import { lastCodeSentTo } from "../identity/builtin/test-helpers";
import { totpCode } from "../identity/totp";
import { assertCurrentChallenge, beginPasswordSignIn, recordSignInStep, type ChallengeJar } from "./pending-challenge";

let db: Db;
const PASSWORD = "Sunny-Day-42";

useMemberTestDatabase((opened) => (db = opened));

/** A browser's cookie for its open challenge. */
function browser(): ChallengeJar & { value?: string } {
  const jar: ChallengeJar & { value?: string } = {
    get: async () => jar.value,
    set: async (session) => void (jar.value = session),
    clear: async () => void (jar.value = undefined),
  };
  return jar;
}

let clock = Date.now();
// Each step a little later, and on its own 30-second TOTP step so no code is a replay.
const context = () => {
  clock += 31_000;
  return { db, mfa: "optional" as const, now: new Date(clock), clientAddress: "203.0.113.9" };
};

async function memberWithTotp(email: string): Promise<string> {
  const { accountId } = await signUpNew({ email, password: PASSWORD, givenName: "P", familyName: "C" }, context());
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context());
  const { secretCode } = await associateSoftwareToken(accountId, context());
  const verifyAt = context();
  await verifySoftwareToken(accountId, { code: totpCode(secretCode, verifyAt.now) }, verifyAt);
  return secretCode;
}

/** What the sign-in page's action does: abandon the browser's earlier challenge, sign in, record the step. */
async function passwordSignIn(jar: ChallengeJar, email: string): Promise<Extract<SignInResult, { signedIn: false }>> {
  await beginPasswordSignIn(jar, (session) => abandonSignIn(session, context()));
  const result = await signIn({ email, password: PASSWORD }, context());
  await recordSignInStep(jar, result, new Date(clock + 300_000));
  if (result.signedIn) throw new Error("expected an MFA challenge");
  return result;
}

async function answer(jar: ChallengeJar, session: string, secret: string) {
  await assertCurrentChallenge(jar, session);
  const at = context();
  const result = await respondToChallenge(
    { session, challenge: "SOFTWARE_TOKEN_MFA", answer: totpCode(secret, at.now) },
    at,
  );
  await recordSignInStep(jar, result, new Date(clock + 300_000));
  return result;
}

describe("only one pending password sign-in at a time per browser", () => {
  it("a second sign-in in the same browser ends the first one's challenge", async () => {
    const secret = await memberWithTotp("one-pending@example.com");
    const tabs = browser();
    const first = await passwordSignIn(tabs, "one-pending@example.com");
    const second = await passwordSignIn(tabs, "one-pending@example.com");
    expect(second.session).not.toBe(first.session);

    // The first tab's form is refused by the browser check...
    await expect(answer(tabs, first.session, secret)).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
    // ...and its session is dead in the database too, even when presented without the cookie check.
    const at = context();
    await expect(
      respondToChallenge(
        { session: first.session, challenge: "SOFTWARE_TOKEN_MFA", answer: totpCode(secret, at.now) },
        at,
      ),
    ).rejects.toMatchObject({
      message: "Invalid session for the user, session is expired.",
    });

    expect(await answer(tabs, second.session, secret)).toMatchObject({ signedIn: true });
    expect(tabs.value).toBeUndefined();
  });

  it("another browser's sign-in does not disturb this one", async () => {
    const secret = await memberWithTotp("two-browsers@example.com");
    const laptop = browser();
    const phone = browser();
    const onLaptop = await passwordSignIn(laptop, "two-browsers@example.com");
    const onPhone = await passwordSignIn(phone, "two-browsers@example.com");
    expect(await answer(laptop, onLaptop.session, secret)).toMatchObject({ signedIn: true });
    expect(await answer(phone, onPhone.session, secret)).toMatchObject({ signedIn: true });
  });

  it("refuses an answer from a browser with no open challenge (a session copied elsewhere)", async () => {
    await memberWithTotp("copied@example.com");
    const owner = browser();
    const { session } = await passwordSignIn(owner, "copied@example.com");
    await expect(assertCurrentChallenge(browser(), session)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await expect(assertCurrentChallenge(owner, `${session}x`)).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    await expect(assertCurrentChallenge(owner, session)).resolves.toBeUndefined();
  });
});
