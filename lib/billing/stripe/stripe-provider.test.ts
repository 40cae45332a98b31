import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fixtures from "../__fixtures__/stripe-objects.json";
import { defineBillingContract } from "../contract";
import { dueNow } from "../due-now";
import { addInterval } from "../proration";
import { BillingError } from "../errors";
import { FakeStripeApi } from "./fake-stripe-api";
import { StripeBillingProvider } from "./stripe-provider";

const fake = new FakeStripeApi();
let provider: StripeBillingProvider;
const WEBHOOK_SECRET = "whsec_test_secret";
const NOW = Date.UTC(2026, 0, 15, 12) / 1000;

beforeAll(async () => {
  fake.now = NOW;
  const address = await fake.start();
  provider = new StripeBillingProvider({
    secretKey: "sk_test_fake",
    webhookSecret: WEBHOOK_SECRET,
    ...address,
    maxNetworkRetries: 0,
    clock: () => fake.now,
  });
});
afterAll(() => fake.stop());

defineBillingContract("Stripe adapter against a fake Stripe API", async () => ({
  provider,
  priceIdOf: (lookupKey) => `price_live_${lookupKey}`,
  givenActiveSubscription: async (customerId, priceId) =>
    provider.getSubscription(fake.seedPaidSubscription(customerId, priceId).id),
  advanceClock: async (seconds) => {
    fake.now += seconds;
  },
}));

describe("Stripe adapter: the requests it makes", () => {
  const last = (method: string, path: RegExp | string) => fake.requestsTo(method, path).at(-1)!;

  it("finds prices by lookup key, active, with the product expanded", async () => {
    await provider.listActivePrices(["happr_family_monthly", "happr_individual_yearly"]);
    const request = last("GET", "/v1/prices");
    expect(request.params).toMatchObject({
      "lookup_keys[0]": "happr_family_monthly",
      "lookup_keys[1]": "happr_individual_yearly",
      active: "true",
      "expand[0]": "data.product",
    });
  });

  it("creates the customer with the member in metadata and the idempotency key", async () => {
    await provider.createCustomer({ email: "a@example.com", name: "A", memberId: "member-1" }, "key-customer-1");
    const request = last("POST", "/v1/customers");
    expect(request.params).toEqual({ email: "a@example.com", name: "A", "metadata[memberId]": "member-1" });
    expect(request.idempotencyKey).toBe("key-customer-1");
  });

  it("deletes the customer with DELETE /v1/customers/:id, and takes Stripe's 404 on a retry as done", async () => {
    const customer = await provider.createCustomer(
      { email: "gone@example.com", name: "Gone", memberId: "member-gone" },
      "key-customer-gone",
    );
    await provider.deleteCustomer(customer.id);
    await provider.deleteCustomer(customer.id);
    const deletes = fake.requestsTo("DELETE", `/v1/customers/${customer.id}`);
    expect(deletes).toHaveLength(2);
    expect(deletes[0]!.idempotencyKey).toBeUndefined();
    expect(await provider.getCustomer(customer.id)).toMatchObject({ deleted: true, email: null, name: null });
  });

  it("creates a subscription-mode Checkout session with the success URL's placeholder", async () => {
    const customer = await provider.createCustomer(
      { email: "b@example.com", name: null, memberId: "member-2" },
      "key-customer-2",
    );
    await provider.createCheckoutSession(
      {
        customerId: customer.id,
        priceId: "price_live_happr_family_yearly",
        successUrl: "https://happr.app/ok?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "https://happr.app/pricing",
        memberId: "member-2",
      },
      "key-checkout-1",
    );
    const request = last("POST", "/v1/checkout/sessions");
    expect(request.idempotencyKey).toBe("key-checkout-1");
    expect(request.params).toMatchObject({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "member-2",
      "line_items[0][price]": "price_live_happr_family_yearly",
      "line_items[0][quantity]": "1",
      success_url: "https://happr.app/ok?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://happr.app/pricing",
      "metadata[memberId]": "member-2",
      "subscription_data[metadata][memberId]": "member-2",
    });
  });

  describe("on a subscription", () => {
    let subscriptionId: string;
    let itemId: string;
    let periodEnd: number;
    beforeAll(async () => {
      const customer = await provider.createCustomer(
        { email: "c@example.com", name: null, memberId: "member-3" },
        "key-customer-3",
      );
      const subscription = fake.seedPaidSubscription(customer.id, "price_live_happr_individual_monthly");
      subscriptionId = subscription.id;
      const item = (subscription.items as { data: { id: string; current_period_end: number }[] }).data[0]!;
      itemId = item.id;
      periodEnd = item.current_period_end;
    });

    it("previews with invoices.createPreview: the item and price, always_invoice, the proration date", async () => {
      await provider.previewProration({
        subscriptionId,
        itemId,
        priceId: "price_live_happr_family_monthly",
        prorationDate: NOW + 60,
      });
      const request = last("POST", "/v1/invoices/create_preview");
      expect(request.params).toMatchObject({
        subscription: subscriptionId,
        "subscription_details[items][0][id]": itemId,
        "subscription_details[items][0][price]": "price_live_happr_family_monthly",
        "subscription_details[proration_behavior]": "always_invoice",
        "subscription_details[proration_date]": String(NOW + 60),
      });
      // A preview changes nothing: only the SDK's own retry key, none of ours.
      expect(request.idempotencyKey).toMatch(/^stripe-node-retry-/);
    });

    it("upgrades with always_invoice and pending_if_incomplete, with the key", async () => {
      await provider.changePriceNow(
        { subscriptionId, itemId, priceId: "price_live_happr_family_monthly" },
        "key-upgrade-1",
      );
      const request = last("POST", `/v1/subscriptions/${subscriptionId}`);
      expect(request.idempotencyKey).toBe("key-upgrade-1");
      expect(request.params).toEqual({
        "items[0][id]": itemId,
        "items[0][price]": "price_live_happr_family_monthly",
        proration_behavior: "always_invoice",
        payment_behavior: "pending_if_incomplete",
      });
    });

    it("a change to another interval: Stripe resets the cycle; the preview's total is due now and the update reuses its proration_date", async () => {
      const customer = await provider.createCustomer(
        { email: "cycle@example.com", name: null, memberId: "member-cycle" },
        "key-customer-cycle",
      );
      const seeded = fake.seedPaidSubscription(customer.id, "price_live_happr_individual_monthly");
      const seededItem = (seeded.items as { data: { id: string; current_period_end: number }[] }).data[0]!;
      fake.now += 10 * 86_400;
      const prorationDate = fake.now;
      const preview = await provider.previewProration({
        subscriptionId: seeded.id,
        itemId: seededItem.id,
        priceId: "price_live_happr_family_yearly",
        prorationDate,
      });
      // Stripe's answer: the credit is a proration line, the new year's full price is not, and both are on the invoice.
      expect(preview.lines.map((line) => [line.proration, line.amount > 0])).toEqual([
        [true, false],
        [false, true],
      ]);
      expect(preview.lines[1]).toMatchObject({
        amount: 9999,
        periodStart: prorationDate,
        periodEnd: addInterval(prorationDate, "year"),
      });
      expect(preview.lines[0]).toMatchObject({ periodStart: prorationDate, periodEnd: seededItem.current_period_end });
      expect(dueNow(preview)).toBe(preview.total);
      expect(preview.total).toBe(9999 + preview.lines[0]!.amount);
      const prorationLinesOnly = preview.lines
        .filter((line) => line.proration)
        .reduce((sum, line) => sum + line.amount, 0);
      expect(prorationLinesOnly).toBeLessThan(0); // what the old figure was: a "credit" for a $9x charge

      fake.now += 90;
      await provider.changePriceNow(
        { subscriptionId: seeded.id, itemId: seededItem.id, priceId: "price_live_happr_family_yearly", prorationDate },
        "key-cycle-upgrade",
      );
      expect(last("POST", `/v1/subscriptions/${seeded.id}`).params).toMatchObject({
        proration_date: String(prorationDate),
        proration_behavior: "always_invoice",
      });
      const invoice = [...fake.invoices.values()].find(
        (candidate) => candidate.customer === customer.id && candidate.billing_reason === "subscription_update",
      )!;
      expect(invoice.total).toBe(preview.total);
      expect(invoice.amount_paid).toBe(preview.total);
      expect(fake.subscriptions.get(seeded.id)).toMatchObject({ billing_cycle_anchor: fake.now });
    });

    it("schedules a downgrade as cancel_at_period_end plus a subscription trialing until then, each with its own key", async () => {
      await provider.scheduleDowngrade(
        { subscriptionId, itemId, priceId: "price_live_happr_individual_monthly" },
        "key-down-1",
      );
      const end = last("POST", `/v1/subscriptions/${subscriptionId}`);
      expect(end.params).toEqual({ cancel_at_period_end: "true" });
      expect(end.idempotencyKey).toBe("key-down-1-end");
      const create = last("POST", "/v1/subscriptions");
      expect(create.idempotencyKey).toBe("key-down-1-queue");
      expect(create.params).toMatchObject({
        "items[0][price]": "price_live_happr_individual_monthly",
        trial_end: String(periodEnd),
        "metadata[queuedAfter]": subscriptionId,
      });
    });

    it("cancels now with DELETE and the key", async () => {
      await provider.cancelNow(subscriptionId, "key-cancel-now");
      expect(last("DELETE", `/v1/subscriptions/${subscriptionId}`).idempotencyKey).toBe("key-cancel-now");
    });
  });

  it("turns a card token into a payment method before attaching it", async () => {
    const customer = await provider.createCustomer(
      { email: "d@example.com", name: null, memberId: "member-4" },
      "key-customer-4",
    );
    const pm = await provider.attachPaymentMethod(customer.id, "tok_visa", "key-attach-tok");
    expect(last("POST", "/v1/payment_methods")).toMatchObject({
      params: { type: "card", "card[token]": "tok_visa" },
      idempotencyKey: "key-attach-tok-create",
    });
    expect(last("POST", `/v1/payment_methods/${pm.id}/attach`)).toMatchObject({
      params: { customer: customer.id },
      idempotencyKey: "key-attach-tok",
    });
    await provider.setDefaultPaymentMethod(customer.id, pm.id, "key-default");
    expect(last("POST", `/v1/customers/${customer.id}`)).toMatchObject({
      params: { "invoice_settings[default_payment_method]": pm.id },
      idempotencyKey: "key-default",
    });
  });

  it("answers 502 when Stripe is down, and 404 for a missing object", async () => {
    await expect(provider.getPrice("price_nope")).rejects.toMatchObject({ status: 404, code: "not_found" });
    fake.failWith = 500;
    try {
      const error = await provider.listActivePrices(["happr_family_monthly"]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BillingError);
      expect(error).toMatchObject({ status: 502, code: "provider_unavailable" });
    } finally {
      fake.failWith = null;
    }
  });

  it("answers 502 when Stripe cannot be reached", async () => {
    const unreachable = new StripeBillingProvider({
      secretKey: "sk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      host: "127.0.0.1",
      port: 1,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(unreachable.getCustomer("cus_x")).rejects.toMatchObject({ status: 502 });
  });
});

describe("Stripe adapter: webhook verification", () => {
  const stripe = new Stripe("sk_test_fake");
  const event = {
    ...fixtures.event,
    id: "evt_test_1",
    type: "customer.subscription.updated",
    data: { object: { ...fixtures.subscription, id: "sub_123", customer: "cus_123" } },
  };
  const payload = JSON.stringify(event);
  const header = (timestamp: number, body = payload) =>
    stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp });
  const nowMs = NOW * 1000;

  it("accepts a valid signature and reduces the event to what the mirror re-fetches", () => {
    expect(provider.parseWebhook(payload, header(NOW), nowMs)).toEqual({
      id: "evt_test_1",
      type: "customer.subscription.updated",
      objectId: "sub_123",
      customerId: "cus_123",
      created: event.created,
    });
    expect(provider.parseWebhook(Buffer.from(payload), header(NOW - 299), nowMs).id).toBe("evt_test_1");
  });

  it("refuses a tampered byte, a stale or future timestamp, a wrong secret and a missing header (400)", () => {
    const refuse = (fn: () => unknown, message: RegExp) => {
      const error = (() => {
        try {
          fn();
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(BillingError);
      expect(error).toMatchObject({ status: 400 });
      expect((error as Error).message).toMatch(message);
    };
    refuse(() => provider.parseWebhook(payload.replace("sub_123", "sub_124"), header(NOW), nowMs), /signature/i);
    refuse(() => provider.parseWebhook(payload, header(NOW - 301), nowMs), /tolerance|timestamp/i);
    refuse(() => provider.parseWebhook(payload, header(NOW + 301), nowMs), /future/);
    refuse(
      () =>
        provider.parseWebhook(
          payload,
          stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other", timestamp: NOW }),
          nowMs,
        ),
      /signature/i,
    );
    refuse(() => provider.parseWebhook(payload, undefined, nowMs), /Missing Stripe-Signature/);
    refuse(() => provider.parseWebhook(payload, "", nowMs), /Missing Stripe-Signature/);
  });

  it("finds the customer of a detached payment method in previous_attributes", () => {
    const detached = JSON.stringify({
      ...fixtures.event,
      id: "evt_detach",
      type: "payment_method.detached",
      data: {
        object: { ...fixtures.payment_method, id: "pm_1", customer: null },
        previous_attributes: { customer: "cus_9" },
      },
    });
    expect(provider.parseWebhook(detached, header(NOW, detached), nowMs)).toMatchObject({
      objectId: "pm_1",
      customerId: "cus_9",
    });
  });
});
