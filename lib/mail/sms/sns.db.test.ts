import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import * as config from "../../config";
import type { Db } from "../../db/open";
import { outbox } from "../../db/schema";
import { confirmSignUp } from "../../identity/builtin/accounts";
import type { IdentityContext } from "../../identity/builtin/context";
import { createBuiltinIdentity } from "../../identity/builtin/identity";
import { setMfaPreference } from "../../identity/builtin/mfa";
import { respondToChallenge, signIn } from "../../identity/builtin/sign-in";
import { useMemberTestDatabase } from "../../identity/builtin/testing";
import { lastCodeSentTo, signUpNew } from "../../identity/builtin/test-helpers";
import { inviteToCircle } from "../../invitations";
import { deliverPending, sendSms } from "..";
import { snsSender } from "./sns";
import { startTestSnsServer } from "./test-sns-server";

let db: Db;
useMemberTestDatabase((opened) => (db = opened));

let sns: Awaited<ReturnType<typeof startTestSnsServer>>;
beforeAll(async () => {
  sns = await startTestSnsServer();
  // The SDK's own credential chain reads these (no profile or instance role on a test machine).
  vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIDTESTSNS");
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test-secret");
  vi.stubEnv("AWS_EC2_METADATA_DISABLED", "true");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sns.close();
});
beforeEach(() => {
  sns.received.length = 0;
  sns.state.failNext = 0;
  sns.state.requests = 0;
});
afterEach(() => vi.restoreAllMocks());

/** This process's configuration, with texts going to the fake SNS (or kept in the outbox). */
function textsThrough(channel: "sns" | "outbox") {
  const env = { ...process.env, NODE_ENV: "test" };
  const sms = {
    SMS: "sns",
    AWS_REGION: "eu-west-1",
    AWS_ENDPOINT_URL_SNS: sns.url,
    SNS_SENDER_ID: "Happr",
    SNS_ORIGINATION_NUMBER: "+14155550100",
  };
  vi.spyOn(config, "getConfig").mockReturnValue(config.parseConfig(channel === "sns" ? { ...env, ...sms } : env));
}

const textsTo = (phone: string) => sns.received.filter((text) => text.phoneNumber === phone);
const codeIn = (text: { message: string } | undefined) => text?.message.match(/\b(\d{6})\b/)?.[1] ?? "";
const pendingTexts = () =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, "sms"), isNull(outbox.sentAt)));
/** Two deliverers at once, as two app instances after their actions: the sum of what they sent. */
async function twoDeliverers() {
  const reports = await Promise.all([deliverPending(), deliverPending()]);
  return { sent: reports[0].sent + reports[1].sent, failed: reports[0].failed + reports[1].failed };
}

let addresses = 0;
const context = (): IdentityContext => ({
  now: new Date(),
  mfa: "optional",
  clientAddress: `198.51.100.${++addresses}`,
});
const PASSWORD = "Sunny-Day-42";

async function member(email: string) {
  const { accountId } = await signUpNew(
    { email, password: PASSWORD, givenName: "Ada", familyName: "Lovelace" },
    context(),
  );
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context());
  return accountId;
}

/** The phone is set and verified from the security centre, as the account page does. */
const securityCentre = (accountId: string, email: string) => createBuiltinIdentity({ accountId, email }, context());
const setPhoneNumber = (accountId: string, email: string, phone: string) =>
  securityCentre(accountId, email).updateAttributes({ phone_number: phone });
const verifyPhoneNumber = (accountId: string, email: string, code: string) =>
  securityCentre(accountId, email).verifyAttribute("phone_number", code);

describe("texts through Amazon SNS (a fake SNS on loopback)", () => {
  it("a phone verification code reaches SNS once with two deliverers running, transactional, with the sender id, and leaves no code behind", async () => {
    textsThrough("outbox");
    const email = "verify-phone@example.com";
    const accountId = await member(email);
    const phone = "+14155550142";
    await setPhoneNumber(accountId, email, phone);
    const [queued] = await pendingTexts();
    expect(queued).toMatchObject({ recipient: phone, attempts: 0 });

    textsThrough("sns");
    expect(await twoDeliverers()).toEqual({ sent: 1, failed: 0 });
    expect(textsTo(phone)).toHaveLength(1);
    expect(sns.received).toHaveLength(1);
    const [text] = sns.received;
    expect(text!.message).toMatch(/^Your Happr verification code is \d{6}\.$/);
    expect(text!.attributes).toEqual({
      "AWS.SNS.SMS.SMSType": "Transactional",
      "AWS.SNS.SMS.SenderID": "Happr",
      "AWS.MM.SMS.OriginationNumber": "+14155550100",
    });
    // Signed by the SDK for the configured region with the credentials it found itself.
    expect(text!.authorization).toMatch(/Credential=AKIDTESTSNS\/\d{8}\/eu-west-1\/sns\/aws4_request/);

    const [row] = await db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ body: "", recipient: "", attempts: 1, lastError: null });
    await verifyPhoneNumber(accountId, email, codeIn(text));

    expect(await twoDeliverers()).toEqual({ sent: 0, failed: 0 });
    expect(sns.received).toHaveLength(1);
  });

  it("an SMS sign-in code reaches SNS once with two deliverers running, and signs in", async () => {
    textsThrough("outbox");
    const email = "sms-mfa@example.com";
    const accountId = await member(email);
    const phone = "+14155550143";
    await setPhoneNumber(accountId, email, phone);
    await verifyPhoneNumber(accountId, email, await lastCodeSentTo(db, phone));
    await setMfaPreference(accountId, { sms: true, preferred: "SMS_MFA" }, context());
    // The verification text is not part of this test: send it first.
    textsThrough("sns");
    await deliverPending();
    sns.received.length = 0;

    textsThrough("outbox");
    const challenge = await signIn({ email, password: PASSWORD }, context());
    expect(challenge).toMatchObject({ signedIn: false, challenge: "SMS_MFA" });

    textsThrough("sns");
    expect(await twoDeliverers()).toEqual({ sent: 1, failed: 0 });
    expect(textsTo(phone)).toHaveLength(1);
    expect(textsTo(phone)[0]!.message).toMatch(/^Your Happr sign-in code is \d{6}\. It expires in 5 minutes\.$/);
    if (challenge.signedIn) throw new Error("expected a challenge");
    expect(
      await respondToChallenge(
        { session: challenge.session, challenge: "SMS_MFA", answer: codeIn(textsTo(phone)[0]) },
        context(),
      ),
    ).toEqual({
      signedIn: true,
      accountId,
    });
    expect(await pendingTexts()).toEqual([]);
  });

  it("a Safe Circle invitation by phone reaches SNS once, while another deliverer runs beside the invitation's own", async () => {
    textsThrough("sns");
    const owner = { memberId: "owner-sms-1", email: "olivia-sms@example.com", name: "Olivia" };
    const familyPlan = async () => ({ family: true, currentPeriodEnd: null });
    const [invitation] = await Promise.all([
      inviteToCircle(owner, { phone: "+1 415 555 0144" }, { familyPlan, siteUrl: "http://localhost:3000" }),
      deliverPending(),
    ]);
    expect(invitation).toMatchObject({ channel: "sms", recipient: "+14155550144" });
    await deliverPending();
    expect(textsTo("+14155550144")).toHaveLength(1);
    expect(textsTo("+14155550144")[0]!.message).toMatch(
      /^Olivia invited you to their Happr Safe Circle\. Join within 7 days: http:\/\/localhost:3000\/invitation\/open\?invitation=[\w-]{43}$/,
    );
    expect(await pendingTexts()).toEqual([]);
  });

  it("hands phone verification and SMS sign-in codes to SNS right after commit, without waiting for another action", async () => {
    textsThrough("sns");
    const email = "after-commit@example.com";
    const accountId = await member(email);
    const phone = "+14155550145";
    await setPhoneNumber(accountId, email, phone);
    await vi.waitFor(() => expect(textsTo(phone)).toHaveLength(1));
    await verifyPhoneNumber(accountId, email, codeIn(textsTo(phone)[0]));
    await setMfaPreference(accountId, { sms: true, preferred: "SMS_MFA" }, context());

    const challenge = await signIn({ email, password: PASSWORD }, context());
    expect(challenge).toMatchObject({ challenge: "SMS_MFA" });
    await vi.waitFor(() => expect(textsTo(phone)).toHaveLength(2));
    await vi.waitFor(async () => expect(await pendingTexts()).toEqual([]));
    expect(textsTo(phone)[1]!.message).toMatch(/sign-in code/);
  });

  it("retries a text SNS refused later, after a back-off, and never twice at once", async () => {
    textsThrough("outbox");
    const { id } = await sendSms({ to: "+14155550146", body: "Your Happr verification code is 123456." });
    textsThrough("sns");
    sns.state.failNext = 1;
    expect(await twoDeliverers()).toEqual({ sent: 0, failed: 1 });
    expect(sns.state.requests).toBe(1);
    let [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/Invalid parameter: test failure/);
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // Within the back-off nobody retries it.
    expect(await twoDeliverers()).toEqual({ sent: 0, failed: 0 });
    expect(sns.state.requests).toBe(1);

    await db
      .update(outbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    expect(await twoDeliverers()).toEqual({ sent: 1, failed: 0 });
    expect(sns.state.requests).toBe(2);
    expect(textsTo("+14155550146")).toHaveLength(1);
    [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ attempts: 2, lastError: null, body: "", recipient: "" });
  });

  it("sends each of many texts once with four deliverers at the same time", async () => {
    textsThrough("outbox");
    const phones = Array.from({ length: 25 }, (_, i) => `+1415555${String(1000 + i)}`);
    for (const phone of phones) await sendSms({ to: phone, body: "Your Happr verification code is 654321." });
    textsThrough("sns");
    const reports = await Promise.all([1, 2, 3, 4].map(() => deliverPending()));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(25);
    expect(sns.received).toHaveLength(25);
    expect(new Set(sns.received.map((text) => text.phoneNumber))).toEqual(new Set(phones));
  });

  it("sends only the transactional type when no sender id or origination number is configured", async () => {
    textsThrough("outbox");
    await sendSms({ to: "+14155550147", body: "Hello" });
    expect(await deliverPending({ sms: snsSender({ region: "us-east-1", endpoint: sns.url }) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(textsTo("+14155550147")[0]!.attributes).toEqual({ "AWS.SNS.SMS.SMSType": "Transactional" });
  });

  it("keeps texts in the outbox without SMS=sns", async () => {
    textsThrough("outbox");
    const { id } = await sendSms({ to: "+14155550148", body: "Stays queued" });
    expect(await twoDeliverers()).toEqual({ sent: 0, failed: 0 });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ attempts: 0, sentAt: null, recipient: "+14155550148" });
    expect(sns.state.requests).toBe(0);
    // Leave nothing for the other tests' deliverers.
    await db.delete(outbox).where(eq(outbox.id, id));
  });
});
