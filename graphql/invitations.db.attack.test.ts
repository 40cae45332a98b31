import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Member } from "@/lib/auth/member";
import { getDb } from "@/lib/db/client";
import { circleInvitations, circleMemberships } from "@/lib/db/schema";
import { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { subscribeInSandbox } from "@/lib/billing/sandbox/testing";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { useMemberTestDatabase } from "@/lib/identity/builtin/testing";
import { lastCodeSentTo, signUpNew } from "@/lib/identity/builtin/test-helpers";
import { inviteToCircle, verifiedContactsOf } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { invitationTokenSentTo } from "@/lib/invitations/testing";
import { createTestServer, ops } from "./test-helpers";

// The API is a door too: invitationSignUpDone (a native app's Join) accepts an invitation only for
// the account whose verified email or phone it was sent to, reading them from the identity port.

const SITE = "http://localhost:3000";
const context = { mfa: "optional" as const };
const members: Record<string, Member> = {};
let provider: SandboxBillingProvider;
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;

useMemberTestDatabase(async () => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  billing = createBillingService(provider, { siteUrl: SITE });
  server = createTestServer({ members, billing: async () => billing, verifiedContacts: verifiedContactsOf });
}, 120_000);

async function member(givenName: string) {
  const email = `${givenName.toLowerCase()}.api@example.com`;
  const { accountId } = await signUpNew({ email, password: "Sunny-Day-42", givenName, familyName: "Api" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, context);
  members[accountId] = { memberId: accountId, email, name: `${givenName} Api` };
  return members[accountId];
}

const accept = async (token: string, who: Member) =>
  (await server.gql(ops.invitationSignUpDone, { token }, who.memberId)).body.data?.invitationSignUpDone;

describe("invitationSignUpDone follows the address rule", () => {
  it("another account, then the invited address unverified, are refused with 403 and nothing is written; the addressee joins", async () => {
    const owner = await member("Owen");
    await subscribeInSandbox({ provider, billing }, owner, "happr_family_monthly", SITE);
    const options = { familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE };
    const invited = "jo.invited@example.com";
    const sent = await inviteToCircle(owner, { email: invited }, options);
    const token = await invitationTokenSentTo(invited);

    const mallory = await member("Mallory");
    expect(await accept(token, mallory)).toEqual({
      statusCode: 403,
      message: "This invitation was sent to j***@e***.com: sign in with that address to join.",
    });
    // Mallory takes the invited address as her sign-in email; it is not verified: still 403.
    await createBuiltinIdentity({ accountId: mallory.memberId, email: mallory.email }, context).updateAttributes({
      email: invited,
    });
    members[mallory.memberId] = { ...mallory, email: invited };
    expect(await accept(token, mallory)).toEqual({
      statusCode: 403,
      message: expect.stringContaining("verify that address"),
    });
    const db = await getDb();
    const [row] = await db.select().from(circleInvitations).where(eq(circleInvitations.id, sent.invitationId));
    expect(row).toMatchObject({ status: "pending", acceptedBy: null });
    expect(await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, mallory.memberId))).toEqual(
      [],
    );

    // The addressee, with that address verified at sign-up, joins through the same door.
    const kim = await member("Kim");
    await inviteToCircle(owner, { email: kim.email }, options);
    expect(await accept(await invitationTokenSentTo(kim.email), kim)).toEqual({
      statusCode: 200,
      message: "You joined Owen Api's Safe Circle",
    });
  });
});
