import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { circleInvitations, circleMemberships } from "@/lib/db/schema";
import { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { subscribeInSandbox } from "@/lib/billing/sandbox/testing";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { useMemberTestDatabase } from "@/lib/identity/builtin/testing";
import { lastCodeSentTo, signUpNew } from "@/lib/identity/builtin/test-helpers";
import { getUserProfile } from "@/lib/profile";
import { familyPlanFrom } from "@/lib/circles";
import {
  acceptInvitation,
  getCircle,
  inviteToCircle,
  previewInvitation,
  verifiedContactsOf,
  type CircleOptions,
} from ".";
import { invitationTokenSentTo } from "./testing";

// An invitation joins only the account whose verified email (or, for a text, verified phone) is the
// address it was sent to, and only on the member's yes: a forwarded or leaked link, a session of
// someone else, an address claimed but not proven, or merely opening the page joins nobody.

const SITE = "http://localhost:3000";
const context = { mfa: "optional" as const, texts: true };
let provider: SandboxBillingProvider;
let billing: BillingService;
let options: CircleOptions;

useMemberTestDatabase(async () => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  billing = createBillingService(provider, { siteUrl: SITE });
  options = { familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE };
}, 120_000);

let count = 0;
/** A member who signed up and confirmed their email with the emailed code (a real built-in account). */
async function member(givenName: string, email = `${givenName.toLowerCase()}${++count}@example.com`) {
  const password = "Sunny-Day-42";
  const { accountId } = await signUpNew({ email, password, givenName, familyName: "Example" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, context);
  const who = { memberId: accountId, email, name: `${givenName} Example` };
  return { ...who, identity: createBuiltinIdentity({ accountId, email }, context) };
}

/** What the Join button and invitationSignUpDone do: the member's addresses from the identity port. */
async function join(who: Awaited<ReturnType<typeof member>>, token: string) {
  return acceptInvitation({ ...who, contacts: await verifiedContactsOf(who) }, token, options);
}

async function familyOwner(givenName: string) {
  const owner = await member(givenName);
  await subscribeInSandbox({ provider, billing }, owner, "happr_family_monthly", SITE);
  return owner;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; message: string },
  );

/** Nothing was written: the invitation is still pending and nobody but the owner is in the circle. */
async function nothingWritten(invitationId: string) {
  const db = await getDb();
  const [row] = await db.select().from(circleInvitations).where(eq(circleInvitations.id, invitationId));
  expect(row).toMatchObject({ status: "pending", acceptedBy: null, acceptedAt: null });
  const people = await db.select().from(circleMemberships).where(eq(circleMemberships.circleId, row!.circleId));
  expect(people.map((person) => person.role)).toEqual(["owner"]);
}

describe("an invitation joins only its addressee, on their yes", () => {
  it("an account whose verified email differs is refused, is told where it went (masked), and nothing is written", async () => {
    const owner = await familyOwner("Olive");
    const invited = await member("Jane", `jane.${++count}@example.com`);
    const mallory = await member("Mallory");
    const sent = await inviteToCircle(owner, { email: invited.email }, options);
    const token = await invitationTokenSentTo(invited.email);

    expect(await refusal(join(mallory, token))).toEqual(
      expect.objectContaining({
        status: 403,
        message: "This invitation was sent to j***@e***.com: sign in with that address to join.",
      }),
    );
    await nothingWritten(sent.invitationId);
    expect(await getCircle(mallory, options)).toMatchObject({ role: "none" });

    // The page says the same to Mallory, and offers no Join.
    expect(
      await previewInvitation(token, { viewer: { ...mallory, contacts: await verifiedContactsOf(mallory) } }),
    ).toMatchObject({
      valid: true,
      recipient: "j***@e***.com",
      viewerProblem: expect.stringContaining("j***@e***.com"),
    });

    // The addressee still can: the refusal did not use the link up.
    expect(await join(invited, token)).toEqual({ ownerName: "Olive Example" });
  });

  it("an account that claims the invited email without verifying it is refused, and nothing is written", async () => {
    const owner = await familyOwner("Omar");
    const victim = `victim.${++count}@example.com`;
    const sent = await inviteToCircle(owner, { email: victim }, options);
    const token = await invitationTokenSentTo(victim);
    // Mallory changes her sign-in email to the invited address: it is hers at once, unverified (as Cognito).
    const mallory = await member("Mallory");
    await mallory.identity.updateAttributes({ email: victim.toUpperCase() });
    const claimed = await verifiedContactsOf({ ...mallory, email: victim });
    expect(claimed).toMatchObject({ email: victim.toUpperCase(), emailVerified: false });

    expect(await refusal(acceptInvitation({ ...mallory, contacts: claimed }, token, options))).toEqual(
      expect.objectContaining({ status: 403, message: expect.stringContaining("verify that address") }),
    );
    await nothingWritten(sent.invitationId);
  });

  it("a text invitation joins only the account with that number verified; the owner sees the number invited", async () => {
    const owner = await familyOwner("Pam");
    const phone = "+14155550177";
    const sent = await inviteToCircle(owner, { phone: "+1 415 555 0177" }, options);
    const token = await invitationTokenSentTo(phone);

    // No phone on the account, then the number entered but not verified: refused, nothing written.
    const ivy = await member("Ivy");
    expect(await refusal(join(ivy, token))).toEqual(
      expect.objectContaining({ status: 403, message: expect.stringContaining("sent by text to +*******0177") }),
    );
    await ivy.identity.updateAttributes({ phone_number: phone });
    expect(await refusal(join(ivy, token))).toEqual(
      expect.objectContaining({ status: 403, message: expect.stringContaining("verify that number") }),
    );
    await nothingWritten(sent.invitationId);
    expect((await getUserProfile(ivy.memberId)).phone).toBeNull();

    // Verified with the code texted to it: Ivy joins, and the owner sees the number they invited.
    await ivy.identity.verifyAttribute("phone_number", await lastCodeSentTo(await getDb(), phone));
    expect(await join(ivy, token)).toEqual({ ownerName: "Pam Example" });
    const circle = await getCircle(owner, options);
    expect(circle.role === "owner" && circle.members).toEqual([
      expect.objectContaining({ memberId: ivy.memberId, contact: phone }),
    ]);
    expect(JSON.stringify(circle)).not.toContain(ivy.email);
  });

  it("opening the invitation (the page, the return from sign-in) joins nobody: only the yes does", async () => {
    const owner = await familyOwner("Rita");
    const ana = await member("Ana");
    const sent = await inviteToCircle(owner, { email: ana.email.toUpperCase() }, options);
    const token = await invitationTokenSentTo(ana.email);
    const viewer = { ...ana, contacts: await verifiedContactsOf(ana) };

    // What /invitation reads, as often as it is loaded: who invites, to which circle, as what.
    for (let load = 0; load < 3; load += 1) {
      expect(await previewInvitation(token, { viewer })).toEqual({
        valid: true,
        channel: "email",
        recipient: "a***@e***.com",
        ownerName: "Rita Example",
        circleName: "Rita Example's circle",
        role: "member",
        viewerProblem: null,
      });
    }
    await nothingWritten(sent.invitationId);
    expect(await getCircle(ana, options)).toMatchObject({ role: "none" });

    // The yes: the address matches whatever its letter case; the owner sees the address invited.
    expect(await join(ana, token)).toEqual({ ownerName: "Rita Example" });
    const circle = await getCircle(owner, options);
    expect(circle.role === "owner" && circle.members).toEqual([
      expect.objectContaining({ memberId: ana.memberId, contact: ana.email.toLowerCase() }),
    ]);
  });
});
