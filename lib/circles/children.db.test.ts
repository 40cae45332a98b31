import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { completeSandboxCheckout } from "@/lib/billing/sandbox/checkout";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { childConsents, circleMemberships, identityAccounts } from "@/lib/db/schema";
import { readOutbox } from "@/lib/mail";
import { forgotPassword } from "@/lib/identity/builtin/accounts";
import { respondToChallenge, signIn } from "@/lib/identity/builtin/sign-in";
import { setPasswordHashParamsForTests } from "@/lib/identity/password";
import { acceptInvitation, inviteToCircle, type CircleOptions } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { addressee } from "@/lib/invitations/testing";
import { isSessionCurrent } from "@/lib/identity/builtin/accounts";
import {
  CHILD_CONSENT_VERSION,
  childCirclesOf,
  childrenInCareOf,
  createChildAccount,
  getMyCircles,
  isUnder13,
  resetChildCredential,
  setCircleRole,
} from ".";
import { failure } from "./testing";

const SITE = "http://localhost:3000";
const NOW = new Date("2026-04-15T12:00:00.000Z");
const CHILD_PASSWORD = "Purple-Otter-Lantern-9";
let provider: SandboxBillingProvider;
let billing: BillingService;
let options: CircleOptions;

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  options = { familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE };
});

let people = 0;
const person = (name: string) => {
  people += 1;
  return { memberId: `member-${people}`, email: `${name.toLowerCase()}${people}@example.com`, name };
};
type Person = ReturnType<typeof person>;

async function familyOwner(name = "Olive") {
  const owner = person(name);
  const { checkoutSessionId } = await billing.createCheckoutSession(owner, {
    priceId: sandboxPriceId("happr_family_monthly"),
    successUrl: `${SITE}/my-account`,
    cancelUrl: `${SITE}/pricing`,
  });
  await completeSandboxCheckout(provider, checkoutSessionId, {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2030,
    cvc: "123",
    name: owner.name,
  });
  await billing.validateSession(owner, checkoutSessionId);
  return owner;
}

async function join(owner: Person, who: Person, role?: "member" | "guardian") {
  await inviteToCircle(owner, { email: who.email, role }, options);
  const body = (await readOutbox(await getDb(), who.email)).at(-1)!.body;
  const token = new URL(body.match(/https?:\/\/\S+/)![0]).searchParams.get("invitation")!;
  await acceptInvitation(addressee(who), token, options);
}

const child = (circleId: string, extra: Record<string, unknown> = {}) => ({
  circleId,
  firstName: "Maya",
  birthMonth: "2017-04",
  credential: { password: CHILD_PASSWORD },
  consent: true,
  ...extra,
});
const create = (guardian: Person, input: ReturnType<typeof child>) =>
  createChildAccount(guardian, input, { familyPlan: options.familyPlan, now: NOW });

async function counts() {
  const db = await getDb();
  return {
    accounts: (await db.select().from(identityAccounts)).length,
    consents: (await db.select().from(childConsents)).length,
    memberships: (await db.select().from(circleMemberships)).length,
  };
}

const at = { now: NOW, mfa: "optional" as const, clientAddress: "198.51.100.7" };

describe("a guardian creates a child's account", () => {
  it("with a first password: the child is in the circle, consent is recorded and the child signs in by name", async () => {
    const owner = await familyOwner();
    const created = await create(owner, child("own"));
    expect(created.signInName).toMatch(/^maya\.\d{4}$/);
    expect(created.oneTimeCode).toBeUndefined();

    const db = await getDb();
    const [consent] = await db.select().from(childConsents).where(eq(childConsents.childId, created.childId));
    expect(consent).toMatchObject({
      guardianId: owner.memberId,
      circleId: created.circleId,
      birthMonth: "2017-04",
      wordingVersion: CHILD_CONSENT_VERSION,
    });
    expect(consent!.consentedAt.getTime()).toBe(NOW.getTime());
    expect((await getMyCircles(created.childId)).map((c) => c.role)).toEqual(["child"]);

    const signedIn = await signIn({ email: created.signInName.toUpperCase(), password: CHILD_PASSWORD }, at);
    expect(signedIn).toMatchObject({ signedIn: true, accountId: created.childId });
    expect(await childCirclesOf(created.childId)).toEqual([
      {
        circleId: created.circleId,
        circleName: "Olive's circle",
        grownUps: [{ name: "Olive", role: "owner" }],
      },
    ]);
    // The owner is not a child anywhere: their page stays the full one.
    expect(await childCirclesOf(owner.memberId)).toBeNull();
    // A sign-in name has no mailbox: a password reset for it answers as usual and sends nothing.
    await forgotPassword({ email: created.signInName }, at);
    expect(await readOutbox(db, created.signInName)).toEqual([]);
  });

  it("with a one-time code: the first sign-in asks the child to choose a password, and the code then stops working", async () => {
    const owner = await familyOwner();
    const created = await create(owner, child("own", { firstName: "Léo", credential: { oneTimeCode: true } }));
    expect(created.signInName).toMatch(/^leo\.\d{4}$/);
    expect(created.oneTimeCode).toMatch(/^[A-HJKMNP-Z]{4}-[a-hjkmnp-z]{4}-[2-9]{4}$/);

    const first = await signIn({ email: created.signInName, password: created.oneTimeCode! }, at);
    expect(first).toMatchObject({ signedIn: false, challenge: "NEW_PASSWORD_REQUIRED" });
    if (first.signedIn) throw new Error("unreachable");
    const chosen = await respondToChallenge(
      { session: first.session, challenge: "NEW_PASSWORD_REQUIRED", answer: CHILD_PASSWORD },
      at,
    );
    expect(chosen).toMatchObject({ signedIn: true, accountId: created.childId });
    await expect(signIn({ email: created.signInName, password: created.oneTimeCode! }, at)).rejects.toThrow();
    expect(await signIn({ email: created.signInName, password: CHILD_PASSWORD }, at)).toMatchObject({
      signedIn: true,
    });
  });

  it("a guardian of the circle may, and the child lists the guardian among their grown-ups", async () => {
    const owner = await familyOwner("Gwen");
    const guardian = person("Grace");
    await join(owner, guardian, "guardian");
    const [circle] = await getMyCircles(owner.memberId);
    const created = await create(guardian, child(circle!.circleId));
    const [view] = (await childCirclesOf(created.childId))!;
    expect(view!.grownUps.map((g) => g.role).sort()).toEqual(["guardian", "owner"]);
  });
});

describe("refusals write nothing", () => {
  it("a birth month that makes the child 13 or over answers 400 naming birthMonth", async () => {
    const owner = await familyOwner();
    const { circleId } = await create(owner, child("own"));
    const before = await counts();
    // Born in March 2013: 13 by the end of March 2026, before 15 April 2026.
    expect(await failure(create(owner, child(circleId, { birthMonth: "2013-03" })))).toMatchObject({
      status: 400,
      field: "birthMonth",
    });
    expect(await failure(create(owner, child(circleId, { birthMonth: "2000-01" })))).toMatchObject({
      status: 400,
      field: "birthMonth",
    });
    expect(await failure(create(owner, child(circleId, { birthMonth: "2026-05" })))).toMatchObject({
      status: 400,
      field: "birthMonth",
    });
    expect(await failure(create(owner, child(circleId, { birthMonth: "April 2017" })))).toMatchObject({
      status: 400,
      field: "birthMonth",
    });
    expect(await counts()).toEqual(before);
    // Born in April 2013: possibly still 12 until the end of April 2026.
    await create(owner, child(circleId, { birthMonth: "2013-04" }));
  });

  it("without consent answers 400 naming consent; a weak first password 400 naming password", async () => {
    const owner = await familyOwner();
    const { circleId } = await create(owner, child("own"));
    const before = await counts();
    expect(await failure(create(owner, child(circleId, { consent: false })))).toMatchObject({
      status: 400,
      field: "consent",
    });
    expect(await failure(create(owner, child(circleId, { consent: "true" })))).toMatchObject({ field: "consent" });
    expect(await failure(create(owner, child(circleId, { credential: { password: "password1" } })))).toMatchObject({
      status: 400,
      field: "password",
    });
    expect(await counts()).toEqual(before);
  });

  it("a plain member gets 403, someone outside the circle 404, as for a circle that does not exist", async () => {
    const owner = await familyOwner();
    const member = person("Mo");
    await join(owner, member);
    const [circle] = await getMyCircles(owner.memberId);
    const before = await counts();
    expect(await failure(create(member, child(circle!.circleId)))).toMatchObject({ status: 403 });
    const outsider = person("Out");
    const outside = await failure(create(outsider, child(circle!.circleId)));
    expect(outside).toEqual({ status: 404, message: "Circle not found", field: undefined });
    expect(await failure(create(outsider, child("00000000-0000-4000-8000-000000000000")))).toEqual(outside);
    // Without a Family plan there is no circle of one's own to start.
    expect(await failure(create(outsider, child("own")))).toMatchObject({ status: 403 });
    expect(await counts()).toEqual(before);
    // A child cannot create children either.
    const made = await create(owner, child(circle!.circleId));
    expect(
      await failure(create({ memberId: made.childId, name: "Maya" } as Person, child(circle!.circleId))),
    ).toMatchObject({ status: 403 });
  });

  it("the circle's capacity (the owner and 5 more) still applies: 409", async () => {
    const owner = await familyOwner();
    const { circleId } = await create(owner, child("own"));
    for (let i = 0; i < 4; i += 1) await create(owner, child(circleId));
    const before = await counts();
    expect(await failure(create(owner, child(circleId)))).toMatchObject({ status: 409 });
    expect(await counts()).toEqual(before);
    expect((await getMyCircles(owner.memberId))[0]!.memberCount).toBe(6);
  });
});

describe("isUnder13", () => {
  it("counts from the end of the birth month", () => {
    expect(isUnder13("2013-04", new Date("2026-04-30T23:59:59Z"))).toBe(true);
    expect(isUnder13("2013-04", new Date("2026-05-01T00:00:00Z"))).toBe(false);
    expect(isUnder13("2013-12", new Date("2026-12-31T12:00:00Z"))).toBe(true);
    expect(isUnder13("2013-12", new Date("2027-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("a guardian gives a child a new password or one-time code", () => {
  const later = new Date(NOW.getTime() + 60_000);
  const reset = (who: { memberId: string }, childId: string, credential: unknown) =>
    resetChildCredential(who, { childId, credential }, { now: later });

  it("the owner or a guardian may: the new password works, the old one stops, and the child's sessions end", async () => {
    const owner = await familyOwner();
    const guardian = person("Gail");
    await join(owner, guardian, "guardian");
    const [circle] = await getMyCircles(owner.memberId);
    const created = await create(owner, child(circle!.circleId));
    expect(await isSessionCurrent(created.childId, NOW)).toBe(true);

    expect(await reset(guardian, created.childId, { password: "Green-Kite-River-31" })).toEqual({
      signInName: created.signInName,
    });
    expect(await isSessionCurrent(created.childId, NOW)).toBe(false);
    await expect(
      signIn({ email: created.signInName, password: CHILD_PASSWORD }, { ...at, now: later }),
    ).rejects.toThrow();
    expect(
      await signIn({ email: created.signInName, password: "Green-Kite-River-31" }, { ...at, now: later }),
    ).toMatchObject({ signedIn: true, accountId: created.childId });

    const code = await reset(owner, created.childId, { oneTimeCode: true });
    expect(code.oneTimeCode).toMatch(/^[A-HJKMNP-Z]{4}-[a-hjkmnp-z]{4}-[2-9]{4}$/);
    expect(
      await signIn({ email: created.signInName, password: code.oneTimeCode! }, { ...at, now: later }),
    ).toMatchObject({
      signedIn: false,
      challenge: "NEW_PASSWORD_REQUIRED",
    });
    expect(await childrenInCareOf(guardian.memberId)).toEqual([
      { childId: created.childId, name: "Maya", signInName: created.signInName, circleName: "Olive's circle" },
    ]);
  });

  it("attacks: a plain member of the circle gets 403, a guardian of another circle and an outsider 404, and nothing changes", async () => {
    const owner = await familyOwner();
    const member = person("Mo");
    await join(owner, member);
    const [circle] = await getMyCircles(owner.memberId);
    const created = await create(owner, child(circle!.circleId));
    const otherOwner = await familyOwner("Oscar");
    const otherGuardian = person("Gert");
    await join(otherOwner, otherGuardian, "guardian");
    const db = await getDb();
    const hashBefore = (await db.select().from(identityAccounts).where(eq(identityAccounts.id, created.childId)))[0]!
      .passwordHash;

    const asMember = await failure(reset(member, created.childId, { password: "Green-Kite-River-31" }));
    expect(asMember).toMatchObject({ status: 403 });
    const unseen = { status: 404, message: "Child not found", field: undefined };
    expect(await failure(reset(otherGuardian, created.childId, { oneTimeCode: true }))).toEqual(unseen);
    expect(await failure(reset(otherOwner, created.childId, { oneTimeCode: true }))).toEqual(unseen);
    expect(await failure(reset(person("Out"), created.childId, { oneTimeCode: true }))).toEqual(unseen);
    expect(await failure(reset(owner, "not-a-child", { oneTimeCode: true }))).toEqual(unseen);
    // An adult who signed up themselves is never moved to the child role, and keeps their password to
    // themselves even when a direct write (from before this rule) gave it to them.
    expect(
      await failure(
        setCircleRole(owner.memberId, { circleId: circle!.circleId, memberId: member.memberId, role: "child" }),
      ),
    ).toMatchObject({ status: 409, field: "role" });
    await db.update(circleMemberships).set({ role: "child" }).where(eq(circleMemberships.memberId, member.memberId));
    expect(await failure(reset(owner, member.memberId, { oneTimeCode: true }))).toEqual(unseen);
    expect(await childrenInCareOf(otherGuardian.memberId)).toEqual([]);

    expect(
      (await db.select().from(identityAccounts).where(eq(identityAccounts.id, created.childId)))[0]!.passwordHash,
    ).toBe(hashBefore);
    expect(await isSessionCurrent(created.childId, NOW)).toBe(true);
    expect(await failure(reset(owner, created.childId, { password: "short" }))).toMatchObject({
      status: 400,
      field: "password",
    });
  });
});
