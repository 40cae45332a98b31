import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import fixtures from "../__fixtures__/stripe-objects.json";
import { FakeStripeApi } from "../stripe/fake-stripe-api";
import { signTestWebhook } from "../stripe/sign-test-webhook";
import { StripeBillingProvider } from "../stripe/stripe-provider";
import { receiveWebhook } from "./receive-webhook";

const SECRET = "whsec_receive_test";
const fake = new FakeStripeApi();
useTestDatabase();
let provider: StripeBillingProvider;
let subscriptionId: string;
let customerId: string;

beforeAll(async () => {
  provider = new StripeBillingProvider({
    secretKey: "sk_test_fake",
    webhookSecret: SECRET,
    ...(await fake.start()),
    maxNetworkRetries: 0,
  });
  const customer = await provider.createCustomer({ email: "w@example.com", name: null, memberId: "member-w" }, "key-w");
  customerId = customer.id;
  subscriptionId = fake.seedPaidSubscription(customerId, "price_live_happr_family_monthly").id;
}, 120_000);
afterAll(async () => {
  await fake.stop();
});

/** A Stripe event delivery: the payload (stale on purpose: the adapter re-fetches) and its signature. */
function delivery(id: string, type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({ ...fixtures.event, id, type, data: { object } });
  return { body, signature: signTestWebhook(body, SECRET) };
}
const staleSubscription = () => ({
  ...fixtures.subscription,
  id: subscriptionId,
  customer: customerId,
  status: "incomplete",
});
const quiet = () => {};

async function mirrored() {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.subscriptionId, subscriptionId));
  return row;
}

describe("receiveWebhook with the Stripe adapter", () => {
  it("refuses a bad or missing signature with 400 and records nothing", async () => {
    const { body, signature } = delivery("evt_bad_sig", "customer.subscription.updated", staleSubscription());
    expect((await receiveWebhook(provider, provider, body.replace("incomplete", "incompletf"), signature)).status).toBe(
      400,
    );
    expect((await receiveWebhook(provider, provider, body, null)).status).toBe(400);
    const db = await getDb();
    expect(
      await db.select().from(t.billingProcessedEvents).where(eq(t.billingProcessedEvents.eventId, "evt_bad_sig")),
    ).toEqual([]);
  });

  it("answers 500 when Stripe cannot be reached to re-fetch, then applies the redelivery", async () => {
    const { body, signature } = delivery("evt_retry", "customer.subscription.created", staleSubscription());
    fake.failWith = 503;
    try {
      expect(await receiveWebhook(provider, provider, body, signature, quiet)).toMatchObject({ status: 500 });
    } finally {
      fake.failWith = null;
    }
    expect(await mirrored()).toBeUndefined();
    expect(await receiveWebhook(provider, provider, body, signature)).toEqual({
      status: 200,
      body: { received: true, result: "applied" },
    });
    // the re-fetched state, not the payload's "incomplete"
    expect(await mirrored()).toMatchObject({
      status: "active",
      customerId,
      priceId: "price_live_happr_family_monthly",
    });
    expect(fake.requestsTo("GET", `/v1/subscriptions/${subscriptionId}`).length).toBeGreaterThanOrEqual(1);
  });

  it("acknowledges a duplicate without re-applying, and an unhandled type as ignored", async () => {
    const { body, signature } = delivery("evt_retry", "customer.subscription.created", staleSubscription());
    expect((await receiveWebhook(provider, provider, body, signature)).body).toMatchObject({ result: "duplicate" });
    const other = delivery("evt_refund", "charge.refunded", { ...fixtures.charge, id: "ch_1", customer: customerId });
    expect((await receiveWebhook(provider, provider, other.body, other.signature)).body).toMatchObject({
      result: "ignored",
    });
  });

  it("checkout.session.completed maps the member and mirrors the customer's state", async () => {
    const session = await provider.createCheckoutSession(
      {
        customerId,
        priceId: "price_live_happr_family_monthly",
        successUrl: "https://happr.app/ok",
        cancelUrl: "https://happr.app/no",
        memberId: "member-w",
      },
      "key-cs-w",
    );
    Object.assign(fake.sessions.get(session.id)!, {
      status: "complete",
      payment_status: "paid",
      subscription: subscriptionId,
    });
    const { body, signature } = delivery("evt_cs_done", "checkout.session.completed", {
      ...fixtures["checkout.session"],
      id: session.id,
    });
    expect((await receiveWebhook(provider, provider, body, signature)).body).toMatchObject({ result: "applied" });
    const db = await getDb();
    const [customer] = await db.select().from(t.billingCustomers).where(eq(t.billingCustomers.memberId, "member-w"));
    expect(customer).toMatchObject({ customerId, email: "w@example.com" });
    const cards = await db
      .select()
      .from(t.billingPaymentMethods)
      .where(eq(t.billingPaymentMethods.customerId, customerId));
    expect(cards).toHaveLength(1);
    const transactions = await db
      .select()
      .from(t.billingTransactions)
      .where(eq(t.billingTransactions.customerId, customerId));
    expect(transactions.length).toBeGreaterThanOrEqual(2);
  });
});
