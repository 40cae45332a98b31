import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { invitationTokenSentTo } from "@/lib/invitations/testing";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import type { ItemKinds } from "@/lib/circles/sharing";
import { createTestServer, ops } from "./test-helpers";

const SITE = "http://localhost:3000";
const members = {
  olga: { memberId: "member-olga", email: "olga@example.com", name: "Olga" },
  gus: { memberId: "member-gus", email: "gus@example.com", name: "Gus" },
  ada: { memberId: "member-ada", email: "ada@example.com", name: "Ada" },
  zed: { memberId: "member-zed", email: "zed@example.com", name: "Zed" },
  pia: { memberId: "member-pia", email: "pia@example.com", name: "Pia" },
  ben: { memberId: "member-ben", email: "ben@example.com", name: "Ben" },
};
type Who = keyof typeof members;

// Habits come in a later issue: here each member owns one, "habit-<memberId>".
const itemKinds: ItemKinds = {
  habit: { ownerOf: async (itemId) => (itemId.startsWith("habit-member-") ? itemId.slice("habit-".length) : null) },
};

const circleOps = {
  getMyCircles: `query { getMyCircles { statusCode message circles { circleId name role memberCount ownerId label pronouns } } }`,
  setCircleRole: `mutation($circleId: String!, $memberId: String!, $role: CircleRole!) { setCircleRole(circleId: $circleId, memberId: $memberId, role: $role) { statusCode message } }`,
  shareItem: `mutation($itemType: SharedItemType!, $itemId: String!, $memberId: String, $circleId: String, $permission: SharePermission!) { shareItem(itemType: $itemType, itemId: $itemId, memberId: $memberId, circleId: $circleId, permission: $permission) { statusCode message share { id itemType itemId memberId circleId permission } } }`,
  revokeShare: `mutation($shareId: String!) { revokeShare(shareId: $shareId) { statusCode message } }`,
  leaveCircle: `mutation($circleId: String!) { leaveCircle(circleId: $circleId) { statusCode message } }`,
  setCircleMemberDetails: `mutation($circleId: String!, $memberId: String!, $label: String, $pronouns: String) { setCircleMemberDetails(circleId: $circleId, memberId: $memberId, label: $label, pronouns: $pronouns) { statusCode message } }`,
  inviteToCircle: `mutation($email: String, $role: String) { inviteToCircle(email: $email, role: $role) { statusCode message invitation { invitationId circleId role } } }`,
  getMySubscriptions: `query { getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodEnd planPriceId cancelAt throughCircleId throughCircleName } } }`,
};

let provider: SandboxBillingProvider;
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;
const gql = async (query: string, variables: Record<string, unknown>, who: Who | "guest" | "invalid") => {
  const { body } = await server.gql(
    query,
    variables,
    who === "guest" || who === "invalid" ? who : members[who].memberId,
  );
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Record<string, any>;
};

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  server = createTestServer({
    members: Object.fromEntries(Object.values(members).map((m) => [m.memberId, m])),
    billing: async () => billing,
    itemKinds,
  });
});

const subscribe = (who: Who) => subscribeInSandbox({ provider, billing }, members[who], undefined, SITE);

async function join(owner: Who, who: Who, role = "member") {
  const invited = await gql(circleOps.inviteToCircle, { email: members[who].email, role }, owner);
  expect(invited).toMatchObject({ statusCode: 201, invitation: { role } });
  const token = await invitationTokenSentTo(members[who].email);
  expect(await gql(ops.invitationSignUpDone, { token }, who)).toMatchObject({ statusCode: 200 });
  return invited.invitation.circleId as string;
}

describe("circles and sharing over GraphQL", () => {
  it("guests and invalid credentials get 401 on every circle and sharing operation", async () => {
    const variables = {
      circleId: "x",
      memberId: "x",
      role: "CHILD",
      itemType: "HABIT",
      itemId: "x",
      permission: "VIEW",
      shareId: "x",
      email: "a@example.com",
    };
    for (const [name, query] of Object.entries(circleOps)) {
      for (const who of ["guest", "invalid"] as const) {
        expect(await gql(query, variables, who), `${name} as ${who}`).toMatchObject({
          statusCode: 401,
          message: "User is not authenticated",
        });
      }
    }
  });

  // One story, in order: the circle forms, roles change, items are shared, revoked, and a departure ends shares.
  it("a family: roles, shares, 404 for what the caller may not see, 400 naming the field", async () => {
    await subscribe("olga");
    const circleId = await join("olga", "gus", "guardian");
    await join("olga", "ada");

    expect(await gql(circleOps.getMyCircles, {}, "ada")).toEqual({
      statusCode: 200,
      message: "OK",
      circles: [
        {
          circleId,
          name: "Olga's circle",
          role: "MEMBER",
          memberCount: 3,
          ownerId: members.olga.memberId,
          label: null,
          pronouns: null,
        },
      ],
    });
    expect((await gql(circleOps.getMyCircles, {}, "zed")).circles).toEqual([]);

    // Roles: nobody makes an adult a child; appointing guardians is the owner's; the owner stays.
    const setRole = (who: Who, memberId: string, role: string, circle = circleId) =>
      gql(circleOps.setCircleRole, { circleId: circle, memberId, role }, who);
    expect(await setRole("gus", members.ada.memberId, "CHILD")).toMatchObject({ statusCode: 409 });
    expect(await setRole("olga", members.ada.memberId, "CHILD")).toEqual({
      statusCode: 409,
      message:
        "role: only an account a grown-up made for a child under 13 has the role child; an adult cannot be made a child",
    });
    expect((await gql(circleOps.getMyCircles, {}, "ada")).circles[0].role).toBe("MEMBER");
    expect(await setRole("gus", members.ada.memberId, "GUARDIAN")).toMatchObject({ statusCode: 403 });
    expect(await setRole("ada", members.gus.memberId, "MEMBER")).toMatchObject({ statusCode: 403 });
    expect(await setRole("gus", members.olga.memberId, "MEMBER")).toMatchObject({ statusCode: 409 });
    expect(await setRole("olga", members.olga.memberId, "MEMBER")).toMatchObject({ statusCode: 409 });
    expect(await setRole("olga", members.ada.memberId, "MEMBER")).toMatchObject({ statusCode: 200 });
    // A circle the caller is not in answers like one that does not exist.
    const notFound = { statusCode: 404, message: "Circle not found" };
    expect(await setRole("zed", members.ada.memberId, "CHILD")).toEqual(notFound);
    expect(await setRole("zed", members.ada.memberId, "CHILD", "00000000-0000-4000-8000-000000000000")).toEqual(
      notFound,
    );
    expect(await setRole("olga", members.ada.memberId, "CHILD", "not-an-id")).toMatchObject({
      statusCode: 400,
      message: "circleId is invalid",
    });
    // An unknown role never reaches the service: the schema refuses it and names the argument.
    const unknownRole = await server.gql(
      circleOps.setCircleRole,
      { circleId, memberId: members.ada.memberId, role: "BOSS" },
      members.olga.memberId,
    );
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors?.[0]?.message).toMatch(/\$role/);
    expect(
      await gql(
        circleOps.setCircleMemberDetails,
        { circleId, memberId: members.gus.memberId, label: "g".repeat(41) },
        "olga",
      ),
    ).toEqual({ statusCode: 400, message: "label must be at most 40 characters" });
    expect(
      await gql(
        circleOps.setCircleMemberDetails,
        { circleId, memberId: members.gus.memberId, label: "grandparent" },
        "olga",
      ),
    ).toMatchObject({ statusCode: 200 });
    expect((await gql(circleOps.getMyCircles, {}, "gus")).circles[0].label).toBe("grandparent");

    // Sharing: Ada shares her habit with Gus only; Olga (the owner) sees nothing of it.
    const share = (who: Who, variables: Record<string, unknown>) =>
      gql(circleOps.shareItem, { itemType: "HABIT", permission: "VIEW", ...variables }, who);
    const adaHabit = `habit-${members.ada.memberId}`;
    const shared = await share("ada", { itemId: adaHabit, memberId: members.gus.memberId });
    expect(shared).toEqual({
      statusCode: 201,
      message: "Shared",
      share: {
        id: expect.any(String),
        itemType: "HABIT",
        itemId: adaHabit,
        memberId: members.gus.memberId,
        circleId: null,
        permission: "VIEW",
      },
    });
    // Someone else's item, and one that does not exist: the same 404.
    const itemNotFound = { statusCode: 404, message: "Item not found", share: null };
    expect(await share("gus", { itemId: adaHabit, memberId: members.olga.memberId })).toEqual(itemNotFound);
    expect(await share("gus", { itemId: "habit-nobody", memberId: members.olga.memberId })).toEqual(itemNotFound);
    expect(await share("ada", { itemType: "EVENT", itemId: adaHabit, memberId: members.olga.memberId })).toEqual(
      itemNotFound,
    );
    // Outside the owner's circles: 400 naming the field, nothing written.
    expect(await share("ada", { itemId: adaHabit, memberId: members.zed.memberId })).toEqual({
      statusCode: 400,
      message: "memberId: you can share only with people in your circles",
      share: null,
    });
    await subscribe("zed");
    const zedCircle = await join("zed", "gus");
    expect(await share("ada", { itemId: adaHabit, circleId: zedCircle })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^circleId:/),
    });
    expect(await share("ada", { itemId: adaHabit })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/memberId or circleId/),
    });
    expect(await share("ada", { itemId: adaHabit, circleId })).toMatchObject({
      statusCode: 201,
      share: { circleId, memberId: null },
    });

    // Revoking: someone else's share and an unknown one are 404 alike; the owner's ends it.
    expect(await gql(circleOps.revokeShare, { shareId: shared.share.id }, "gus")).toEqual({
      statusCode: 404,
      message: "Share not found",
    });
    expect(await gql(circleOps.revokeShare, { shareId: "00000000-0000-4000-8000-000000000000" }, "ada")).toEqual({
      statusCode: 404,
      message: "Share not found",
    });
    expect(await gql(circleOps.revokeShare, { shareId: "nope" }, "ada")).toEqual({
      statusCode: 400,
      message: "shareId is invalid",
    });
    expect(await gql(circleOps.revokeShare, { shareId: shared.share.id }, "ada")).toEqual({
      statusCode: 200,
      message: "Share ended",
    });
    expect(await gql(circleOps.revokeShare, { shareId: shared.share.id }, "ada")).toMatchObject({ statusCode: 404 });

    // Leaving: the owner cannot; Ada can, and her circle share ends with it.
    expect(await gql(circleOps.leaveCircle, { circleId }, "olga")).toMatchObject({ statusCode: 409 });
    expect(await gql(circleOps.leaveCircle, { circleId }, "zed")).toEqual({
      statusCode: 404,
      message: "Circle not found",
    });
    expect(await gql(circleOps.leaveCircle, { circleId }, "ada")).toEqual({
      statusCode: 200,
      message: "You left the circle",
    });
    expect(await share("ada", { itemId: adaHabit, circleId })).toMatchObject({ statusCode: 400 });
    expect((await gql(circleOps.getMyCircles, {}, "ada")).circles).toEqual([]);
  });

  it("getMySubscriptions shows the cover a circle's Family plan gives, marked as through the circle", async () => {
    await subscribe("pia");
    const circleId = await join("pia", "ben");
    const own = await gql(circleOps.getMySubscriptions, {}, "pia");
    expect(own.subscriptionData).toEqual([
      expect.objectContaining({ throughCircleId: null, throughCircleName: null, status: "active" }),
    ]);
    const covered = await gql(circleOps.getMySubscriptions, {}, "ben");
    expect(covered).toMatchObject({ statusCode: 200 });
    expect(covered.subscriptionData).toEqual([
      {
        subscriptionId: `circle:${circleId}`,
        status: "active",
        subItemId: "",
        currentPeriodEnd: own.subscriptionData[0].currentPeriodEnd,
        planPriceId: own.subscriptionData[0].planPriceId,
        cancelAt: null,
        throughCircleId: circleId,
        throughCircleName: "Pia's circle",
      },
    ]);
    // The cover is not Ada's to cancel: the id answers as an unknown subscription.
    const cancel = await gql(ops.cancelSubscription, { subscriptionId: `circle:${circleId}` }, "ben");
    expect([400, 404]).toContain(cancel.statusCode);
    // The plan ends: so does the cover.
    await billing.cancelSubscriptionImmediately(members.pia, own.subscriptionData[0].subscriptionId);
    expect((await gql(circleOps.getMySubscriptions, {}, "ben")).subscriptionData).toEqual([]);
  });
});
