import { eq } from "drizzle-orm";
import { localDateOf } from "@/lib/time";
import { checkInHabit, createHabit } from "@/lib/habits/store";
import { describe, expect, it } from "vitest";
import { createChildAccount, getMyCircles } from "@/lib/circles";
import { childConsents, circleMemberships, identityAccounts, jobs, memberProfiles } from "@/lib/db/schema";
import { acceptInvitation, inviteToCircle, verifiedContactsOf } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { readOutbox } from "@/lib/mail";
import { getDb } from "@/lib/db/client";
import { freezeClockAt } from "@/lib/billing/sandbox/clock";
import { subscribeInSandbox } from "@/lib/billing/sandbox/testing";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { signIn } from "@/lib/identity/builtin/sign-in";
import { useMemberTestDatabase } from "@/lib/identity/builtin/testing";
import { lastCodeSentTo, signUpNew } from "@/lib/identity/builtin/test-helpers";
import { getUserProfile, updateUserProfile } from "@/lib/profile";
import { createEvent, rotateFeed } from "@/lib/calendar/store";
import { deleteMemberAccount, exportMemberData } from ".";

const SITE = "http://localhost:3000";
const context = { mfa: "optional" as const };
let provider: SandboxBillingProvider;
let billing: BillingService;

useMemberTestDatabase(async (db) => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  billing = createBillingService(provider, { siteUrl: SITE });
  await freezeClockAt(db, Date.UTC(2026, 3, 1) / 1000);
}, 120_000);

describe("a member's data and account deletion", () => {
  it("downloads profile, subscription history, transactions and circle; deleting cancels the plan at once and removes everything", async () => {
    const email = "leaving@example.com";
    const password = "Sunny-Day-42";
    const { accountId } = await signUpNew({ email, password, givenName: "Lee", familyName: "Ving" }, context);
    await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, context);
    const member = { memberId: accountId, email, name: "Lee Ving" };
    await updateUserProfile(accountId, { firstName: "Lee", timezone: "Europe/London" });
    await subscribeInSandbox({ provider, billing }, member, "happr_family_monthly", SITE);
    const security = createBuiltinIdentity({ accountId, email }, context);
    const dentist = await createEvent(accountId, {
      title: "Dentist",
      startDate: "2026-05-14",
      endDate: "2026-05-15",
      rrule: "FREQ=YEARLY",
      visibility: "private",
    });
    await rotateFeed(accountId, true);
    const habit = await createHabit(accountId, { title: "Stretch", kind: "MINUTES", target: 10, schedule: "DAILY" });
    const today = localDateOf(Math.floor(Date.now() / 1000), "Europe/London");
    await checkInHabit(accountId, habit.id, { date: today, value: 12, note: "easy" });

    const data = await exportMemberData(member, { security });
    expect(data.habits.habits).toEqual([
      expect.objectContaining({ id: habit.id, title: "Stretch", targets: [expect.objectContaining({ target: 10 })] }),
    ]);
    expect(data.habits.entries).toEqual([
      expect.objectContaining({ habitId: habit.id, day: today, value: 12, note: "easy", memberId: accountId }),
    ]);
    expect(data.account).toMatchObject({ memberId: accountId, email, emailVerified: true, phoneNumber: null });
    expect(data.profile).toMatchObject({ firstName: "Lee", timezone: "Europe/London" });
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ status: "active", priceId: sandboxPriceId("happr_family_monthly") }),
    ]);
    expect(data.transactions.length).toBeGreaterThan(0);
    expect(data.transactions[0]).toMatchObject({ amount: 999, currency: "usd" });
    expect(data.circle).toEqual({ memberOf: null, circles: [], members: [], invitations: [] });
    expect(data.shares).toEqual([]);
    expect(data.calendar.events).toEqual([
      expect.objectContaining({
        title: "Dentist",
        startDate: "2026-05-14",
        rrule: "FREQ=YEARLY",
        visibility: "private",
      }),
    ]);
    expect(data.calendar.feed).toMatchObject({ neutralTitles: true, lastUsedAt: null });
    expect(JSON.stringify(data)).not.toMatch(/password|secret|hash/i);

    await expect(deleteMemberAccount(member, "Wrong-Pass-1!", { security, billing })).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    expect((await billing.getMySubscriptions(accountId))[0]!.status).toBe("active");

    const subscriptionId = data.subscriptions[0]!.subscriptionId;
    const reminders = async () =>
      (await (await getDb()).select().from(jobs).where(eq(jobs.key, dentist.id))).map((job) => job.kind);
    expect(await reminders()).toEqual(["event-reminder"]);
    await deleteMemberAccount(member, password, { security, billing });
    // The event's reminder goes with the calendar.
    expect(await reminders()).toEqual([]);
    expect(await billing.getMySubscriptions(accountId)).toEqual([]);
    // Ended at once with the provider, whose customer is deleted.
    expect((await provider.getSubscription(subscriptionId)).status).toBe("canceled");
    const after = await exportMemberData(member, {
      security: {
        ...security,
        overview: async () => ({
          email,
          emailVerified: false,
          phoneNumber: null,
          phoneNumberVerified: false,
          mfa: { enabled: [], preferred: null },
          textCodes: true,
        }),
      },
    });
    expect(after).toMatchObject({
      subscriptions: [],
      transactions: [],
      circle: { memberOf: null, circles: [], members: [], invitations: [] },
      shares: [],
      calendar: { events: [], acknowledgements: [], feed: null },
      habits: { habits: [], entries: [] },
    });
    expect(await getUserProfile(accountId)).toEqual({
      firstName: null,
      lastName: null,
      dob: null,
      phone: null,
      timezone: null,
    });
    await expect(signIn({ email, password }, context)).rejects.toMatchObject({ code: "NotAuthorizedException" });
  });
});

// Child accounts (lib/circles/README.md): a guardian's download has the consent records of the children
// they look after, a child's their consent and memberships; a child account stays while a grown-up who
// can look after it remains, and goes with the last one.
const adultPassword = "Sunny-Day-42";
const CHILD_PASSWORD = "Purple-Otter-Lantern-9";
let count = 0;
async function adult(givenName: string) {
  count += 1;
  const email = `${givenName.toLowerCase()}${count}@example.com`;
  const { accountId } = await signUpNew({ email, password: adultPassword, givenName, familyName: "Example" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, context);
  const member = { memberId: accountId!, email, name: `${givenName} Example` };
  return { member, security: createBuiltinIdentity({ accountId: accountId!, email }, context) };
}
const options = () => ({ familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE });

/** An owner with a Family plan, a guardian in the owner's circle, and a child the owner made. */
async function family() {
  const owner = await adult("Olive");
  await subscribeInSandbox({ provider, billing }, owner.member, "happr_family_monthly", SITE);
  const guardian = await adult("Gail");
  await inviteToCircle(owner.member, { email: guardian.member.email, role: "guardian" }, options());
  const body = (await readOutbox(await getDb(), guardian.member.email)).at(-1)!.body;
  await acceptInvitation(
    { ...guardian.member, contacts: await verifiedContactsOf(guardian.member) },
    new URL(body.match(/https?:\/\/\S+/)![0]).searchParams.get("invitation")!,
    options(),
  );
  const [circle] = await getMyCircles(owner.member.memberId);
  const child = await createChildAccount(
    owner.member,
    {
      circleId: circle!.circleId,
      firstName: "Maya",
      birthMonth: "2017-04",
      credential: { password: CHILD_PASSWORD },
      consent: true,
    },
    { familyPlan: options().familyPlan },
  );
  return { owner, guardian, child, circleId: circle!.circleId };
}

async function childRows(childId: string) {
  const db = await getDb();
  return {
    account: (await db.select().from(identityAccounts).where(eq(identityAccounts.id, childId))).length,
    consents: (await db.select().from(childConsents).where(eq(childConsents.childId, childId))).length,
    memberships: (await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, childId))).length,
    profile: (await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, childId))).length,
  };
}

describe("child accounts in the data download and erasure", () => {
  it("a guardian's download has the consent records of the children they look after; a child's their consent and memberships", async () => {
    const { owner, guardian, child, circleId } = await family();
    const expected = {
      childId: child.childId,
      childName: "Maya",
      circleId,
      consentedBy: owner.member.memberId,
      consentedAt: expect.any(Number),
      wordingVersion: expect.any(String),
      birthMonth: "2017-04",
    };
    const ownersData = await exportMemberData(owner.member, { security: owner.security });
    expect(ownersData.children).toEqual({ childrenConsents: [expected], asChild: null });
    const guardiansData = await exportMemberData(guardian.member, { security: guardian.security });
    expect(guardiansData.children.childrenConsents).toEqual([expected]);

    const childMember = { memberId: child.childId, email: child.signInName, name: "Maya" };
    const childSecurity = createBuiltinIdentity({ accountId: child.childId, email: child.signInName }, context);
    const childsData = await exportMemberData(childMember, { security: childSecurity });
    expect(childsData.children).toEqual({
      childrenConsents: [],
      asChild: {
        consent: expected,
        memberships: [{ circleId, circleName: "Olive Example's circle", role: "child", joinedAt: expect.any(Number) }],
      },
    });
    expect(JSON.stringify(childsData)).not.toMatch(/password|hash/i);
  });

  it("a guardian erasing their account leaves the child while the owner remains; the owner's erasure takes the child account too", async () => {
    const { owner, guardian, child } = await family();
    await deleteMemberAccount(guardian.member, adultPassword, { security: guardian.security, billing });
    expect(await childRows(child.childId)).toEqual({ account: 1, consents: 1, memberships: 1, profile: 1 });
    expect(await signIn({ email: child.signInName, password: CHILD_PASSWORD }, context)).toMatchObject({
      signedIn: true,
    });

    await deleteMemberAccount(owner.member, adultPassword, { security: owner.security, billing });
    expect(await childRows(child.childId)).toEqual({ account: 0, consents: 0, memberships: 0, profile: 0 });
    await expect(signIn({ email: child.signInName, password: CHILD_PASSWORD }, context)).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
  });

  it("the owner's erasure ends the circle, so its guardian can no longer look after the child: the child account goes", async () => {
    const { owner, guardian, child } = await family();
    await deleteMemberAccount(owner.member, adultPassword, { security: owner.security, billing });
    expect(await childRows(child.childId)).toEqual({ account: 0, consents: 0, memberships: 0, profile: 0 });
    // The guardian's own account is untouched.
    expect(await signIn({ email: guardian.member.email, password: adultPassword }, context)).toMatchObject({
      signedIn: true,
    });
  });

  it("a child who is also in another family's circle with a guardian there stays when the first circle's owner erases", async () => {
    const first = await family();
    const second = await family();
    const db = await getDb();
    await db.insert(circleMemberships).values({
      circleId: second.circleId,
      memberId: first.child.childId,
      role: "child",
      name: "Maya",
      contact: first.child.signInName,
    });
    await deleteMemberAccount(first.owner.member, adultPassword, { security: first.owner.security, billing });
    const rows = await childRows(first.child.childId);
    expect(rows).toMatchObject({ account: 1, memberships: 1, profile: 1 });
  });
});
