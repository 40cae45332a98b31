import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/open";
import { identityAccounts } from "../db/schema/identity";
import { readOutbox } from "../mail";
import { createAccountChanges, type ChangingMember } from "./account-changes";
import { confirmSignUp } from "./builtin/accounts";
import { createBuiltinIdentity } from "./builtin/identity";
import { useMemberTestDatabase } from "./builtin/testing";
import { lastCodeSentTo } from "./builtin/test-helpers";
import { totpCode } from "./totp";

/**
 * Attack: someone holds a member's session but not their password (a stolen cookie, a browser left
 * signed in) and tries to take the account over for good: move its email or phone to theirs, add their
 * own authenticator app, turn the member's off, download the data. Without the current password (or a
 * sign-in minutes ago) every one is refused and nothing changes; with it, each change is told to the
 * account's address, so a thief who has the password too cannot do it silently.
 */
let db: Db;
useMemberTestDatabase((opened) => (db = opened));

const context = { mfa: "optional" as const };
const password = "Sunny-Day-42!";
const NOW = Date.UTC(2026, 3, 1, 12);
const MINUTE = 60_000;
let count = 0;

async function member(signedInMinutesAgo: number) {
  count += 1;
  const email = `owner${count}@example.com`;
  const { accountId } = await signUpNew({ email, password, givenName: "Ada", familyName: "Owner" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
  const who: ChangingMember = {
    memberId: accountId,
    name: "Ada Owner",
    authenticatedAtMs: NOW - signedInMinutesAgo * MINUTE,
  };
  const centre = createBuiltinIdentity({ accountId, email }, context);
  const authenticator = centre;
  const changes = createAccountChanges(who, { identity: centre, reauthentication: { now: NOW, windowSeconds: 300 } });
  const account = async () => (await db.select().from(identityAccounts).where(eq(identityAccounts.id, accountId)))[0]!;
  return { email, accountId, centre, authenticator, changes, account };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code: string; field?: string; message: string },
  );

describe("a session alone cannot change the account", () => {
  it("refuses every guarded change without the password once the sign-in is more than 5 minutes old, and changes nothing", async () => {
    const { email, changes, account, authenticator } = await member(10);
    const messagesBefore = (await readOutbox(db, email)).length;
    const before = await account();
    let built = false;
    const attempts = [
      changes.changeEmail("thief@example.net", ""),
      changes.changePhone("+14155550166", ""),
      changes.removePhone(""),
      changes.setMfaPreference({ sms: false }, ""),
      changes.startAuthenticatorSetup(""),
      changes.disableAuthenticator(""),
      changes.exportData("", async () => (built = true)),
    ];
    for (const attempt of attempts) {
      expect(await refusal(attempt)).toMatchObject({
        code: "ReauthenticationRequired",
        field: "currentPassword",
        message: expect.stringMatching(/^Enter your current password to /),
      });
    }
    expect(built).toBe(false);
    const after = await account();
    expect(after).toMatchObject({
      email: before.email,
      phoneNumber: before.phoneNumber,
      totpPendingSecret: null,
      totpEnabled: false,
    });
    expect((await authenticator.authenticatorStatus()).enabled).toBe(false);
    expect(await readOutbox(db, "thief@example.net")).toEqual([]);
    expect((await readOutbox(db, email)).length).toBe(messagesBefore);
  });

  it("refuses a wrong password (named as the current password's error) even within minutes of signing in", async () => {
    const { changes, account, email } = await member(1);
    expect(await refusal(changes.changeEmail("thief@example.net", "Not-Her-Password-1"))).toMatchObject({
      code: "NotAuthorizedException",
      field: "currentPassword",
      message: "Current password is incorrect.",
    });
    expect((await account()).email).toBe(email);
  });

  it("a sign-in dated in the future (a forged or skewed session) is no recent sign-in", async () => {
    const { changes, account, email } = await member(-30);
    expect(await refusal(changes.changeEmail("thief@example.net", ""))).toMatchObject({
      code: "ReauthenticationRequired",
    });
    expect((await account()).email).toBe(email);
  });
});

describe("with the password (or a recent sign-in), each change is made and told to the account's address", () => {
  it("an email change tells the old address (with where to get help) and the new one", async () => {
    const { changes, account, email } = await member(10);
    await changes.changeEmail("ada.new@example.com", password);
    expect((await account()).email).toBe("ada.new@example.com");
    const old = (await readOutbox(db, email)).at(-1)!;
    expect(old.subject).toBe("Your Happr email address was changed");
    expect(old.body).toMatch(/was changed from o\*\*\*@e\*\*\*\.com to a\*\*\*@e\*\*\*\.com/);
    expect(old.body).toContain("http://localhost:3000/contact");
    const toNew = await readOutbox(db, "ada.new@example.com");
    expect(toNew.map((message) => message.subject)).toEqual([
      "Verify your email address for Happr",
      "Your Happr email address was changed",
    ]);
  });

  it("within 5 minutes of signing in the password may be left out; phone and verification changes are told", async () => {
    const { changes, centre, email } = await member(2);
    await changes.changePhone("+14155550166", "");
    await centre.verifyAttribute("phone_number", await lastCodeSentTo(db, "+14155550166"));
    await changes.setMfaPreference({ sms: true }, "");
    await changes.removePhone("");
    const subjects = (await readOutbox(db, email)).map((message) => message.subject);
    expect(subjects.slice(-3)).toEqual([
      "Your Happr phone number was changed",
      "Text message sign-in codes are on",
      "Your Happr phone number was removed",
    ]);
    const notice = (await readOutbox(db, email)).at(-1)!;
    expect(notice.body).toContain(
      "reset your password (every device is signed out): http://localhost:3000/auth/forgot-password",
    );
    expect(notice.body).toContain("check your security settings: http://localhost:3000/my-account/security");
  });

  it("the authenticator app: on, replaced and off are each told; the data download too", async () => {
    const { changes, email } = await member(10);
    const first = await changes.startAuthenticatorSetup(password);
    await changes.finishAuthenticatorSetup(totpCode(first.secretCode, new Date()));
    const second = await changes.startAuthenticatorSetup(password);
    await changes.finishAuthenticatorSetup(totpCode(second.secretCode, new Date(Date.now() + 30_000)));
    await changes.disableAuthenticator(password);
    expect(await changes.exportData(password, async () => ({ ok: true }))).toEqual({ ok: true });
    const subjects = (await readOutbox(db, email)).map((message) => message.subject);
    expect(subjects.slice(-4)).toEqual([
      "An authenticator app was added to your Happr account",
      "Your Happr authenticator app was replaced",
      "The authenticator app was removed from your Happr account",
      "Your Happr data was downloaded",
    ]);
  });
});
