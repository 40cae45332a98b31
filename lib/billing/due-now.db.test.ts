import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { plans } from "@/config/plans";
import { forgetMemberCustomer } from "./mirror/write-mirror";
import { useSandboxBilling } from "./sandbox/testing";
import { QUOTE_EXPIRED_MESSAGE, QUOTE_LIFETIME_SECONDS } from "./quotes";
import { completeSandboxCheckout } from "./sandbox/checkout";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox/sandbox-provider";
import { addInterval } from "./proration";
import type { BillingService } from "./service";

/**
 * "Due now" on the sandbox, through the service the API and the pages use: for any pair of plans,
 * any moment in the period, with or without a scheduled cancellation, and however long the member
 * reads the figure before confirming (within the quote's lifetime), the confirmed change invoices
 * exactly the figure shown, and the next invoice is the one announced, on the day announced.
 */

const SITE = "http://localhost:3000";
// The clock runs decades ahead over the runs: a card that never expires in that time.
const card = { number: "4242424242424242", expMonth: 12, expYear: 2100, cvc: "123", name: "Pat" };
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

let provider: SandboxBillingProvider;
let billing: BillingService;
useSandboxBilling((fixture) => ({ provider, billing } = fixture));

let members = 0;
async function subscribed(lookupKey: string) {
  const member = { memberId: `member-due-now-${++members}`, email: `due-now-${members}@example.com`, name: "Pat" };
  const { checkoutSessionId } = await billing.createCheckoutSession(member, {
    priceId: sandboxPriceId(lookupKey),
    successUrl: `${SITE}/ok`,
    cancelUrl: `${SITE}/no`,
  });
  await completeSandboxCheckout(provider, checkoutSessionId, card);
  await billing.validateSession(member, checkoutSessionId);
  const [subscription] = await billing.getMySubscriptions(member.memberId);
  const customerId = (await billing.getCustomerProfile(member.memberId))!.customerId;
  return { member, subscription: subscription!, customerId };
}

/** Stops what a run started, so later runs' clock moves renew nothing of it. */
async function endAll(customerId: string) {
  for (const subscription of await provider.listSubscriptions(customerId)) {
    if (subscription.status !== "canceled") await provider.cancelNow(subscription.id, `end-${subscription.id}`);
  }
}

/** The UTC calendar day of an instant (unix seconds). */
const utcDay = (seconds: number) => Math.floor(seconds / 86_400);

const keys = plans.map((plan) => plan.lookupKey);
const planPair = fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...keys)).filter(([from, to]) => from !== to);

describe("due now (sandbox, property)", () => {
  it("equals what the confirmed change invoices, to the cent, for any pair of plans and any moment in the period", async () => {
    await fc.assert(
      fc.asyncProperty(
        planPair,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: QUOTE_LIFETIME_SECONDS }),
        async ([from, to], at, cancelFirst, readingSeconds) => {
          const { member, subscription, customerId } = await subscribed(from);
          const length = subscription.currentPeriodEnd - subscription.currentPeriodStart;
          const offset = Math.min(Math.floor(at * length), length - readingSeconds - 1);
          await provider.advanceClock(Math.max(0, offset));
          if (cancelFirst) await billing.cancelSubscription(member, subscription.subscriptionId);

          const quotedAt = await provider.now();
          const quote = await billing.previewProration(member, {
            subscriptionId: subscription.subscriptionId,
            priceId: sandboxPriceId(to),
          });
          expect(sum(quote.lines.map((line) => line.amount))).toBe(quote.dueNow);
          await provider.advanceClock(readingSeconds);
          const before = await provider.listInvoices(customerId);
          await billing.changeSubscriptionPlan(member, {
            subscriptionId: subscription.subscriptionId,
            newPriceId: sandboxPriceId(to),
            subItemId: subscription.subItemId,
          });
          const created = (await provider.listInvoices(customerId)).filter(
            (invoice) => !before.some((old) => old.id === invoice.id),
          );
          expect(sum(created.map((invoice) => invoice.total))).toBe(quote.dueNow);
          if (quote.change === "downgrade") expect(created).toEqual([]);

          // The next invoice: the one announced, on the day announced (none when the plan ends then).
          const next = quote.nextInvoice;
          // The period really starts when the change is made, up to readingSeconds after the quote. A
          // month counted from a change confirmed on a later day than the quote was read can end on
          // another day (quoted on 30 April: 30 May; confirmed on 1 May: 1 June): up to 3 days later.
          const sameDay = utcDay(quotedAt) === utcDay(quotedAt + readingSeconds);
          const latest = readingSeconds + (sameDay ? 0 : 3 * 86_400);
          await provider.advanceClock(Math.max(0, quote.billingDate.next + latest - (await provider.now())));
          await provider.runDueWork();
          const renewals = (await provider.listInvoices(customerId)).filter(
            (invoice) => !before.some((old) => old.id === invoice.id) && !created.some((c) => c.id === invoice.id),
          );
          if (next) {
            expect(renewals.map((invoice) => invoice.total)).toEqual([next.amount]);
            expect(renewals[0]!.created - next.date).toBeLessThanOrEqual(latest);
            expect(renewals[0]!.created).toBeGreaterThanOrEqual(next.date);
          } else {
            expect(renewals).toEqual([]);
          }
          await endAll(customerId);
        },
      ),
      {
        numRuns: 40,
        // The case: Individual monthly to Family yearly, right after subscribing.
        examples: [[["happr_individual_monthly", "happr_family_yearly"], 0, false, 0]],
      },
    );
  }, 300_000);
});

describe("the figure shown is the one confirmed", () => {
  it("the confirmation reuses the preview's proration date; a figure older than the quote's lifetime is refused (409) until previewed again", async () => {
    const { member, subscription, customerId } = await subscribed("happr_individual_monthly");
    await provider.advanceClock(5 * 86_400);
    const args = { subscriptionId: subscription.subscriptionId, priceId: sandboxPriceId("happr_family_yearly") };
    const change = {
      subscriptionId: subscription.subscriptionId,
      newPriceId: sandboxPriceId("happr_family_yearly"),
      subItemId: subscription.subItemId,
    };
    const stale = await billing.previewProration(member, args);
    await provider.advanceClock(QUOTE_LIFETIME_SECONDS + 1);
    await expect(billing.changeSubscriptionPlan(member, change)).rejects.toMatchObject({
      status: 409,
      message: QUOTE_EXPIRED_MESSAGE,
    });
    expect((await provider.listInvoices(customerId)).map((invoice) => invoice.billingReason)).toEqual([
      "subscription_create",
    ]);

    const fresh = await billing.previewProration(member, args);
    // Priced at the new moment: half an hour more of the month used, a credit no larger (half an
    // hour of $4.99 a month is a third of a cent, so the rounded figure can stay the same).
    expect(fresh.prorationDate).toBeGreaterThan(stale.prorationDate);
    expect(fresh.dueNow).toBeGreaterThanOrEqual(stale.dueNow);
    await provider.advanceClock(600);
    await billing.changeSubscriptionPlan(member, change);
    const [update] = (await provider.listInvoices(customerId)).filter(
      (invoice) => invoice.billingReason === "subscription_update",
    );
    expect(update!.total).toBe(fresh.dueNow);
    expect(update!.lines[0]!.periodStart).toBe(fresh.prorationDate);
    await endAll(customerId);
  });

  it("a downgrade and same plan to yearly: nothing due now, the new plan's first invoice when the period ends", async () => {
    const { member, subscription, customerId } = await subscribed("happr_individual_monthly");
    const quote = await billing.previewProration(member, {
      subscriptionId: subscription.subscriptionId,
      priceId: sandboxPriceId("happr_individual_yearly"),
    });
    expect(quote).toMatchObject({
      change: "downgrade",
      dueNow: 0,
      lines: [],
      billingDate: { current: subscription.currentPeriodEnd, next: subscription.currentPeriodEnd },
      nextInvoice: { amount: 4999, date: subscription.currentPeriodEnd },
      firstInvoice: {
        total: 4999,
        issuedAt: subscription.currentPeriodEnd,
        periodEnd: addInterval(subscription.currentPeriodEnd, "year"),
      },
      endsAt: null,
    });
    await endAll(customerId);
  });

  it("a credit left by a change is spent on the next invoices", async () => {
    const { member, subscription, customerId } = await subscribed("happr_individual_yearly");
    await provider.advanceClock(30 * 86_400);
    const quote = await billing.previewProration(member, {
      subscriptionId: subscription.subscriptionId,
      priceId: sandboxPriceId("happr_family_monthly"),
    });
    expect(quote.change).toBe("upgrade");
    expect(quote.dueNow).toBeLessThan(-999);
    await billing.changeSubscriptionPlan(member, {
      subscriptionId: subscription.subscriptionId,
      newPriceId: sandboxPriceId("happr_family_monthly"),
      subItemId: subscription.subItemId,
    });
    expect((await provider.getCustomer(customerId)).balance).toBe(quote.dueNow);
    await provider.advanceClock(quote.billingDate.next - (await provider.now()));
    await provider.runDueWork();
    const [renewal] = (await provider.listInvoices(customerId)).filter(
      (invoice) => invoice.billingReason === "subscription_cycle",
    );
    expect(renewal).toMatchObject({ total: 999, amountDue: 0, amountPaid: 0, status: "paid" });
    expect((await provider.getCustomer(customerId)).balance).toBe(quote.dueNow + 999);
    expect(await provider.listCharges(customerId)).toHaveLength(1); // only the first year's
    await endAll(customerId);
  });
});

describe("an account deletion", () => {
  it("leaves none of the member's plan-change quotes", async () => {
    const { member, subscription, customerId } = await subscribed("happr_individual_monthly");
    await billing.previewProration(member, {
      subscriptionId: subscription.subscriptionId,
      priceId: sandboxPriceId("happr_family_monthly"),
    });
    const db = await getDb();
    const quotesOf = () =>
      db.select().from(t.billingPlanChangeQuotes).where(eq(t.billingPlanChangeQuotes.memberId, member.memberId));
    expect(await quotesOf()).toHaveLength(1);
    await db.transaction((tx) => forgetMemberCustomer(tx, member.memberId));
    expect(await quotesOf()).toEqual([]);
    await endAll(customerId);
  });
});
