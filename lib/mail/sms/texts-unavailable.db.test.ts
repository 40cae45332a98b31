import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as config from "../../config";
import type { Db } from "../../db/open";
import { circleInvitations, identityAccounts, outbox } from "../../db/schema";
import { confirmSignUp } from "../../identity/builtin/accounts";
import { createBuiltinIdentity } from "../../identity/builtin/identity";
import { useMemberTestDatabase } from "../../identity/builtin/testing";
import { lastCodeSentTo, signUpNew } from "../../identity/builtin/test-helpers";
import { inviteToCircle, resendInvitation } from "../../invitations";

/**
 * In production without SMS=sns a text the app queues would never leave the outbox: the phone
 * features that need the app's own texts (phone verification and SMS sign-in codes with the built-in
 * provider, invitations by text) are refused before anything is written, and the security centre's
 * overview says so (the page then does not offer them). With SMS=sns they work. The configuration is
 * the real parser's, as `next start` would read it.
 */
const production = {
  NODE_ENV: "production",
  SITE_URL: "https://happr.example",
  AUTH_SECRET: "x".repeat(40),
  BILLING: "sandbox",
  MAIL: "outbox",
};
const withoutSns = () => config.parseConfig(production);
const withSns = () => config.parseConfig({ ...production, SMS: "sns", AWS_REGION: "us-east-1" });

let db: Db;
useMemberTestDatabase((opened) => (db = opened));
afterEach(() => vi.restoreAllMocks());

const context = { mfa: "optional" as const };
const family = { familyPlan: async () => ({ family: true, currentPeriodEnd: null }) };
let count = 0;

/** A confirmed member, created while the app may text (as in development), and their security centre. */
async function newMember() {
  count += 1;
  const email = `texts${count}@example.com`;
  const { accountId } = await signUpNew(
    { email, password: "Sunny-Day-42", givenName: "Tess", familyName: "Ting" },
    context,
  );
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
  return { accountId, email, centre: createBuiltinIdentity({ accountId, email }, context) };
}

const textsQueued = async () => (await db.select().from(outbox).where(eq(outbox.channel, "sms"))).length;

describe("the app's own texts in production", () => {
  it("without SMS=sns: no phone verification, no SMS sign-in codes, and nothing queued", async () => {
    const { accountId, centre } = await newMember();
    vi.spyOn(config, "getConfig").mockReturnValue(withoutSns());
    const queued = await textsQueued();

    expect((await centre.overview()).textCodes).toBe(false);
    await expect(centre.updateAttributes({ phone_number: "+14155550188" })).rejects.toMatchObject({
      status: 400,
      field: "phone_number",
      message: expect.stringMatching(/Text messages are not available/),
    });
    await expect(centre.sendVerificationCode("phone_number")).rejects.toMatchObject({ status: 400 });
    await expect(centre.setMfaPreference({ sms: true })).rejects.toMatchObject({
      message: expect.stringMatching(/Text messages are not available/),
    });
    const [account] = await db.select().from(identityAccounts).where(eq(identityAccounts.id, accountId));
    expect({ phone: account!.phoneNumber, sms: account!.smsMfaEnabled }).toEqual({ phone: null, sms: false });
    expect(await textsQueued()).toBe(queued);
    // Email verification does not need a text and still works.
    await expect(centre.sendVerificationCode("email")).resolves.toMatchObject({ deliveryMedium: "EMAIL" });
  });

  it("without SMS=sns an SMS sign-in code already on may be turned off, not on", async () => {
    const { centre } = await newMember();
    await centre.updateAttributes({ phone_number: "+14155550177" });
    await centre.verifyAttribute("phone_number", await lastCodeSentTo(db, "+14155550177"));
    await centre.setMfaPreference({ sms: true });
    vi.spyOn(config, "getConfig").mockReturnValue(withoutSns());
    await centre.setMfaPreference({ sms: true });
    await centre.setMfaPreference({ sms: false });
    expect((await centre.overview()).mfa.enabled).toEqual([]);
    await expect(centre.setMfaPreference({ sms: true })).rejects.toMatchObject({ status: 400 });
  });

  it("with SMS=sns: the overview offers them and a phone number gets its code", async () => {
    const { centre } = await newMember();
    vi.spyOn(config, "getConfig").mockReturnValue(withSns());
    expect((await centre.overview()).textCodes).toBe(true);
    const [delivery] = await centre.updateAttributes({ phone_number: "+14155550166" });
    expect(delivery).toMatchObject({ deliveryMedium: "SMS" });
    expect(await lastCodeSentTo(db, "+14155550166")).toMatch(/^\d{6}$/);
  });

  it("without SMS=sns a Safe Circle invitation by text is refused and nothing is written; by email it goes", async () => {
    const { accountId, email } = await newMember();
    const owner = { memberId: accountId, email, name: "Tess Ting" };
    // One sent by text while texts were possible (before the configuration changed).
    const earlier = await inviteToCircle(owner, { phone: "+14155550155" }, family);
    vi.spyOn(config, "getConfig").mockReturnValue(withoutSns());
    const before = { invitations: (await db.select().from(circleInvitations)).length, texts: await textsQueued() };

    await expect(inviteToCircle(owner, { phone: "+14155550144" }, family)).rejects.toMatchObject({
      status: 400,
      field: "phone",
      message: expect.stringMatching(/invite them by email/),
    });
    await expect(resendInvitation(owner, earlier.invitationId, family)).rejects.toMatchObject({ status: 400 });
    expect({ invitations: (await db.select().from(circleInvitations)).length, texts: await textsQueued() }).toEqual(
      before,
    );
    await expect(inviteToCircle(owner, { email: "kin@example.com" }, family)).resolves.toMatchObject({
      channel: "email",
    });

    vi.spyOn(config, "getConfig").mockReturnValue(withSns());
    await expect(inviteToCircle(owner, { phone: "+14155550144" }, family)).resolves.toMatchObject({ channel: "sms" });
  });
});
