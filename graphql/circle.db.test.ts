import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { invitationTokenSentTo } from "@/lib/invitations/testing";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { createTestServer, ops } from "./test-helpers";

const SITE = "http://localhost:3000";
const members = {
  fran: { memberId: "member-fran", email: "fran@example.com", name: "Fran" },
  ian: { memberId: "member-ian", email: "ian@example.com", name: "Ian" },
  kim: { memberId: "member-kim", email: "kim@example.com", name: "Kim" },
};
const circleOps = {
  getMyCircle: `query { getMyCircle { statusCode message circle { role covered canInvite cannotInviteReason seatsLeft ownerName members { memberId name contact joinedAt covered } invitations { invitationId channel recipient status expiresAt sentAt } } } }`,
  inviteToCircle: `mutation($phone: String, $email: String) { inviteToCircle(phone: $phone, email: $email) { statusCode message invitation { invitationId channel recipient status } } }`,
  resendCircleInvitation: `mutation($invitationId: String!) { resendCircleInvitation(invitationId: $invitationId) { statusCode message invitation { invitationId status } } }`,
  revokeCircleInvitation: `mutation($invitationId: String!) { revokeCircleInvitation(invitationId: $invitationId) { statusCode message } }`,
  removeCircleMember: `mutation($memberId: String!) { removeCircleMember(memberId: $memberId) { statusCode message } }`,
};

let provider: SandboxBillingProvider;
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;
const gql = async (query: string, variables: Record<string, unknown>, who: string) => {
  const { body } = await server.gql(query, variables, who);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Record<string, any>;
};

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  // Ian verified the number Fran invites; everyone verified their email.
  server = createTestServer({
    members,
    billing: async () => billing,
    verifiedContacts: async (member) => ({
      email: member.email,
      emailVerified: true,
      phone: member.memberId === members.ian.memberId ? "+14155550161" : null,
      phoneVerified: member.memberId === members.ian.memberId,
    }),
  });
});

const subscribe = (member: (typeof members)[keyof typeof members], lookupKey: string) =>
  subscribeInSandbox({ provider, billing }, member, lookupKey, SITE);
const tokenSentTo = invitationTokenSentTo;

describe("Safe Circle over GraphQL", () => {
  it("guests get 401 on every circle operation", async () => {
    for (const [name, query] of Object.entries(circleOps)) {
      const variables = { invitationId: "x", memberId: "x", phone: "+14155550100" };
      expect(await gql(query, variables, "guest"), name).toMatchObject({
        statusCode: 401,
        message: "User is not authenticated",
      });
    }
  });

  it("a member without a Family plan is told why they cannot invite", async () => {
    await subscribe(members.kim, "happr_individual_monthly");
    expect(await gql(circleOps.inviteToCircle, { phone: "+14155550160" }, "kim")).toEqual({
      statusCode: 403,
      message: "Only members with a live Family plan can invite people to a Safe Circle",
      invitation: null,
    });
    expect((await gql(circleOps.getMyCircle, {}, "kim")).circle).toMatchObject({
      role: "none",
      canInvite: false,
      cannotInviteReason: expect.stringContaining("Family plan"),
    });
  });

  it("invite, accept with invitationSignUpDone, see the circle; reuse 409, unknown 404, bad argument 400", async () => {
    await subscribe(members.fran, "happr_family_monthly");
    const invited = await gql(circleOps.inviteToCircle, { phone: "+14155550161" }, "fran");
    expect(invited).toMatchObject({
      statusCode: 201,
      invitation: { channel: "sms", recipient: "+14155550161", status: "pending" },
    });
    expect(await gql(circleOps.inviteToCircle, { phone: "nope" }, "fran")).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining("phone"),
    });

    const token = await tokenSentTo("+14155550161");
    expect(await gql(ops.invitationSignUpDone, { token }, "ian")).toEqual({
      statusCode: 200,
      message: "You joined Fran's Safe Circle",
    });
    expect(await gql(ops.invitationSignUpDone, { token }, "kim")).toEqual({
      statusCode: 409,
      message: "This invitation has already been used",
    });
    expect(await gql(ops.invitationSignUpDone, { token: "unknown-token" }, "kim")).toEqual({
      statusCode: 404,
      message: "Invitation not found",
    });

    expect((await gql(circleOps.getMyCircle, {}, "ian")).circle).toMatchObject({
      role: "member",
      covered: true,
      ownerName: "Fran",
      members: [],
      invitations: [],
    });
    const circle = (await gql(circleOps.getMyCircle, {}, "fran")).circle;
    expect(circle).toMatchObject({
      role: "owner",
      covered: true,
      canInvite: true,
      seatsLeft: 4,
      members: [{ memberId: "member-ian", name: "Ian", covered: true }],
    });

    // Another member's ids answer like missing ones.
    const second = await gql(circleOps.inviteToCircle, { email: "later@example.com" }, "fran");
    expect(
      await gql(circleOps.revokeCircleInvitation, { invitationId: second.invitation.invitationId }, "kim"),
    ).toMatchObject({ statusCode: 404 });
    expect(await gql(circleOps.removeCircleMember, { memberId: "member-ian" }, "kim")).toMatchObject({
      statusCode: 404,
    });
    expect(
      await gql(circleOps.resendCircleInvitation, { invitationId: second.invitation.invitationId }, "fran"),
    ).toMatchObject({ statusCode: 200 });
    expect(
      await gql(circleOps.revokeCircleInvitation, { invitationId: second.invitation.invitationId }, "fran"),
    ).toMatchObject({ statusCode: 200 });
    expect(await gql(ops.invitationSignUpDone, { token: await tokenSentTo("later@example.com") }, "kim")).toMatchObject(
      { statusCode: 409 },
    );
    expect(await gql(circleOps.removeCircleMember, { memberId: "member-ian" }, "fran")).toEqual({
      statusCode: 200,
      message: "Member removed from your Safe Circle",
    });
    expect((await gql(circleOps.getMyCircle, {}, "ian")).circle).toMatchObject({ role: "none", covered: false });
  });
});
