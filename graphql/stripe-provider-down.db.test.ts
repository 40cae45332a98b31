import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { FakeStripeApi } from "@/lib/billing/stripe/fake-stripe-api";
import { StripeBillingProvider } from "@/lib/billing/stripe/stripe-provider";
import { getDb } from "@/lib/db/client";
import { useTestDatabase } from "@/lib/db/testing";
import { createTestServer, ops, type OperationName } from "./test-helpers";

// The same outage through the production adapter: the fake Stripe API answers 500 to everything.
const SITE = "http://localhost:3000";
const members = {
  gus: { memberId: "member-gus", email: "gus@example.com", name: "Gus" },
  hana: { memberId: "member-hana", email: "hana@example.com", name: "Hana" },
};
const fake = new FakeStripeApi();
useTestDatabase();
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;
const state = {
  subscriptionId: "",
  subItemId: "",
  plans: [] as { priceId: string; unitAmount: number; interval: string }[],
  otherPaymentMethod: "",
};

async function snapshot() {
  const db = await getDb();
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_name like 'billing_%' and table_name not like 'billing_sandbox_%' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, unknown> = {};
  for (const { table_name } of tables.rows)
    out[table_name] = (
      (await db.execute(sql.raw(`select * from "${table_name}" order by 1`))) as unknown as { rows: unknown[] }
    ).rows;
  return JSON.stringify(out, (key, value) => (key === "synced_at" ? undefined : value));
}

beforeAll(async () => {
  const provider = new StripeBillingProvider({
    secretKey: "sk_test_fake",
    webhookSecret: "whsec_test",
    ...(await fake.start()),
    maxNetworkRetries: 0,
  });
  billing = createBillingService(provider, { siteUrl: SITE });
  server = createTestServer({ members, billing: async () => billing });
  state.plans = (await server.gql(ops.getPlans)).body.data!.getPlans.plans;
  // Gus becomes a customer (adding a card creates it) with a paid subscription, mirrored.
  expect(
    (await server.gql(ops.addNewPaymentMethod, { token: "pm_card_visa" }, "gus")).body.data!.addNewPaymentMethod
      .statusCode,
  ).toBe(201);
  expect(
    (await server.gql(ops.addNewPaymentMethod, { token: "pm_card_mastercard" }, "gus")).body.data!.addNewPaymentMethod
      .statusCode,
  ).toBe(201);
  const customer = (await server.gql(ops.getCustomerProfile, {}, "gus")).body.data!.getCustomerProfile.customer;
  fake.seedPaidSubscription(customer.customerId, state.plans[0]!.priceId);
  await billing.syncMember(members.gus.memberId);
  const subscription = (await server.gql(ops.getMySubscriptions, {}, "gus")).body.data!.getMySubscriptions
    .subscriptionData[0];
  state.subscriptionId = subscription.subscriptionId;
  state.subItemId = subscription.subItemId;
  const methods = (await server.gql(ops.getMyPaymentMethods, {}, "gus")).body.data!.getMyPaymentMethods.paymentMethods;
  state.otherPaymentMethod = methods.find((m: { isDefault: boolean }) => !m.isDefault).paymentId;
}, 120_000);
afterAll(async () => {
  await fake.stop();
});

describe("provider down (Stripe adapter)", () => {
  const upgrade = () =>
    state.plans.find((p) => p.unitAmount > state.plans[0]!.unitAmount && p.interval === "month")!.priceId;
  const cases: [OperationName, () => Record<string, unknown>, string?][] = [
    // Hana has no subscription (Gus's would be a 409 before any provider call) and no customer yet.
    [
      "createSubscriptionCheckoutSession",
      () => ({ priceId: state.plans[1]!.priceId, successUrl: `${SITE}/a`, cancelUrl: `${SITE}/b` }),
      "hana",
    ],
    ["validateSession", () => ({ checkoutSessionId: "cs_test_anything" })],
    ["getPriceDetails", () => ({ priceId: state.plans[0]!.priceId })],
    ["cancelSubscription", () => ({ subscriptionId: state.subscriptionId })],
    ["cancelSubscriptionImmediately", () => ({ subscriptionId: state.subscriptionId })],
    [
      "changeSubscriptionPlan",
      () => ({ subscriptionId: state.subscriptionId, newPriceId: upgrade(), subItemId: state.subItemId }),
    ],
    ["previewProration", () => ({ subscriptionId: state.subscriptionId, priceId: upgrade() })],
    ["addNewPaymentMethod", () => ({ token: "pm_card_amex" })],
    ["setDefaultPaymentMethod", () => ({ newPaymentMethodId: state.otherPaymentMethod })],
  ];

  it.each(cases)("%s answers 502 and writes nothing", async (name, args, who = "gus") => {
    const before = await snapshot();
    expect(before).toContain(state.subscriptionId);
    const sent = fake.requests.length;
    fake.failWith = 500;
    try {
      const result = (await server.gql(ops[name], args(), who)).body.data![name];
      expect(result).toMatchObject({ statusCode: 502 });
      expect(result.message).toMatch(/payment provider/i);
    } finally {
      fake.failWith = null;
    }
    // It did try Stripe (the failure is the provider's), and the mirror is as it was.
    expect(fake.requests.length).toBeGreaterThan(sent);
    expect(await snapshot()).toBe(before);
  });
});
