import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import nodemailer from "nodemailer";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { completeSandboxCheckout } from "@/lib/billing/sandbox/checkout";
import { freezeClockAt } from "@/lib/billing/sandbox/clock";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { findMemberCustomer } from "@/lib/billing/mirror/read-mirror";
import { syncCustomer } from "@/lib/billing/mirror/sync-customer";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { sendContactMessage } from "@/lib/contact";
import { createAccountChanges } from "@/lib/identity/account-changes";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { rememberDevice } from "@/lib/identity/builtin/devices";
import { createOidcAdapter } from "@/lib/identity/builtin/issuer/adapter";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { signIn } from "@/lib/identity/builtin/sign-in";
import { useMemberTestDatabase } from "@/lib/identity/builtin/testing";
import { lastCodeSentTo } from "@/lib/identity/builtin/test-helpers";
import { getMyCircles } from "@/lib/circles";
import { acceptInvitation, inviteToCircle, verifiedContactsOf } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { shareItem } from "@/lib/circles/sharing";
import { deliverPending, readOutbox } from "@/lib/mail";
import { startTestSmtpServer } from "@/lib/mail/test-smtp-server";
import { updateUserProfile } from "@/lib/profile";
import { consume } from "@/lib/rate-limit";
import { joinWaitlist } from "@/lib/waitlist";
import { cheerLoungePost, getLoungeRooms, joinLounge, postToLounge, reportLoungePost } from "@/lib/lounge";
import { deleteMemberAccount } from ".";

/**
 * Attack (or audit): after a member deletes their account, search every table of the database, read
 * from information_schema so a table added later is searched too, for anything that still names
 * them: their email, first and last name, phone numbers and member id. The member below leaves
 * traces in every corner first: sign-up codes, a failed sign-in, the waitlist, the contact form, a
 * profile, a verified phone, a remembered device, the issuer's session and interaction, a Family
 * plan with a card, an invitation they sent and two they received (one accepted).
 */
const SITE = "http://localhost:3000";
const context = { mfa: "optional" as const };
const password = "Sunny-Day-42!";
const card = (name: string) => ({ number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name });

let db: Db;
let provider: SandboxBillingProvider;
let billing: BillingService;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

useMemberTestDatabase(async (opened) => {
  db = opened;
  provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  billing = createBillingService(provider, { siteUrl: SITE });
  await freezeClockAt(db, Date.UTC(2026, 3, 1) / 1000);
}, 120_000);
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

const circle = () => ({ familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE });

async function newMember(email: string, givenName: string, familyName: string) {
  const { accountId } = await signUpNew({ email, password, givenName, familyName }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
  return { memberId: accountId, email, name: `${givenName} ${familyName}` };
}

async function subscribeToFamily(member: { memberId: string; email: string; name: string }) {
  const { checkoutSessionId } = await billing.createCheckoutSession(member, {
    priceId: sandboxPriceId("happr_family_monthly"),
    successUrl: `${SITE}/my-account`,
    cancelUrl: `${SITE}/pricing`,
  });
  await completeSandboxCheckout(provider, checkoutSessionId, card(member.name));
  await billing.validateSession(member, checkoutSessionId);
}

/** Every table (with its schema) whose rows, as JSON text, contain `needle` (any letter case). */
async function tablesMentioning(needle: string): Promise<string[]> {
  const tables = (await db.execute(
    sql`select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  )) as unknown as { rows: { schema: string; name: string }[] };
  const found: string[] = [];
  for (const table of tables.rows) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t where strpos(lower(row_to_json(t)::text), ${needle.toLowerCase()}) > 0`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(result.rows[0]!.n) > 0) found.push(table.name);
  }
  return found;
}

async function traces(needles: string[]) {
  const found: Record<string, string[]> = {};
  for (const needle of needles) {
    const tables = await tablesMentioning(needle);
    if (tables.length > 0) found[needle] = tables;
  }
  return found;
}

/**
 * What stays after a deletion, each with its reason (also in SECURITY.md). Each is found by the
 * deleted customer's provider id only, and names nobody: the search above finds none of them.
 */
const KEPT_BY_CUSTOMER_ID: Record<string, string> = {
  billing_transactions:
    "the mirror's invoices and charges (amount, currency, plan name, date): accounting, refunds and disputes",
  billing_subscriptions: "the mirror's subscription history (plan, status, dates) that the transactions refer to",
  billing_sandbox_customers:
    "the payment provider's deleted-customer marker (id, creation time, deleted); Stripe keeps the same",
  billing_sandbox_subscriptions:
    "the provider's canceled subscription (status, dates), member id removed from its metadata",
  billing_sandbox_invoices: "the provider's invoices: a payment provider keeps them for its financial records",
  billing_sandbox_charges: "the provider's charges, as the invoices",
  billing_sandbox_checkout_sessions: "the provider's completed checkout (price, status, our URLs), member id removed",
  billing_sandbox_events: "the provider's event log (type, object id, time), as Stripe keeps events",
};

describe("deleting an account leaves nothing personal behind", () => {
  it("finds no email, name, phone or member id in any table afterwards, only the listed anonymous records", async () => {
    const olive = await newMember("olive.owner@example.com", "Olive", "Owner");
    await subscribeToFamily(olive);

    // Not made of the names: each needle is searched for on its own.
    const firstEmail = "zq.first@example.com";
    const email = "zq.member@example.com";
    const phone = "+14155550177";
    const profilePhone = "+14155550188";
    const signedUp = await newMember(firstEmail, "Zebulon", "Quillfeather");
    const id = signedUp.memberId;
    // Signed in again after changing the address: the session knows only the new one.
    const member = { ...signedUp, email };
    await joinWaitlist({ email, firstName: "Zebulon" }, { clientAddress: "203.0.113.9" });
    await sendContactMessage(
      { name: "Zebulon Quillfeather", email, topic: "Support", message: "Hello from Zebulon" },
      { clientAddress: "203.0.113.9" },
    );
    await updateUserProfile(id, {
      firstName: "Zebulon",
      lastName: "Quillfeather",
      phone: profilePhone,
      timezone: "Europe/London",
    });
    const centre = createBuiltinIdentity({ accountId: id, email }, context);
    const changes = createAccountChanges(member, { identity: centre });
    await changes.changeEmail(email, password);
    await centre.verifyAttribute("email", await lastCodeSentTo(db, email));
    await changes.changePhone(phone, password);
    await centre.verifyAttribute("phone_number", await lastCodeSentTo(db, phone));
    await rememberDevice(db, id, new Date(), "Chrome on Linux");
    await expect(signIn({ email, password: "Wrong-Pass-1!" }, context)).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    await createOidcAdapter()("Session").upsert("session-zq", { accountId: id, loginTs: 1 }, 3600);
    await createOidcAdapter()("Interaction").upsert(
      "interaction-zq",
      { uid: "interaction-zq", result: { login: { accountId: id } } },
      3600,
    );
    await consume("graphql-provider", id, { limit: 100, windowSeconds: 60 });
    await subscribeToFamily(member);
    const customerId = (await findMemberCustomer(id))!.customerId;
    await inviteToCircle(member, { email: "friend.of.zebulon@example.net" }, circle());
    await inviteToCircle(olive, { phone }, circle());
    await inviteToCircle(olive, { email }, circle());
    const invitationLink = (await readOutbox(db, email)).at(-1)!.body.match(/https?:\/\/\S+/)![0];
    await acceptInvitation(
      { ...member, contacts: await verifiedContactsOf(member) },
      new URL(invitationLink).searchParams.get("invitation")!,
      circle(),
    );
    // Items shared both ways inside Olive's circle: Zebulon's with Olive and the circle, Olive's with him.
    const [olives] = await getMyCircles(olive.memberId);
    const kinds = { habit: { ownerOf: async (itemId: string) => itemId.replace(/^habit-/, "") } };
    await shareItem(
      id,
      { itemType: "habit", itemId: `habit-${id}`, memberId: olive.memberId, permission: "view" },
      { kinds },
    );
    await shareItem(
      id,
      { itemType: "habit", itemId: `habit-${id}`, circleId: olives!.circleId, permission: "edit" },
      { kinds },
    );
    await shareItem(
      olive.memberId,
      { itemType: "habit", itemId: `habit-${olive.memberId}`, memberId: id, permission: "view" },
      { kinds },
    );

    // The Lounge: his name there, his post, and a cheer and a report of his on Olive's post.
    const noon = { now: new Date(Date.UTC(2026, 3, 1, 12)), publish: async () => "" };
    const [lounge] = (await getLoungeRooms(id, noon)).rooms;
    await joinLounge({ memberId: id, name: member.name }, { loungeName: "Quiet Heron", rulesVersion: 1 }, noon);
    await joinLounge(olive, { loungeName: "Bright Lark", rulesVersion: 1 }, noon);
    await postToLounge(id, { roomId: lounge!.id, text: "Hello from the heron" }, noon);
    const hers = await postToLounge(olive.memberId, { roomId: lounge!.id, text: "Hello heron" }, noon);
    await cheerLoungePost(id, hers.id, noon);
    await reportLoungePost(id, { postId: hers.id, reason: "SPAM", note: "from Zebulon" }, noon);

    const needles = [firstEmail, email, "Zebulon", "Quillfeather", phone, profilePhone, id];
    const before = await traces(needles);
    // The search sees them everywhere before (so it can see them after).
    expect(before[email]).toEqual(
      expect.arrayContaining([
        "identity_accounts",
        "outbox",
        "waitlist_entries",
        "contact_messages",
        "billing_customers",
        "circle_invitations",
        "identity_lockouts",
        "billing_sandbox_customers",
        "billing_sandbox_idempotency",
      ]),
    );
    expect(before[id]).toEqual(
      expect.arrayContaining([
        "member_profiles",
        "identity_devices",
        "identity_oidc_models",
        "circles",
        "circle_memberships",
        "shares",
        "rate_limit_counters",
        "billing_sandbox_checkout_sessions",
        "billing_sandbox_subscriptions",
        "lounge_members",
        "lounge_seats",
        "lounge_posts",
        "lounge_cheers",
        "lounge_reports",
      ]),
    );
    expect(before[firstEmail]).toEqual(["outbox"]);
    expect(before.Zebulon).toEqual(
      expect.arrayContaining(["billing_payment_methods", "billing_sandbox_payment_methods", "circle_invitations"]),
    );

    await deleteMemberAccount(member, password, { security: centre, billing });

    // Until it is delivered, the one message left is the notice of the deletion to the member's address.
    expect(await traces(needles)).toEqual({ [email]: ["outbox"] });
    expect(await deliverPending({ db, transport: nodemailer.createTransport(smtp.url) })).toMatchObject({ failed: 0 });
    const notice = smtp.received.find((mail) => mail.to.includes(email));
    expect(notice?.data).toMatch(/Subject: Your Happr account was deleted/);
    expect(await traces(needles)).toEqual({});

    // The provider's late events (the subscription's end, the customer's deletion) bring nothing back,
    // nor does a late checkout.session.completed from Stripe, which still names the member.
    await provider.runDueWork();
    await syncCustomer(provider, customerId, id);
    expect(await traces(needles)).toEqual({});

    expect((await tablesMentioning(customerId)).sort()).toEqual(Object.keys(KEPT_BY_CUSTOMER_ID).sort());
    // Olive's own circle and plan are untouched; Zebulon is no longer in it.
    expect(await getMyCircles(olive.memberId)).toEqual([expect.objectContaining({ role: "owner", memberCount: 1 })]);
    expect(await traces(["olive.owner@example.com"])).toMatchObject({
      "olive.owner@example.com": expect.arrayContaining(["identity_accounts", "billing_customers"]),
    });
    // Traces in every feature make it long: over 20 s on a loaded two-core machine.
  }, 60_000);

  it("is safe to run again after a failure part-way: the provider's side is done, the rest finishes", async () => {
    const email = "half.way@example.com";
    const member = await newMember(email, "Halfway", "Leaver");
    await subscribeToFamily(member);
    const centre = createBuiltinIdentity({ accountId: member.memberId, email }, context);
    const failing: BillingService = {
      ...billing,
      closeMemberAccount: async (who) => {
        await billing.closeMemberAccount(who);
        throw new Error("the network went down after the provider call");
      },
    };
    await expect(deleteMemberAccount(member, password, { security: centre, billing: failing })).rejects.toThrow(
      /network went down/,
    );
    expect(await traces([email])).toMatchObject({ [email]: expect.arrayContaining(["identity_accounts"]) });

    await deleteMemberAccount(member, password, { security: centre, billing });
    await deliverPending({ db, transport: nodemailer.createTransport(smtp.url) });
    expect(await traces([email, "Halfway", member.memberId])).toEqual({});
  });
});
