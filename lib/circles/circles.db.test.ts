import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { addressee, invitationTokenSentTo } from "@/lib/invitations/testing";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { circleMemberships } from "@/lib/db/schema";
import { acceptInvitation, getCircle, inviteToCircle, removeFromCircles, type CircleOptions } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { shareItem, sharesOf } from "@/lib/circles/sharing";
import {
  coverThroughCircles,
  createChildAccount,
  getCirclePeople,
  getMyCircles,
  leaveCircle,
  LABEL_MAX,
  setCircleMemberDetails,
  setChildQuietHours,
  setCircleRole,
} from ".";
import { failure } from "./testing";

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
type Person = ReturnType<typeof person>;

const subscribe = (member: Person, lookupKey?: string) => subscribeInSandbox({ provider, billing }, member, lookupKey);

/** owner invites `who` as `role` and they accept. */
async function join(owner: Person, who: Person, role?: "member" | "guardian") {
  const invitation = await inviteToCircle(owner, { email: who.email, role }, options);
  await acceptInvitation(addressee(who), await invitationTokenSentTo(who.email), options);
  return invitation;
}

const roleOf = async (circleId: string, memberId: string) =>
  (await (await getDb()).select().from(circleMemberships).where(eq(circleMemberships.memberId, memberId))).find(
    (row) => row.circleId === circleId,
  )?.role;

describe("circles with roles", () => {
  it("an invitation names the circle and the role; a teenager in a blended family is in two circles", async () => {
    const mum = person("Mia");
    const dad = person("Dev");
    const teen = person("Tess");
    await subscribe(mum);
    await subscribe(dad);
    const invitation = await join(mum, dad, "guardian");
    expect(invitation).toMatchObject({ role: "guardian", circleId: expect.any(String) });
    await join(mum, teen);
    await join(dad, teen);
    expect(await getMyCircles(teen.memberId)).toEqual([
      expect.objectContaining({ name: "Mia's circle", role: "member", ownerId: mum.memberId, memberCount: 3 }),
      expect.objectContaining({ name: "Dev's circle", role: "member", ownerId: dad.memberId, memberCount: 2 }),
    ]);
    expect((await getMyCircles(dad.memberId)).map((circle) => [circle.name, circle.role])).toEqual([
      ["Mia's circle", "guardian"],
      ["Dev's circle", "owner"],
    ]);
    // The owner sees the roles on the account page.
    const circle = await getCircle(mum, options);
    expect(circle.role === "owner" && circle.members.map((m) => [m.name, m.role])).toEqual([
      ["Dev", "guardian"],
      ["Tess", "member"],
    ]);
    // Both Family plans cover the teenager, each marked with its circle.
    const cover = await coverThroughCircles(teen.memberId, { familyPlan: options.familyPlan });
    expect(cover.map((entry) => entry.throughCircleName)).toEqual(["Mia's circle", "Dev's circle"]);
    expect(cover[0]).toMatchObject({
      status: "active",
      planPriceId: sandboxPriceId("happr_family_monthly"),
      subscriptionId: `circle:${invitation.circleId}`,
    });
    const [mine] = await billing.getMySubscriptions(mum.memberId);
    expect(cover[0]!.currentPeriodEnd).toBe(mine!.currentPeriodEnd);
    expect(await failure(inviteToCircle(mum, { email: "x@example.com", role: "owner" }, options))).toMatchObject({
      status: 400,
      message: "role must be member or guardian",
    });
  });

  it("the owner appoints guardians; nobody makes an adult a child; nobody leaves a circle without its owner", async () => {
    const owner = person("Olu");
    const gran = person("Gran");
    const kid = person("Kid");
    const uncle = person("Uncle");
    await subscribe(owner);
    const { circleId } = await join(owner, gran);
    await join(owner, kid);
    await join(owner, uncle);
    const set = (actor: Person, memberId: string, role: string) =>
      setCircleRole(actor.memberId, { circleId: circleId!, memberId, role });

    await set(owner, gran.memberId, "guardian");
    // Attack: an adult who joined by invitation is never made a child, by a guardian or the owner.
    for (const actor of [gran, owner])
      expect(await failure(set(actor, kid.memberId, "child"))).toMatchObject({ status: 409, field: "role" });
    expect(await roleOf(circleId!, kid.memberId)).toBe("member");
    expect(await failure(set(gran, uncle.memberId, "guardian"))).toMatchObject({ status: 403 });
    expect(await failure(set(kid, uncle.memberId, "child"))).toMatchObject({ status: 403 });
    expect(await failure(set(gran, owner.memberId, "member"))).toMatchObject({ status: 409 });
    expect(await failure(set(owner, owner.memberId, "guardian"))).toMatchObject({ status: 409 });
    expect(await failure(set(owner, uncle.memberId, "owner"))).toMatchObject({ status: 409, field: "role" });
    expect(await failure(leaveCircle(owner.memberId, circleId))).toMatchObject({ status: 409 });
    // Bad input: 400 naming the field, nothing written.
    expect(await failure(set(owner, uncle.memberId, "boss"))).toEqual({
      status: 400,
      message: "role must be one of owner, guardian, member, child",
      field: "role",
    });
    expect(
      await failure(setCircleRole(owner.memberId, { circleId: "nope", memberId: uncle.memberId, role: "child" })),
    ).toMatchObject({
      status: 400,
      field: "circleId",
    });
    expect(await roleOf(circleId!, uncle.memberId)).toBe("member");
    expect(await roleOf(circleId!, owner.memberId)).toBe("owner");

    // Someone outside the circle: 404, as for a circle that does not exist.
    const stranger = person("Stranger");
    const missing = { status: 404, message: "Circle not found", field: undefined };
    expect(await failure(set(stranger, uncle.memberId, "child"))).toEqual(missing);
    expect(
      await failure(
        setCircleRole(stranger.memberId, {
          circleId: "00000000-0000-4000-8000-000000000000",
          memberId: "x",
          role: "child",
        }),
      ),
    ).toEqual(missing);
    expect(await failure(getCirclePeople(stranger.memberId, circleId))).toEqual(missing);
    expect(await failure(set(owner, stranger.memberId, "child"))).toMatchObject({
      status: 404,
      message: "Member not found",
    });

    // Removing a guardian is the owner's: back to member.
    await set(owner, gran.memberId, "member");
    expect(await roleOf(circleId!, gran.memberId)).toBe("member");
  });

  it("labels and pronouns: limited in length, set by the person, the owner or a guardian", async () => {
    const owner = person("Ona");
    const gran = person("Gwen");
    const kid = person("Kai");
    await subscribe(owner);
    const { circleId } = await join(owner, gran, "guardian");
    await join(owner, kid);
    await setCircleMemberDetails(owner.memberId, { circleId, memberId: gran.memberId, label: "grandparent" });
    await setCircleMemberDetails(kid.memberId, { circleId, memberId: kid.memberId, pronouns: "they/them" });
    await setCircleMemberDetails(gran.memberId, {
      circleId,
      memberId: kid.memberId,
      label: "grandchild",
      pronouns: "they/them",
    });
    expect(
      await failure(setCircleMemberDetails(kid.memberId, { circleId, memberId: gran.memberId, label: "gran" })),
    ).toMatchObject({ status: 403 });
    expect(
      await failure(
        setCircleMemberDetails(owner.memberId, { circleId, memberId: kid.memberId, label: "x".repeat(LABEL_MAX + 1) }),
      ),
    ).toEqual({
      status: 400,
      message: `label must be at most ${LABEL_MAX} characters`,
      field: "label",
    });
    const everyone = await getCirclePeople(kid.memberId, circleId);
    expect(everyone.map((p) => [p.memberId, p.role, p.label, p.pronouns])).toEqual([
      [owner.memberId, "owner", null, null],
      [gran.memberId, "guardian", "grandparent", null],
      [kid.memberId, "member", "grandchild", "they/them"],
    ]);
  });

  it("capacity stays the owner plus 5, whatever the roles", async () => {
    const owner = person("Cap");
    await subscribe(owner);
    for (let index = 0; index < 5; index += 1)
      await join(owner, person(`Seat${index}`), index % 2 ? "guardian" : "member");
    expect(await failure(inviteToCircle(owner, { email: "sixth@example.com" }, options))).toMatchObject({
      status: 409,
    });
    expect((await getMyCircles(owner.memberId))[0]!.memberCount).toBe(6);
  });

  it("erasing an owner ends their circle, its shares and its cover; the people in it keep their other circles", async () => {
    const owner = person("Eda");
    const other = person("Oz");
    const teen = person("Tim");
    await subscribe(owner);
    await subscribe(other);
    const { circleId } = await join(owner, teen);
    await join(other, teen);
    const kinds = { habit: { ownerOf: async (id: string) => id.replace(/^habit-/, "") } };
    await shareItem(
      teen.memberId,
      { itemType: "habit", itemId: `habit-${teen.memberId}`, circleId, permission: "view" },
      { kinds },
    );
    await shareItem(
      teen.memberId,
      { itemType: "habit", itemId: `habit-${teen.memberId}`, memberId: owner.memberId, permission: "view" },
      { kinds },
    );
    await shareItem(
      owner.memberId,
      { itemType: "habit", itemId: `habit-${owner.memberId}`, memberId: teen.memberId, permission: "view" },
      { kinds },
    );
    await removeFromCircles(owner.memberId);
    expect((await getMyCircles(teen.memberId)).map((circle) => circle.ownerId)).toEqual([other.memberId]);
    expect(await sharesOf(teen.memberId)).toEqual([]);
    expect(await sharesOf(owner.memberId)).toEqual([]);
    expect(
      (await coverThroughCircles(teen.memberId, { familyPlan: options.familyPlan })).map((c) => c.throughCircleName),
    ).toEqual(["Oz's circle"]);
  });
});

describe("children's quiet hours", () => {
  it("an owner or guardian sets them for the circle's children; they hold a child's reminders, not the adults'", async () => {
    const { memberDeliverAt } = await import("./quiet-hours");
    const owner = person("Olu");
    const guardian = person("Gita");
    const adult = person("Ade");
    await subscribe(owner);
    await join(owner, guardian, "guardian");
    await join(owner, adult);
    const circleId = (await getMyCircles(owner.memberId))[0]!.circleId;
    const child = {
      memberId: (
        await createChildAccount(
          guardian,
          { circleId, firstName: "Cal", birthMonth: "2018-02", credential: { oneTimeCode: true }, consent: true },
          { familyPlan: options.familyPlan },
        )
      ).childId,
    };
    // Attack: an adult given the role child (before this rule, by a direct write) gets no child's quiet hours.
    const db = await getDb();
    const given = person("Gia");
    await join(owner, given);
    await db.update(circleMemberships).set({ role: "child" }).where(eq(circleMemberships.memberId, given.memberId));
    const evenings = { days: [1, 2, 3, 4, 5, 6, 7], from: "19:00", to: "07:00" };

    expect(await failure(setChildQuietHours(adult.memberId, { circleId, quietHours: evenings }))).toMatchObject({
      status: 403,
    });
    expect(
      await failure(setChildQuietHours(guardian.memberId, { circleId, quietHours: { ...evenings, from: "7pm" } })),
    ).toMatchObject({ status: 400, field: "from" });
    expect(await failure(setChildQuietHours(person("Out").memberId, { circleId, quietHours: evenings }))).toMatchObject(
      { status: 404 },
    );
    await setChildQuietHours(guardian.memberId, { circleId, quietHours: evenings });

    // 21:00 UTC (no profile: UTC): the child's reminder waits until 07:00; the adult's goes now.
    const at = new Date("2027-01-12T21:00:00Z");
    expect(await memberDeliverAt(child.memberId, at)).toEqual(new Date("2027-01-13T07:00:00Z"));
    expect(await memberDeliverAt(adult.memberId, at)).toEqual(at);
    expect(await memberDeliverAt(given.memberId, at)).toEqual(at);

    await setChildQuietHours(owner.memberId, { circleId, quietHours: null });
    expect(await memberDeliverAt(child.memberId, at)).toEqual(at);
  });
});
