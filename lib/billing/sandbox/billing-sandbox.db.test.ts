import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import { defineBillingContract } from "../contract";
import { BillingError } from "../errors";
import { completeSandboxCheckout } from "./checkout";
import { advanceClockBy, freezeClockAt, readClock } from "./clock";
import { processDueSubscriptions } from "./process-due";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox-provider";

const START = Date.UTC(2026, 0, 15, 12) / 1000; // Jan 15, 2026 12:00 UTC
const DAY = 86_400;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123", name: "Pat Example" };

useTestDatabase();
let provider: SandboxBillingProvider;

beforeAll(async () => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" });
  await freezeClockAt(await getDb(), START);
});

let n = 0;
async function subscribe(lookupKey: string, card = goodCard) {
  const label = `s${++n}`;
  const customer = await provider.createCustomer(
    { email: `${label}@example.com`, name: "Pat", memberId: `m-${label}` },
    `cust-${label}`,
  );
  const session = await provider.createCheckoutSession(
    {
      customerId: customer.id,
      priceId: sandboxPriceId(lookupKey),
      successUrl: "http://localhost:3000/ok?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/no",
      memberId: `m-${label}`,
    },
    `cs-${label}`,
  );
  const done = await completeSandboxCheckout(provider, session.id, card);
  return { customer, session, done, subscription: await provider.getSubscription(done.subscriptionId) };
}

defineBillingContract("sandbox", async () => ({
  provider,
  priceIdOf: sandboxPriceId,
  async givenActiveSubscription(customerId, priceId) {
    const session = await provider.createCheckoutSession(
      {
        customerId,
        priceId,
        successUrl: "http://localhost:3000/ok?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "http://localhost:3000/no",
        memberId: "m",
      },
      `given-${customerId}`,
    );
    const done = await completeSandboxCheckout(provider, session.id, goodCard);
    return provider.getSubscription(done.subscriptionId);
  },
  advanceClock: async (seconds) => {
    await provider.advanceClock(seconds);
  },
}));

describe("sandbox hosted checkout", () => {
  it("completes with 4242…: card saved as default, subscription active, first invoice paid, redirect carries the session id", async () => {
    const { customer, session, done, subscription } = await subscribe("happr_individual_monthly");
    expect(done.redirectUrl).toBe(`http://localhost:3000/ok?session_id=${session.id}`);
    expect(subscription.status).toBe("active");
    expect(subscription.items[0]).toMatchObject({
      priceId: "price_happr_individual_monthly",
      currentPeriodStart: expect.any(Number),
    });
    expect((await provider.getCustomer(customer.id)).defaultPaymentMethod).toMatch(/^pm_/);
    const [invoice] = await provider.listInvoices(customer.id);
    expect(invoice).toMatchObject({
      status: "paid",
      total: 499,
      amountPaid: 499,
      billingReason: "subscription_create",
      subscriptionId: subscription.id,
    });
    const [charge] = await provider.listCharges(customer.id);
    expect(charge).toMatchObject({ amount: 499, status: "succeeded" });
    expect(await provider.getCheckoutSession(session.id)).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      subscriptionId: subscription.id,
      url: null,
    });
  });

  it("declines 4000 0000 0000 0002 and 9995 with Stripe's messages, changing nothing", async () => {
    const customer = await provider.createCustomer(
      { email: "d@example.com", name: null, memberId: "m-d" },
      "cust-declines",
    );
    const session = await provider.createCheckoutSession(
      {
        customerId: customer.id,
        priceId: sandboxPriceId("happr_family_yearly"),
        successUrl: "http://localhost:3000/ok",
        cancelUrl: "http://localhost:3000/no",
        memberId: "m-d",
      },
      "cs-declines",
    );
    const attempt = (number: string) =>
      completeSandboxCheckout(provider, session.id, { ...goodCard, number }).catch((error: BillingError) => error);
    expect(await attempt("4000000000000002")).toMatchObject({ status: 422, message: "Your card was declined." });
    expect(await attempt("4000 0000 0000 9995")).toMatchObject({
      status: 422,
      message: "Your card has insufficient funds.",
    });
    expect(await attempt("1234567812345678")).toMatchObject({ status: 422 });
    expect(
      await completeSandboxCheckout(provider, session.id, { ...goodCard, cvc: "1" }).catch((e: BillingError) => e),
    ).toMatchObject({ status: 400, message: "CVC must be 3 or 4 digits" });
    expect(
      await completeSandboxCheckout(provider, session.id, { ...goodCard, expYear: 2025 }).catch((e: BillingError) => e),
    ).toMatchObject({ status: 422, message: "Your card has expired." });
    expect(await provider.listSubscriptions(customer.id)).toEqual([]);
    expect(await provider.listPaymentMethods(customer.id)).toEqual([]);
    expect(await provider.listCharges(customer.id)).toEqual([]);
    expect((await provider.getCheckoutSession(session.id)).status).toBe("open");
  });

  it("refuses a second completion (409) and an expired session (409)", async () => {
    const { session } = await subscribe("happr_individual_monthly");
    expect(await completeSandboxCheckout(provider, session.id, goodCard).catch((e: BillingError) => e)).toMatchObject({
      status: 409,
    });
    expect(
      await completeSandboxCheckout(provider, "cs_test_nope", goodCard).catch((e: BillingError) => e),
    ).toMatchObject({ status: 404 });
  });
});

describe("sandbox idempotency", () => {
  it("concurrent requests with one key make one customer", async () => {
    const input = { email: "race@example.com", name: null, memberId: "m-race" };
    const results = await Promise.all(Array.from({ length: 8 }, () => provider.createCustomer(input, "race-key")));
    expect(new Set(results.map((c) => c.id)).size).toBe(1);
    const db = await getDb();
    const [row] = await db
      .select({ value: count() })
      .from(t.billingSandboxCustomers)
      .where(eq(t.billingSandboxCustomers.email, "race@example.com"));
    expect(row?.value).toBe(1);
  });

  it("refuses a key reused for another operation (400)", async () => {
    const customer = await provider.createCustomer(
      { email: "k@example.com", name: null, memberId: "m-k" },
      "reused-key",
    );
    expect(
      await provider.attachPaymentMethod(customer.id, "pm_card_visa", "reused-key").catch((e: BillingError) => e),
    ).toMatchObject({ status: 400 });
  });
});

describe("sandbox clock", () => {
  it("renews at the period end: invoices and charges the default card, moves the period", async () => {
    const { customer, subscription } = await subscribe("happr_family_monthly");
    const end = subscription.items[0]!.currentPeriodEnd;
    await freezeClockAt(await getDb(), end - 1);
    await processDueSubscriptions(provider);
    expect((await provider.getSubscription(subscription.id)).items[0]!.currentPeriodEnd).toBe(end);

    await advanceClockBy(await getDb(), 1);
    expect(await processDueSubscriptions(provider)).toBeGreaterThanOrEqual(1);
    const renewed = await provider.getSubscription(subscription.id);
    expect(renewed.status).toBe("active");
    expect(renewed.items[0]!.currentPeriodStart).toBe(end);
    const [invoice] = await provider.listInvoices(customer.id);
    expect(invoice).toMatchObject({
      billingReason: "subscription_cycle",
      status: "paid",
      total: 999,
      periodStart: end,
    });
    expect((await provider.listCharges(customer.id)).length).toBe(2);
  });

  it("a failing renewal leaves the subscription past_due with an open invoice and a failed charge", async () => {
    const { customer, subscription } = await subscribe("happr_individual_monthly");
    const failing = await provider.attachPaymentMethod(
      customer.id,
      "pm_card_chargeCustomerFail",
      `fail-${customer.id}`,
    );
    await provider.setSubscriptionPaymentMethod(subscription.id, failing.id, `sub-pm-${customer.id}`);
    await freezeClockAt(await getDb(), subscription.items[0]!.currentPeriodEnd);
    await processDueSubscriptions(provider);
    expect((await provider.getSubscription(subscription.id)).status).toBe("past_due");
    const [invoice] = await provider.listInvoices(customer.id);
    expect(invoice).toMatchObject({ status: "open", amountPaid: 0 });
    const [charge] = await provider.listCharges(customer.id);
    expect(charge).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
  });

  it("ends a scheduled cancellation and starts the queued plan, charged from then on", async () => {
    await freezeClockAt(await getDb(), START + 100 * DAY);
    const { customer, subscription } = await subscribe("happr_family_yearly");
    const item = subscription.items[0]!;
    const { queued } = await provider.scheduleDowngrade(
      { subscriptionId: subscription.id, itemId: item.id, priceId: sandboxPriceId("happr_individual_yearly") },
      `down-${customer.id}`,
    );
    const chargesBefore = (await provider.listCharges(customer.id)).length;

    await advanceClockBy(await getDb(), 30 * DAY);
    await processDueSubscriptions(provider);
    expect((await provider.getSubscription(queued.id)).status).toBe("trialing");
    expect((await provider.listCharges(customer.id)).length).toBe(chargesBefore);

    await freezeClockAt(await getDb(), item.currentPeriodEnd);
    await processDueSubscriptions(provider);
    const ended = await provider.getSubscription(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", endedAt: item.currentPeriodEnd });
    const started = await provider.getSubscription(queued.id);
    expect(started.status).toBe("active");
    expect(started.items[0]).toMatchObject({
      priceId: "price_happr_individual_yearly",
      currentPeriodStart: item.currentPeriodEnd,
    });
    const [charge] = await provider.listCharges(customer.id);
    expect(charge).toMatchObject({ amount: 4999, status: "succeeded" });
  });

  it("two instances processing at once renew a subscription once", async () => {
    await freezeClockAt(await getDb(), START + 400 * DAY);
    const { customer, subscription } = await subscribe("happr_individual_monthly");
    await freezeClockAt(await getDb(), subscription.items[0]!.currentPeriodEnd + 10);
    const other = new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" });
    await Promise.all([
      processDueSubscriptions(provider),
      processDueSubscriptions(other),
      processDueSubscriptions(provider),
    ]);
    const invoices = await provider.listInvoices(customer.id);
    expect(invoices.filter((invoice) => invoice.billingReason === "subscription_cycle")).toHaveLength(1);
  });

  it("catches up several missed periods, one invoice each", async () => {
    await freezeClockAt(await getDb(), START + 800 * DAY);
    const { customer, subscription } = await subscribe("happr_individual_monthly");
    await advanceClockBy(await getDb(), 95 * DAY);
    await processDueSubscriptions(provider);
    const cycles = (await provider.listInvoices(customer.id)).filter(
      (invoice) => invoice.billingReason === "subscription_cycle",
    );
    expect(cycles).toHaveLength(3);
    expect((await provider.getSubscription(subscription.id)).items[0]!.currentPeriodEnd).toBeGreaterThan(
      await readClock(await getDb()),
    );
  });
});
