import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import {
  childConsents,
  circleInvitations,
  circleMemberships,
  identityAccounts,
  identityPoolMembers,
  jobs,
} from "@/lib/db/schema";
import { invitationTokenSentTo } from "@/lib/invitations/testing";
import { familyPlanFrom } from "@/lib/circles";
import { readOutbox } from "@/lib/mail";
import { setPasswordHashParamsForTests } from "@/lib/identity/password";
import {
  carersOf,
  CHILD_TURNS_13_JOB,
  childCirclesOf,
  circleJobHandlers,
  createChildAccount,
  getMyCircles,
  isCarerOf,
  memberDeliverAt,
  resetChildCredential,
  setChildQuietHours,
} from "@/lib/circles";
import { failure } from "@/lib/circles/testing";
import { guardsChild } from "@/lib/calendar/store";
import { suggestHabit } from "@/lib/habits/store";
import { runDueJobs } from "@/lib/jobs";
import type { Member } from "@/lib/auth/member";
import { createTestServer, ops } from "./test-helpers";

/**
 * Issue 37, points 1 and 2, performed as another family and as a child would: over the API with the
 * child's own credentials, and through the lib calls every other door makes. Each attack must answer
 * a refusal and write nothing.
 */
const SITE = "http://localhost:3000";
// Every test has its own people (one database for the file); the server finds a caller by id here.
const callers: Record<string, Member> = {};
let count = 0;
function person(name: string): Member {
  count += 1;
  const member = { memberId: `member-${count}`, email: `${name.toLowerCase()}${count}@example.com`, name };
  callers[member.memberId] = member;
  return member;
}

const circleOps = {
  setCircleRole: `mutation($circleId: String!, $memberId: String!, $role: CircleRole!) { setCircleRole(circleId: $circleId, memberId: $memberId, role: $role) { statusCode message } }`,
  leaveCircle: `mutation($circleId: String!) { leaveCircle(circleId: $circleId) { statusCode message } }`,
  inviteToCircle: `mutation($email: String, $role: String) { inviteToCircle(email: $email, role: $role) { statusCode message invitation { invitationId circleId role } } }`,
};

let provider: SandboxBillingProvider;
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;
const gql = async (query: string, variables: Record<string, unknown>, who: Member) => {
  const { body } = await server.gql(query, variables, who.memberId);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Record<string, unknown>;
};

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  server = createTestServer({ members: callers, billing: async () => billing });
});

const familyPlan = () => familyPlanFrom(async () => billing);
const subscribe = (who: Member) => subscribeInSandbox({ provider, billing }, who, undefined, SITE);

async function invite(owner: Member, email: string, role = "member") {
  const invited = await gql(circleOps.inviteToCircle, { email, role }, owner);
  expect(invited).toMatchObject({ statusCode: 201 });
  return { circleId: (invited.invitation as { circleId: string }).circleId, token: await invitationTokenSentTo(email) };
}

async function join(owner: Member, who: Member, role = "member") {
  const { circleId, token } = await invite(owner, who.email, role);
  expect(await gql(ops.invitationSignUpDone, { token }, who)).toMatchObject({ statusCode: 200 });
  return circleId;
}

/** Olga's family: Gus her guardian, and Maya, a child's account Olga made (born June 2018 by default). */
async function olgasFamily(birthMonth = "2018-06") {
  const olga = person("Olga");
  const gus = person("Gus");
  await subscribe(olga);
  const circleId = await join(olga, gus, "guardian");
  const made = await createChildAccount(
    olga,
    { circleId, firstName: "Maya", birthMonth, credential: { password: "Purple-Otter-Lantern-9" }, consent: true },
    { familyPlan: familyPlan() },
  );
  const maya = { memberId: made.childId, email: made.signInName, name: "Maya" };
  callers[maya.memberId] = maya;
  return { olga, gus, maya, circleId, childId: made.childId };
}

/** Mallory, another family's owner with a live Family plan. */
async function mallory() {
  const owner = person("Mallory");
  await subscribe(owner);
  return owner;
}

async function snapshot(childId: string) {
  const db = await getDb();
  return {
    account: (await db.select().from(identityAccounts).where(eq(identityAccounts.id, childId)))[0],
    memberships: await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, childId)),
    consent: await db.select().from(childConsents).where(eq(childConsents.childId, childId)),
  };
}

describe("another family cannot take over a child's account", () => {
  it("the child's account cannot accept another family's invitation over the API: 403, nothing written", async () => {
    const { maya, childId } = await olgasFamily();
    const other = await mallory();
    const { token } = await invite(other, "maya-lure@example.com");
    const db = await getDb();
    const before = await snapshot(childId);

    expect(await gql(ops.invitationSignUpDone, { token }, maya)).toEqual({
      statusCode: 403,
      message: "A child's account cannot join another circle. Ask one of your grown-ups.",
    });
    expect(await snapshot(childId)).toEqual(before);
    // The invitation is still waiting, unused: the refusal came before it was read.
    const [invitation] = await db.select().from(circleInvitations).where(eq(circleInvitations.ownerId, other.memberId));
    expect(invitation).toMatchObject({ status: "pending", acceptedBy: null });
  });

  it("only the carers of the circle the child was made in reach them: a circle the child is put in otherwise gives nothing", async () => {
    const { olga, gus, maya, childId, circleId } = await olgasFamily();
    const other = await mallory();
    // Mallory's circle holds the child with the role `child` (as the old code let an accepted
    // invitation and a role change do): written directly, the strongest position an attacker had.
    await join(other, person("Ada"));
    const malloryCircle = (await getMyCircles(other.memberId))[0]!.circleId;
    const db = await getDb();
    await db.insert(circleMemberships).values({ circleId: malloryCircle, memberId: childId, role: "child" });
    const before = await snapshot(childId);

    expect(
      await failure(resetChildCredential(other, { childId, credential: { password: "Mallory-Owns-It-77" } })),
    ).toEqual({ status: 404, message: "Child not found", field: undefined });
    expect((await snapshot(childId)).account).toEqual(before.account);
    expect(await isCarerOf(db, other.memberId, childId)).toBe(false);
    expect(await guardsChild(db, other.memberId, childId)).toBe(false);
    expect(
      await failure(
        suggestHabit(other.memberId, childId, {
          title: "Obey",
          kind: "COUNT",
          target: 1,
          unit: "times",
          schedule: "DAILY",
          restDaysPerWeek: 0,
        }),
      ),
    ).toMatchObject({
      status: 404,
    });
    // Mallory's circle's "children's quiet hours" do not reach Maya's reminders.
    await setChildQuietHours(other.memberId, {
      circleId: malloryCircle,
      quietHours: { days: [1, 2, 3, 4, 5, 6, 7], from: "00:00", to: "23:59" },
    });
    const at = new Date("2027-01-12T12:00:00Z");
    expect(await memberDeliverAt(childId, at)).toEqual(at);
    expect((await carersOf(db, childId)).map((carer) => carer.memberId).sort()).toEqual(
      [gus.memberId, olga.memberId].sort(),
    );
    // Her own carers still do: a new password, and her page lists them alone.
    expect(await resetChildCredential(gus, { childId, credential: { password: "Green-Kite-River-31" } })).toMatchObject(
      { signInName: maya.email },
    );
    expect((await childCirclesOf(childId))!.map((circle) => circle.circleId)).toEqual([circleId]);
  });

  it("an owner cannot make an adult a child over the API, nor a child's account an adult's: 409, nothing written", async () => {
    const { olga, gus, circleId, childId } = await olgasFamily();
    const ada = person("Ada");
    await join(olga, ada);
    const setRole = (who: Member, memberId: string, role: string) =>
      gql(circleOps.setCircleRole, { circleId, memberId, role }, who);
    const adultMade = {
      statusCode: 409,
      message:
        "role: only an account a grown-up made for a child under 13 has the role child; an adult cannot be made a child",
    };
    expect(await setRole(olga, ada.memberId, "CHILD")).toEqual(adultMade);
    expect(await setRole(gus, ada.memberId, "CHILD")).toEqual(adultMade);
    expect(await setRole(olga, childId, "MEMBER")).toEqual({
      statusCode: 409,
      message: "role: a child's account keeps the role child until they turn 13",
    });
    const db = await getDb();
    const roles = await db.select().from(circleMemberships).where(eq(circleMemberships.circleId, circleId));
    expect(roles.find((row) => row.memberId === ada.memberId)!.role).toBe("member");
    expect(roles.find((row) => row.memberId === childId)!.role).toBe("child");
    // The adult stays out of anyone's care: no carer, no child's page.
    expect(await carersOf(db, ada.memberId)).toEqual([]);
    expect(await childCirclesOf(ada.memberId)).toBeNull();
  });

  it("the child cannot leave their guardians' circle over the API: 403, nothing written; the owner may take them out", async () => {
    const { olga, maya, circleId, childId } = await olgasFamily();
    const before = await snapshot(childId);
    expect(await gql(circleOps.leaveCircle, { circleId }, maya)).toEqual({
      statusCode: 403,
      message: "A child's account stays in the circle it was made in. Ask one of your grown-ups.",
    });
    expect(await snapshot(childId)).toEqual(before);
    // An adult still leaves freely.
    const ada = person("Ada");
    await join(olga, ada);
    expect(await gql(circleOps.leaveCircle, { circleId }, ada)).toMatchObject({ statusCode: 200 });
  });
});

describe("when the child turns 13", () => {
  it("the account becomes theirs at the instant: limits and carers end; the job makes them a member and tells the carers once", async () => {
    // Born in November 2013: 13 from 1 December 2026 (UTC).
    const { olga, gus, circleId, childId } = await olgasFamily("2013-11");
    const db = await getDb();
    // Where the carers' addresses are known (a Cognito pool's local copy; the built-in account row otherwise).
    await db
      .insert(identityPoolMembers)
      .values([olga, gus].map((who) => ({ memberId: who.memberId, email: who.email, fetchedAt: new Date() })));
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, CHILD_TURNS_13_JOB), eq(jobs.key, childId)));
    expect(job!.runAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");

    const before = new Date("2026-11-30T23:59:59Z");
    const after = new Date("2026-12-01T00:00:00Z");
    expect(await isCarerOf(db, olga.memberId, childId, before)).toBe(true);
    expect(await isCarerOf(db, olga.memberId, childId, after)).toBe(false);
    expect(await childCirclesOf(childId, { now: after })).toBeNull();

    // Not due yet: nothing happens.
    expect(await runDueJobs(circleJobHandlers, { now: before })).toEqual({ ran: 0, failed: 0 });
    expect(await runDueJobs(circleJobHandlers, { now: after })).toEqual({ ran: 1, failed: 0 });
    const [membership] = await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, childId));
    expect(membership).toMatchObject({ circleId, role: "member" });
    for (const who of [olga, gus]) {
      const told = await readOutbox(db, who.email);
      expect(told.at(-1)).toMatchObject({ subject: "Maya is 13: their Happr account is now their own" });
    }
    // Once: the job is gone.
    expect(await runDueJobs(circleJobHandlers, { now: new Date("2027-01-01T00:00:00Z") })).toEqual({
      ran: 0,
      failed: 0,
    });
    // The carers' powers ended with it (the rule counts the age at each request).
    expect(
      await failure(resetChildCredential(olga, { childId, credential: { oneTimeCode: true } }, { now: after })),
    ).toMatchObject({ status: 404 });
  });
});
