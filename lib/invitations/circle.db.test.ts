import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { getDb } from "@/lib/db/client";
import { circleInvitations, circleMemberships, circles } from "@/lib/db/schema";
import { readOutbox } from "@/lib/mail";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { getUserProfile } from "@/lib/profile";
import { familyPlanFrom } from "@/lib/circles";
import {
  acceptInvitation,
  exportCircle,
  getCircle,
  INVITATION_LIFETIME_MS,
  inviteToCircle,
  previewInvitation,
  removeCircleMember,
  removeFromCircles,
  resendInvitation,
  revokeInvitation,
  type CircleOptions,
} from ".";
import { addressee } from "./testing";

const SITE = "http://localhost:3000";

let provider: SandboxBillingProvider;
let billing: BillingService;
let options: CircleOptions;

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  options = { familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE };
});

let people = 0;
const person = (name: string) => {
  people += 1;
  return { memberId: `member-${people}`, email: `${name.toLowerCase()}${people}@example.com`, name };
};

const subscribe = (member: ReturnType<typeof person>, lookupKey: string) =>
  subscribeInSandbox({ provider, billing }, member, lookupKey, SITE);

/** The link's token from the newest message to `recipient` in the outbox. */
async function tokenSentTo(recipient: string) {
  const body = (await readOutbox(await getDb(), recipient)).at(-1)?.body ?? "";
  const link = body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link sent to ${recipient}`);
  expect(link.startsWith(`${SITE}/invitation/open?invitation=`)).toBe(true);
  return new URL(link).searchParams.get("invitation")!;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; message: string },
  );

describe("Safe Circle invitations", () => {
  it("a Family subscriber invites by phone; the token is random, stored hashed, and accepted once", async () => {
    const owner = person("Olivia");
    const invitee = person("Ivan");
    await subscribe(owner, "happr_family_monthly");
    const invitation = await inviteToCircle(owner, { phone: "+1 415 555 0142" }, options);
    expect(invitation).toMatchObject({ channel: "sms", recipient: "+14155550142", status: "pending" });
    expect(invitation.expiresAt - invitation.sentAt).toBe(INVITATION_LIFETIME_MS / 1000);
    const token = await tokenSentTo("+14155550142");
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(circleInvitations)
      .where(eq(circleInvitations.id, invitation.invitationId));
    expect(row!.tokenHash).not.toContain(token);

    // The page shows the number masked, who invites, to which circle and as what.
    expect(await previewInvitation(token)).toEqual({
      valid: true,
      channel: "sms",
      recipient: "+*******0142",
      ownerName: "Olivia",
      circleName: "Olivia's circle",
      role: "member",
      viewerProblem: null,
    });
    const ivan = addressee(invitee, { phone: "+14155550142", phoneVerified: true });
    expect(await previewInvitation(token, { viewer: ivan })).toMatchObject({ valid: true, viewerProblem: null });
    expect(await acceptInvitation(ivan, token, options)).toEqual({ ownerName: "Olivia" });
    // The phone the link reached is now the invitee's profile phone.
    expect((await getUserProfile(invitee.memberId)).phone).toBe("+14155550142");
    expect(await getCircle(invitee, options)).toMatchObject({ role: "member", ownerName: "Olivia", covered: true });
    const circle = await getCircle(owner, options);
    expect(circle).toMatchObject({ role: "owner", canInvite: true, seatsLeft: 4, invitations: [] });
    expect(circle.role === "owner" && circle.members).toEqual([
      expect.objectContaining({ memberId: invitee.memberId, name: "Ivan", contact: "+14155550142", covered: true }),
    ]);

    // Reusing the link: 409, and nothing changes.
    const someoneElse = person("Sid");
    expect(await failure(acceptInvitation(addressee(someoneElse), token, options))).toMatchObject({
      status: 409,
      message: "This invitation has already been used",
    });
    expect(await getCircle(someoneElse, options)).toMatchObject({ role: "none" });
    expect(await previewInvitation(token)).toEqual({ valid: false, message: "This invitation has already been used" });
    expect(await failure(acceptInvitation(addressee(someoneElse), "no-such-token", options))).toMatchObject({
      status: 404,
      message: "Invitation not found",
    });
  });

  it("expired and revoked links fail with a clear message and change nothing; resend issues a new link", async () => {
    const owner = person("Omar");
    await subscribe(owner, "happr_family_yearly");
    const invited = await inviteToCircle(owner, { email: "Eve.Expired@Example.com" }, options);
    expect(invited.recipient).toBe("eve.expired@example.com");
    const oldToken = await tokenSentTo("eve.expired@example.com");
    const later = { ...options, now: new Date(Date.now() + INVITATION_LIFETIME_MS + 1000) };
    const eve = addressee(person("Eve"), { email: "eve.expired@example.com" });
    expect(await failure(acceptInvitation(eve, oldToken, later))).toMatchObject({
      status: 409,
      message: expect.stringContaining("expired"),
    });
    expect(await getCircle(owner, later)).toMatchObject({
      invitations: [expect.objectContaining({ status: "expired" })],
    });

    await resendInvitation(owner, invited.invitationId, options);
    const newToken = await tokenSentTo("eve.expired@example.com");
    expect(newToken).not.toBe(oldToken);
    expect(await failure(acceptInvitation(eve, oldToken, options))).toMatchObject({ status: 404 });

    await revokeInvitation(owner.memberId, invited.invitationId, {});
    expect(await failure(acceptInvitation(eve, newToken, options))).toMatchObject({
      status: 409,
      message: "This invitation was withdrawn by the person who sent it",
    });
    expect(await getCircle(eve, options)).toMatchObject({ role: "none" });
    expect(await failure(resendInvitation(owner, invited.invitationId, options))).toMatchObject({ status: 409 });
  });

  it("a full circle: 5 people besides the owner; a sixth invitation is refused until a removed member frees a seat", async () => {
    const owner = person("Fay");
    await subscribe(owner, "happr_family_monthly");
    const sent: { email: string; token: string }[] = [];
    for (let index = 0; index < 5; index += 1) {
      const email = `full${people}-${index}@example.com`;
      await inviteToCircle(owner, { email }, options);
      sent.push({ email, token: await tokenSentTo(email) });
    }
    expect(await failure(inviteToCircle(owner, { email: "one.more@example.com" }, options))).toMatchObject({
      status: 409,
      message: expect.stringContaining("full"),
    });
    expect(await getCircle(owner, options)).toMatchObject({ canInvite: false, seatsLeft: 0 });
    for (const { email, token } of sent) await acceptInvitation(addressee(person("Kid"), { email }), token, options);
    const circle = await getCircle(owner, options);
    expect(circle.role === "owner" && circle.members).toHaveLength(5);

    // A member removed frees a seat; their cover ends.
    const removed = circle.role === "owner" ? circle.members[0]!.memberId : "";
    await removeCircleMember(owner.memberId, removed, {});
    expect(await getCircle({ memberId: removed }, options)).toMatchObject({ role: "none" });
    expect(await failure(removeCircleMember(owner.memberId, removed, {}))).toMatchObject({ status: 404 });
    expect(await getCircle(owner, options)).toMatchObject({ canInvite: true, seatsLeft: 1 });
  });

  it("refuses a member without a Family plan, a duplicate invitation, a bad contact, another owner's invitation", async () => {
    const individual = person("Ines");
    await subscribe(individual, "happr_individual_monthly");
    expect(await failure(inviteToCircle(individual, { phone: "+14155550150" }, options))).toMatchObject({
      status: 403,
      message: "Only members with a live Family plan can invite people to a Safe Circle",
    });
    expect(await getCircle(individual, options)).toMatchObject({
      role: "none",
      canInvite: false,
      cannotInviteReason: expect.stringContaining("Family plan"),
    });
    expect(await failure(inviteToCircle(person("Nobody"), { email: "x@example.com" }, options))).toMatchObject({
      status: 403,
    });

    const owner = person("Otto");
    await subscribe(owner, "happr_family_monthly");
    expect(await failure(inviteToCircle(owner, {}, options))).toMatchObject({
      status: 400,
      message: expect.stringContaining("phone number or an email"),
    });
    expect(await failure(inviteToCircle(owner, { phone: "+1415", email: "a@b.co" }, options))).toMatchObject({
      status: 400,
    });
    expect(await failure(inviteToCircle(owner, { phone: "12345" }, options))).toMatchObject({
      status: 400,
      message: expect.stringContaining("phone"),
    });
    expect(await failure(inviteToCircle(owner, { phone: "+10000000000" }, options))).toMatchObject({
      status: 400,
      field: "phone",
      message: "Enter a valid phone number (for example +14155552671)",
    });
    expect(await failure(inviteToCircle(owner, { email: "not-an-email" }, options))).toMatchObject({
      status: 400,
      message: expect.stringContaining("email"),
    });
    const sent = await inviteToCircle(owner, { phone: "+14155550151" }, options);
    expect(await failure(inviteToCircle(owner, { phone: "+1 (415) 555-0151" }, options))).toMatchObject({
      status: 409,
      message: expect.stringContaining("resend"),
    });
    const stranger = person("Stranger");
    expect(await failure(revokeInvitation(stranger.memberId, sent.invitationId, {}))).toMatchObject({ status: 404 });
    expect(await failure(resendInvitation(stranger, sent.invitationId, options))).toMatchObject({ status: 403 });
    expect(await failure(revokeInvitation(owner.memberId, "not-a-uuid", {}))).toMatchObject({
      status: 400,
      message: "invitationId is invalid",
    });
    expect(await failure(acceptInvitation(addressee(owner), await tokenSentTo("+14155550151"), options))).toMatchObject(
      {
        status: 409,
        message: "You cannot accept your own invitation",
      },
    );
  });

  it("when the Family plan ends, the members lose cover, and pending links stop working", async () => {
    const owner = person("Pam");
    const kid = person("Kai");
    await subscribe(owner, "happr_family_monthly");
    await inviteToCircle(owner, { email: "kai.cover@example.com" }, options);
    await acceptInvitation(
      addressee(kid, { email: "kai.cover@example.com" }),
      await tokenSentTo("kai.cover@example.com"),
      options,
    );
    await inviteToCircle(owner, { email: "late.cover@example.com" }, options);
    const late = await tokenSentTo("late.cover@example.com");
    expect(await getCircle(kid, options)).toMatchObject({ covered: true });

    const [subscription] = await billing.getMySubscriptions(owner.memberId);
    await billing.cancelSubscriptionImmediately(owner, subscription!.subscriptionId);
    expect(await getCircle(kid, options)).toMatchObject({ role: "member", covered: false });
    expect(await getCircle(owner, options)).toMatchObject({
      role: "owner",
      covered: false,
      canInvite: false,
      members: [expect.objectContaining({ covered: false })],
    });
    const lee = addressee(person("Lee"), { email: "late.cover@example.com" });
    expect(await failure(acceptInvitation(lee, late, options))).toMatchObject({
      status: 409,
      message: "The Family plan behind this invitation has ended",
    });
  });

  it("exports a circle without tokens, and a deleted owner's circle is dissolved", async () => {
    const owner = person("Dora");
    const kid = person("Dan");
    await subscribe(owner, "happr_family_monthly");
    await inviteToCircle(owner, { email: "dan.export@example.com" }, options);
    await acceptInvitation(
      addressee(kid, { email: "dan.export@example.com" }),
      await tokenSentTo("dan.export@example.com"),
      options,
    );
    await inviteToCircle(owner, { email: "pending.export@example.com" }, options);
    const exported = await exportCircle(owner.memberId);
    // The address the owner invited, whatever the joiner's account email.
    expect(exported.members).toEqual([
      expect.objectContaining({ memberId: kid.memberId, contact: "dan.export@example.com" }),
    ]);
    expect(exported.invitations).toHaveLength(2);
    expect(JSON.stringify(exported)).not.toMatch(/token/i);
    expect((await exportCircle(kid.memberId)).memberOf).toEqual({ joinedAt: expect.any(Number) });
    expect((await exportCircle(kid.memberId)).circles).toEqual([
      expect.objectContaining({ name: "Dora's circle", role: "member" }),
    ]);

    await removeFromCircles(owner.memberId);
    expect(await getCircle(kid, options)).toMatchObject({ role: "none" });
    const db = await getDb();
    expect(await db.select().from(circles).where(eq(circles.ownerId, owner.memberId))).toEqual([]);
    expect(await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, kid.memberId))).toEqual([]);
  });
});
