import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSandboxBilling } from "./sandbox/testing";
import type { Db } from "@/lib/db/open";
import * as t from "@/lib/db/schema";
import { BillingError, providerDown } from "./errors";
import type { BillingProvider } from "./port";
import { completeSandboxCheckout } from "./sandbox/checkout";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "./service";

const SITE = "http://localhost:3000";
const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Pat" };
const alice = { memberId: "member-alice", email: "alice@example.com", name: "Alice" };
const bob = { memberId: "member-bob", email: "bob@example.com", name: "Bob" };

let provider: SandboxBillingProvider;
let billing: BillingService;
let db: Db;
useSandboxBilling((fixture) => ({ db, provider, billing } = fixture));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as BillingError,
  );

async function subscribe(member: typeof alice, lookupKey: string) {
  const { checkoutSessionId } = await billing.createCheckoutSession(member, {
    priceId: sandboxPriceId(lookupKey),
    successUrl: `${SITE}/my-account`,
    cancelUrl: `${SITE}/pricing`,
  });
  const done = await completeSandboxCheckout(provider, checkoutSessionId, card);
  await billing.validateSession(member, checkoutSessionId);
  return { checkoutSessionId, done };
}

describe("plans and prices", () => {
  it("lists the four plans cheapest first", async () => {
    const plans = await billing.getPlans();
    expect(plans.map((p) => p.unitAmount)).toEqual([499, 999, 4999, 9999]);
  });

  it("price details: 400 for a malformed id, 404 for an unknown one", async () => {
    expect((await billing.getPriceDetails(sandboxPriceId("happr_family_yearly"))).unitAmount).toBe(9999);
    expect(await failure(billing.getPriceDetails("nope"))).toMatchObject({
      status: 400,
      message: "priceId must be a price_... id",
    });
    expect(await failure(billing.getPriceDetails("price_unknown"))).toMatchObject({ status: 404 });
  });

  it("knows a price's plan after asking the provider once (page views make no provider call)", async () => {
    let calls = 0;
    const counting = new Proxy(provider, {
      get(target, property, receiver) {
        if (property === "getPrice") calls += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const service = createBillingService(counting, { siteUrl: SITE });
    const priceId = sandboxPriceId("happr_individual_yearly");
    expect(await service.getPriceLookupKey(priceId)).toBe("happr_individual_yearly");
    expect(await service.getPriceLookupKey(priceId)).toBe("happr_individual_yearly");
    expect(calls).toBe(1);
    expect(await failure(service.getPriceLookupKey("price_unknown"))).toMatchObject({ status: 404 });
  });
});

describe("a member's journey", () => {
  let subscriptionId: string;
  let subItemId: string;

  it("has no customer before the first checkout", async () => {
    expect(await billing.getCustomerProfile(alice.memberId)).toBeNull();
    expect(await billing.getMySubscriptions(alice.memberId)).toEqual([]);
  });

  it("refuses checkout URLs off the site (400 naming the field) before touching anything", async () => {
    expect(
      await failure(
        billing.createCheckoutSession(alice, {
          priceId: sandboxPriceId("happr_individual_monthly"),
          successUrl: "https://evil.example/x",
          cancelUrl: `${SITE}/p`,
        }),
      ),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining("successUrl"),
    });
    expect(
      await failure(
        billing.createCheckoutSession(alice, {
          priceId: sandboxPriceId("happr_individual_monthly"),
          successUrl: `${SITE}/ok`,
          cancelUrl: "//evil.example",
        }),
      ),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining("cancelUrl"),
    });
    expect(await billing.getCustomerProfile(alice.memberId)).toBeNull();
  });

  it("checks out: the hosted page's URL, the same session for a double click, session_id on the way back", async () => {
    const args = {
      priceId: sandboxPriceId("happr_individual_monthly"),
      successUrl: `${SITE}/my-account?welcome=1`,
      cancelUrl: `${SITE}/pricing`,
    };
    const [first, second] = await Promise.all([
      billing.createCheckoutSession(alice, args),
      billing.createCheckoutSession(alice, args),
    ]);
    expect(second.checkoutSessionId).toBe(first.checkoutSessionId);
    expect(first.url).toBe(`${SITE}/billing/sandbox-checkout/${first.checkoutSessionId}`);
    expect((await billing.getCustomerProfile(alice.memberId))?.customerId).toMatch(/^cus_/);

    const done = await completeSandboxCheckout(provider, first.checkoutSessionId, card);
    expect(done.redirectUrl).toBe(`${SITE}/my-account?welcome=1&session_id=${first.checkoutSessionId}`);
    expect(await billing.validateSession(alice, first.checkoutSessionId)).toMatchObject({ valid: true });
    const [subscription] = await billing.getMySubscriptions(alice.memberId);
    expect(subscription).toMatchObject({
      status: "active",
      priceId: sandboxPriceId("happr_individual_monthly"),
      cancelAt: null,
    });
    subscriptionId = subscription!.subscriptionId;
    subItemId = subscription!.subItemId;
  });

  it("another member's session, subscription or card answers exactly like a missing one (404)", async () => {
    await subscribe(bob, "happr_family_monthly");
    const [bobs] = await billing.getMySubscriptions(bob.memberId);
    const missingSub = await failure(billing.cancelSubscription(alice, "sub_doesnotexist"));
    const othersSub = await failure(billing.cancelSubscription(alice, bobs!.subscriptionId));
    expect(othersSub).toMatchObject({ status: 404 });
    expect(othersSub!.message).toBe(missingSub!.message);
    expect(
      await failure(
        billing.changeSubscriptionPlan(alice, {
          subscriptionId: bobs!.subscriptionId,
          newPriceId: sandboxPriceId("happr_family_yearly"),
          subItemId: bobs!.subItemId,
        }),
      ),
    ).toMatchObject({ status: 404 });
    const [bobsCard] = await billing.getPaymentMethods(bob.memberId);
    const othersCard = await failure(billing.setDefaultPaymentMethod(alice, bobsCard!.paymentMethodId));
    expect(othersCard).toMatchObject({ status: 404 });
    expect(othersCard!.message).toBe(
      (await failure(billing.setDefaultPaymentMethod(alice, "pm_doesnotexist")))!.message,
    );
    const aliceProfile = await billing.getCustomerProfile(alice.memberId);
    const bobsSession = await db
      .select()
      .from(t.billingSandboxCheckoutSessions)
      .where(eq(t.billingSandboxCheckoutSessions.clientReferenceId, bob.memberId));
    expect(aliceProfile).not.toBeNull();
    expect(await failure(billing.validateSession(alice, bobsSession[0]!.id))).toMatchObject({ status: 404 });
  });

  it("refuses a second checkout while the subscription is live (409)", async () => {
    expect(
      await failure(
        billing.createCheckoutSession(alice, {
          priceId: sandboxPriceId("happr_family_monthly"),
          successUrl: `${SITE}/ok`,
          cancelUrl: `${SITE}/no`,
        }),
      ),
    ).toMatchObject({ status: 409 });
  });

  it("previews and applies an upgrade now, the proration invoiced", async () => {
    const preview = await billing.previewProration(alice, {
      subscriptionId,
      priceId: sandboxPriceId("happr_family_monthly"),
    });
    expect(preview.dueNow).toBe(999 - 499);
    expect(preview.lines).toHaveLength(2);
    expect(
      await failure(
        billing.changeSubscriptionPlan(alice, {
          subscriptionId,
          newPriceId: sandboxPriceId("happr_individual_monthly"),
          subItemId,
        }),
      ),
    ).toMatchObject({ status: 409 });
    expect(
      await failure(
        billing.changeSubscriptionPlan(alice, {
          subscriptionId,
          newPriceId: sandboxPriceId("happr_family_monthly"),
          subItemId: "si_notthisone",
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(billing.changeSubscriptionPlan(alice, { subscriptionId, newPriceId: "bad", subItemId })),
    ).toMatchObject({ status: 400, message: "newPriceId must be a price_... id" });

    const result = await billing.changeSubscriptionPlan(alice, {
      subscriptionId,
      newPriceId: sandboxPriceId("happr_family_monthly"),
      subItemId,
    });
    expect(result).toMatchObject({
      change: "upgrade",
      subscriptionId,
      status: "active",
      priceId: sandboxPriceId("happr_family_monthly"),
    });
    const [current] = await billing.getMySubscriptions(alice.memberId);
    expect(current!.priceId).toBe(sandboxPriceId("happr_family_monthly"));
    const history = await billing.getTransactionHistory(alice.memberId);
    expect(
      history
        .filter((row) => row.kind === "invoice")
        .map((row) => row.amount)
        .sort(),
    ).toEqual([499, 500]);
  });

  it("schedules a downgrade for the period end: the current one set to cancel, an in-queue one trialing", async () => {
    const result = await billing.changeSubscriptionPlan(alice, {
      subscriptionId,
      newPriceId: sandboxPriceId("happr_individual_monthly"),
      subItemId,
    });
    expect(result).toMatchObject({
      change: "downgrade",
      status: "trialing",
      priceId: sandboxPriceId("happr_individual_monthly"),
    });
    const subscriptions = await billing.getMySubscriptions(alice.memberId);
    expect(subscriptions.map((s) => s.status)).toEqual(["active", "trialing"]);
    expect(subscriptions[0]!.cancelAt).toBe(subscriptions[0]!.currentPeriodEnd);
    expect(
      await failure(
        billing.changeSubscriptionPlan(alice, {
          subscriptionId,
          newPriceId: sandboxPriceId("happr_family_yearly"),
          subItemId,
        }),
      ),
    ).toMatchObject({ status: 409 });
  });

  it("cancelling the current subscription drops the queued plan too", async () => {
    const result = await billing.cancelSubscription(alice, subscriptionId);
    expect(result.subscriptionId).toBe(subscriptionId);
    const subscriptions = await billing.getMySubscriptions(alice.memberId);
    expect(subscriptions.map((s) => s.status)).toEqual(["active"]);
    expect(subscriptions[0]!.cancelAt).not.toBeNull();
  });

  it("keeps the plan: the scheduled end is undone, a queued downgrade goes with it, and cancel/keep can repeat", async () => {
    const resumed = await billing.resumeSubscription(alice, subscriptionId);
    expect(resumed).toMatchObject({ subscriptionId, status: "active", cancelAt: null });
    expect(
      (await billing.getMySubscriptions(alice.memberId)).map((s) => [s.status, s.cancelAt, s.cancelAtPeriodEnd]),
    ).toEqual([["active", null, false]]);
    expect(await failure(billing.resumeSubscription(alice, subscriptionId))).toMatchObject({
      status: 409,
      message: "The subscription is not set to end",
    });

    // Cancel again, keep again: the second round is a new intent, not a replay of the first.
    await billing.cancelSubscription(alice, subscriptionId);
    expect((await billing.getMySubscriptions(alice.memberId))[0]!.cancelAt).not.toBeNull();
    await billing.resumeSubscription(alice, subscriptionId);
    expect((await billing.getMySubscriptions(alice.memberId))[0]!.cancelAt).toBeNull();

    // A scheduled downgrade also sets the current one to end: keeping the plan drops the queued one.
    await billing.changeSubscriptionPlan(alice, {
      subscriptionId,
      newPriceId: sandboxPriceId("happr_individual_yearly"),
      subItemId,
    });
    expect((await billing.getMySubscriptions(alice.memberId)).map((s) => s.status)).toEqual(["active", "trialing"]);
    await billing.resumeSubscription(alice, subscriptionId);
    const after = await billing.getMySubscriptions(alice.memberId);
    expect(after.map((s) => [s.subscriptionId, s.status, s.cancelAt])).toEqual([[subscriptionId, "active", null]]);
  });

  it("resume: another member's subscription is a 404 like a missing one, a bad id a 400", async () => {
    const [bobs] = await billing.getMySubscriptions(bob.memberId);
    await billing.cancelSubscription(bob, bobs!.subscriptionId);
    const others = await failure(billing.resumeSubscription(alice, bobs!.subscriptionId));
    expect(others).toMatchObject({ status: 404 });
    expect(others!.message).toBe((await failure(billing.resumeSubscription(alice, "sub_doesnotexist")))!.message);
    expect((await billing.getMySubscriptions(bob.memberId))[0]!.cancelAt).not.toBeNull();
    expect(await failure(billing.resumeSubscription(alice, "1; drop table"))).toMatchObject({
      status: 400,
      message: "subscriptionId must be a sub_... id",
    });
  });

  it("adds cards (the first stays default), sets the default on the customer and live subscriptions", async () => {
    const before = await billing.getPaymentMethods(alice.memberId);
    expect(before).toHaveLength(1);
    expect(before[0]!.isDefault).toBe(true);
    const [added, again] = await Promise.all([
      billing.addPaymentMethod(alice, "pm_card_mastercard"),
      billing.addPaymentMethod(alice, "pm_card_mastercard"),
    ]);
    expect(again.id).toBe(added.id);
    const after = await billing.getPaymentMethods(alice.memberId);
    expect(after.map((pm) => [pm.brand, pm.isDefault]).sort()).toEqual([
      ["mastercard", false],
      ["visa", true],
    ]);
    await billing.setDefaultPaymentMethod(alice, added.id);
    expect((await billing.getPaymentMethods(alice.memberId)).find((pm) => pm.isDefault)?.paymentMethodId).toBe(
      added.id,
    );
    expect((await billing.getMySubscriptions(alice.memberId))[0]!.defaultPaymentMethod).toBe(added.id);
    expect(await failure(billing.addPaymentMethod(alice, "pm_card_chargeDeclined"))).toMatchObject({
      status: 422,
      message: "Your card was declined.",
    });
    expect(await failure(billing.addPaymentMethod(alice, "not a token"))).toMatchObject({ status: 400 });
  });

  it("cancels immediately", async () => {
    const result = await billing.cancelSubscriptionImmediately(alice, subscriptionId);
    expect(result.status).toBe("canceled");
    expect(await billing.getMySubscriptions(alice.memberId)).toEqual([]);
    expect(await failure(billing.cancelSubscriptionImmediately(alice, subscriptionId))).toMatchObject({ status: 409 });
  });

  it("lists transactions newest first", async () => {
    const history = await billing.getTransactionHistory(alice.memberId);
    expect(history.length).toBeGreaterThanOrEqual(4);
    expect(history.map((row) => row.created)).toEqual([...history.map((row) => row.created)].sort((a, b) => b - a));
    expect(await billing.getTransactionHistory("member-nobody")).toEqual([]);
  });
});

describe("when the provider is down", () => {
  it("answers 502 and writes nothing", async () => {
    const down = new Proxy(provider, {
      get(target, property) {
        const value = Reflect.get(target, property);
        return typeof value === "function" ? () => Promise.reject(providerDown()) : value;
      },
    }) as BillingProvider;
    const offline = createBillingService(down, { siteUrl: SITE });
    const carol = { memberId: "member-carol", email: "carol@example.com", name: null };
    expect(
      await failure(
        offline.createCheckoutSession(carol, {
          priceId: sandboxPriceId("happr_individual_monthly"),
          successUrl: `${SITE}/ok`,
          cancelUrl: `${SITE}/no`,
        }),
      ),
    ).toMatchObject({ status: 502 });
    expect(await failure(offline.addPaymentMethod(carol, "pm_card_visa"))).toMatchObject({ status: 502 });
    expect(await offline.getCustomerProfile(carol.memberId)).toBeNull();
    const rows = await db.select().from(t.billingCustomers).where(eq(t.billingCustomers.memberId, carol.memberId));
    expect(rows).toEqual([]);
  });
});
