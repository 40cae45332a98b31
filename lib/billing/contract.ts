import { beforeAll, describe, expect, it } from "vitest";
import { plans } from "@/config/plans";
import { openingPrice } from "./opening-prices";
import { quotePlanChange } from "./due-now";
import { BillingError } from "./errors";
import { planChangeDirection } from "./plan-change";
import type { BillingProvider, Subscription } from "./port";
import { addInterval, computeProration } from "./proration";

/**
 * The billing port's contract: one suite both adapters must pass (the sandbox engine, and the
 * Stripe adapter against a fake Stripe API on loopback). Each adapter supplies a harness that can
 * set up what the port itself cannot create (a paid subscription needs a checkout in a browser).
 */
export type ContractHarness = {
  provider: BillingProvider;
  /** The price id the adapter uses for a catalogue lookup key. */
  priceIdOf(lookupKey: string): string;
  /** A customer whose default card is a working visa, subscribed to priceId from now, first invoice paid. */
  givenActiveSubscription(customerId: string, priceId: string): Promise<Subscription>;
  /** Moves the provider's clock forward (the sandbox clock; the fake API's). */
  advanceClock(seconds: number): Promise<void>;
};

/** Every kind of plan change the members' pages offer; the rule (price per year) decides upgrade or downgrade. */
const planChangeCases = [
  {
    name: "upgrade in the same interval",
    from: "happr_individual_monthly",
    to: "happr_family_monthly",
    change: "upgrade",
  },
  {
    name: "upgrade to another interval (the billing cycle resets)",
    from: "happr_individual_monthly",
    to: "happr_family_yearly",
    change: "upgrade",
  },
  {
    name: "upgrade to another interval that leaves a credit",
    from: "happr_individual_yearly",
    to: "happr_family_monthly",
    change: "upgrade",
  },
  {
    name: "downgrade at period end",
    from: "happr_family_monthly",
    to: "happr_individual_monthly",
    change: "downgrade",
  },
  { name: "same plan to yearly", from: "happr_individual_monthly", to: "happr_individual_yearly", change: "downgrade" },
  {
    name: "a change while a cancellation is scheduled",
    from: "happr_individual_monthly",
    to: "happr_family_yearly",
    change: "upgrade",
    cancelFirst: true,
  },
] as const;

let counter = 0;
const unique = (label: string) => `contract-${label}-${Date.now()}-${++counter}`;
const DAY = 86_400;
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

async function expectError(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "expected a BillingError").toBeInstanceOf(BillingError);
  expect((error as BillingError).status).toBe(status);
  if (message) expect((error as BillingError).message).toMatch(message);
}

export function defineBillingContract(name: string, setup: () => Promise<ContractHarness>) {
  describe(`billing contract: ${name}`, () => {
    let h: ContractHarness;
    let p: BillingProvider;
    const newCustomer = (label: string) =>
      p.createCustomer(
        { email: `${label}@example.com`, name: "Pat Example", memberId: `member-${label}` },
        unique(`customer-${label}`),
      );

    beforeAll(async () => {
      h = await setup();
      p = h.provider;
    }, 120_000);

    it("lists the catalogue's active prices by lookup key, with product and amounts", async () => {
      const prices = await p.listActivePrices(plans.map((plan) => plan.lookupKey));
      expect(prices).toHaveLength(4);
      for (const plan of plans) {
        const price = prices.find((candidate) => candidate.lookupKey === plan.lookupKey);
        expect(price, plan.lookupKey).toMatchObject({
          active: true,
          currency: "usd",
          interval: plan.interval,
          productName: plan.name,
        });
        expect(price!.id).toMatch(/^price_/);
        if (p.kind === "sandbox") expect(price!.unitAmount).toBe(openingPrice(plan.lookupKey).unitAmount);
      }
      expect(await p.listActivePrices([])).toEqual([]);
      expect(await p.listActivePrices(["no_such_lookup_key"])).toEqual([]);
    });

    it("gets a price, and answers 404 for an unknown one", async () => {
      const id = h.priceIdOf("happr_family_yearly");
      expect(await p.getPrice(id)).toMatchObject({ id, interval: "year", lookupKey: "happr_family_yearly" });
      await expectError(p.getPrice("price_doesnotexist"), 404);
    });

    it("creates a customer once per idempotency key, with the member in metadata", async () => {
      const key = unique("customer");
      const input = { email: "idem@example.com", name: "Idem Potent", memberId: "member-idem" };
      const first = await p.createCustomer(input, key);
      const again = await p.createCustomer(input, key);
      expect(first.id).toMatch(/^cus_/);
      expect(again.id).toBe(first.id);
      expect(first).toMatchObject({
        email: "idem@example.com",
        name: "Idem Potent",
        deleted: false,
        defaultPaymentMethod: null,
      });
      expect(first.metadata.memberId).toBe("member-idem");
      const other = await p.createCustomer(input, unique("customer"));
      expect(other.id).not.toBe(first.id);
      expect((await p.getCustomer(first.id)).email).toBe("idem@example.com");
      await expectError(p.getCustomer("cus_doesnotexist"), 404);
    });

    it("creates a subscription-mode checkout session once per key and retrieves it", async () => {
      const customer = await newCustomer("checkout");
      const input = {
        customerId: customer.id,
        priceId: h.priceIdOf("happr_individual_monthly"),
        successUrl: "http://localhost:3000/my-account?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "http://localhost:3000/pricing",
        memberId: "member-checkout",
      };
      const key = unique("checkout");
      const session = await p.createCheckoutSession(input, key);
      expect(session.id).toMatch(/^cs_/);
      expect(session).toMatchObject({
        status: "open",
        paymentStatus: "unpaid",
        customerId: customer.id,
        subscriptionId: null,
        clientReferenceId: "member-checkout",
      });
      expect(session.url).toMatch(/^https?:\/\//);
      expect((await p.createCheckoutSession(input, key)).id).toBe(session.id);
      const fetched = await p.getCheckoutSession(session.id);
      expect(fetched).toMatchObject({
        id: session.id,
        status: "open",
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
      await expectError(p.getCheckoutSession("cs_test_doesnotexist"), 404);
    });

    it("attaches Stripe's test payment methods, sets the default and detaches", async () => {
      const customer = await newCustomer("cards");
      const visa = await p.attachPaymentMethod(customer.id, "pm_card_visa", unique("attach"));
      const mastercard = await p.attachPaymentMethod(customer.id, "pm_card_mastercard", unique("attach"));
      expect(visa.id).toMatch(/^pm_/);
      expect(visa).toMatchObject({ customerId: customer.id, type: "card", card: { brand: "visa", last4: "4242" } });
      expect(mastercard.card).toMatchObject({ brand: "mastercard", last4: "4444" });
      expect(visa.card!.expYear).toBeGreaterThan(2000);

      const listed = await p.listPaymentMethods(customer.id);
      expect(listed.map((pm) => pm.id).sort()).toEqual([visa.id, mastercard.id].sort());

      const updated = await p.setDefaultPaymentMethod(customer.id, mastercard.id, unique("default"));
      expect(updated.defaultPaymentMethod).toBe(mastercard.id);
      expect((await p.getCustomer(customer.id)).defaultPaymentMethod).toBe(mastercard.id);

      const detached = await p.detachPaymentMethod(visa.id, unique("detach"));
      expect(detached.customerId).toBeNull();
      expect((await p.listPaymentMethods(customer.id)).map((pm) => pm.id)).toEqual([mastercard.id]);
    });

    it("deletes a customer: its subscription ends now, its cards go, it reads as deleted naming nobody, and deleting again is harmless", async () => {
      const customer = await newCustomer("leaving");
      const subscription = await h.givenActiveSubscription(customer.id, h.priceIdOf("happr_individual_monthly"));
      await p.attachPaymentMethod(customer.id, "pm_card_mastercard", unique("attach"));
      const invoicesBefore = await p.listInvoices(customer.id);

      await p.deleteCustomer(customer.id);
      expect(await p.getCustomer(customer.id)).toMatchObject({
        id: customer.id,
        deleted: true,
        email: null,
        name: null,
        metadata: {},
        defaultPaymentMethod: null,
      });
      expect((await p.getSubscription(subscription.id)).status).toBe("canceled");
      expect(await p.listPaymentMethods(customer.id)).toEqual([]);
      // The financial record stays with the provider.
      expect((await p.listInvoices(customer.id)).map((invoice) => invoice.id)).toEqual(
        invoicesBefore.map((invoice) => invoice.id),
      );

      await p.deleteCustomer(customer.id);
      await p.deleteCustomer("cus_doesnotexist");
      await expectError(
        p.createCheckoutSession(
          {
            customerId: customer.id,
            priceId: h.priceIdOf("happr_individual_monthly"),
            successUrl: "http://localhost:3000/ok",
            cancelUrl: "http://localhost:3000/pricing",
            memberId: "member-leaving",
          },
          unique("checkout"),
        ),
        404,
      );
    });

    it('refuses a declining card with 422 "Your card was declined."', async () => {
      const customer = await newCustomer("declined");
      await expectError(
        p.attachPaymentMethod(customer.id, "pm_card_chargeDeclined", unique("attach")),
        422,
        /^Your card was declined\.$/,
      );
      expect(await p.listPaymentMethods(customer.id)).toEqual([]);
    });

    describe("plan changes: due now is what the confirmed change invoices", () => {
      it.each(planChangeCases)("$name", async (kase) => {
        const cancelFirst = "cancelFirst" in kase && kase.cancelFirst;
        const customerId = (await newCustomer(`change-${kase.from}-${kase.to}`)).id;
        const subscribed = await h.givenActiveSubscription(customerId, h.priceIdOf(kase.from));
        await h.advanceClock(9 * DAY + 3_777);
        if (cancelFirst) await p.cancelAtPeriodEnd(subscribed.id, unique("cancel-first"));
        const subscription = await p.getSubscription(subscribed.id);
        const item = subscription.items[0]!;
        const [currentPrice, newPrice] = [
          await p.getPrice(h.priceIdOf(kase.from)),
          await p.getPrice(h.priceIdOf(kase.to)),
        ];
        const change = planChangeDirection(currentPrice, newPrice);
        expect(change).toBe(kase.change);

        const quote = await quotePlanChange(p, {
          subscription: {
            subscriptionId: subscription.id,
            itemId: item.id,
            currentPeriodEnd: item.currentPeriodEnd,
            endsAtPeriodEnd: subscription.cancelAtPeriodEnd,
          },
          newPrice,
          change: change as "upgrade" | "downgrade",
          prorationDate: await p.now(),
        });
        expect(sum(quote.lines.map((line) => line.amount))).toBe(quote.dueNow);

        // The member reads the figure for a while before confirming: the confirmation reuses its date.
        await h.advanceClock(120);
        const before = await p.listInvoices(customerId);
        const input = { subscriptionId: subscription.id, itemId: item.id, priceId: newPrice.id };
        const changed =
          change === "upgrade"
            ? await p.changePriceNow({ ...input, prorationDate: quote.prorationDate }, unique("change"))
            : (await p.scheduleDowngrade(input, unique("change"))).current;
        const created = (await p.listInvoices(customerId)).filter(
          (invoice) => !before.some((old) => old.id === invoice.id),
        );
        expect(sum(created.map((invoice) => invoice.total))).toBe(quote.dueNow);

        if (change === "downgrade") {
          expect(quote.dueNow).toBe(0);
          expect(created).toEqual([]);
          expect(quote.nextInvoice).toEqual({
            amount: newPrice.unitAmount,
            currency: "usd",
            date: item.currentPeriodEnd,
          });
          expect(changed).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: item.currentPeriodEnd });
          return;
        }
        expect(created).toHaveLength(1);
        const [invoice] = created;
        expect(invoice!.lines.map((line) => [line.amount, line.proration, line.priceId])).toEqual(
          quote.lines.map((line) => [line.amount, line.proration, line.priceId]),
        );
        // A credit for the unused time, always as of the quoted moment.
        expect(invoice!.lines[0]).toMatchObject({
          proration: true,
          periodStart: quote.prorationDate,
          priceId: currentPrice.id,
        });
        expect(invoice!.lines[0]!.amount).toBeLessThan(0);

        const after = changed.items[0]!;
        if (currentPrice.interval === newPrice.interval) {
          expect(after).toMatchObject({
            priceId: newPrice.id,
            currentPeriodStart: item.currentPeriodStart,
            currentPeriodEnd: item.currentPeriodEnd,
          });
          expect(quote.billingDate).toEqual({ current: item.currentPeriodEnd, next: item.currentPeriodEnd });
        } else {
          // Stripe resets the billing cycle: the new price in full for a period starting at the change.
          const changedAt = quote.prorationDate + 120;
          expect(after).toMatchObject({
            priceId: newPrice.id,
            currentPeriodStart: changedAt,
            currentPeriodEnd: addInterval(changedAt, newPrice.interval),
          });
          expect(invoice!.lines[1]).toMatchObject({
            proration: false,
            amount: newPrice.unitAmount,
            periodStart: changedAt,
            periodEnd: addInterval(changedAt, newPrice.interval),
          });
          expect(quote.billingDate.next).toBe(addInterval(quote.prorationDate, newPrice.interval));
          expect(quote.billingDate.next).not.toBe(quote.billingDate.current);
        }
        if (cancelFirst) {
          // cancel_at_period_end follows the period: the plan now ends when the new one does.
          expect(changed).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: after.currentPeriodEnd });
          expect(quote.nextInvoice).toBeNull();
          expect(quote.endsAt).toBe(quote.billingDate.next);
        } else {
          expect(quote.nextInvoice).toEqual({
            amount: newPrice.unitAmount,
            currency: "usd",
            date: quote.billingDate.next,
          });
        }
        if (quote.dueNow < 0) {
          // Nothing is charged; the credit stays on the customer's balance for the next invoices.
          expect(invoice!.amountDue).toBe(0);
          expect((await p.getCustomer(customerId)).balance).toBe(quote.dueNow);
        } else {
          expect(invoice!.amountDue).toBe(quote.dueNow);
        }
      });
    });

    describe("a subscription", () => {
      let customerId: string;
      let subscription: Subscription;
      const monthly = () => h.priceIdOf("happr_individual_monthly");

      beforeAll(async () => {
        customerId = (await newCustomer("subscriber")).id;
        subscription = await h.givenActiveSubscription(customerId, monthly());
      }, 60_000);

      it("carries Stripe's shape: status, one item with the billing period and the price", async () => {
        const fetched = await p.getSubscription(subscription.id);
        expect(fetched.id).toMatch(/^sub_/);
        expect(fetched).toMatchObject({ customerId, status: "active", cancelAtPeriodEnd: false, cancelAt: null });
        expect(fetched.items).toHaveLength(1);
        const item = fetched.items[0]!;
        expect(item.id).toMatch(/^si_/);
        expect(item.priceId).toBe(monthly());
        expect(item.currentPeriodEnd).toBeGreaterThan(item.currentPeriodStart);
        expect((await p.listSubscriptions(customerId)).map((s) => s.id)).toContain(subscription.id);
        await expectError(p.getSubscription("sub_doesnotexist"), 404);
      });

      it("previews an upgrade with Stripe's proration, to the second", async () => {
        const item = subscription.items[0]!;
        const prorationDate = item.currentPeriodStart + 777_777;
        const newPriceId = h.priceIdOf("happr_family_monthly");
        const preview = await p.previewProration({
          subscriptionId: subscription.id,
          itemId: item.id,
          priceId: newPriceId,
          prorationDate,
        });
        const expected = computeProration({
          oldPrice: await p.getPrice(monthly()),
          newPrice: await p.getPrice(newPriceId),
          periodStart: item.currentPeriodStart,
          periodEnd: item.currentPeriodEnd,
          prorationDate,
        });
        expect(preview.lines.map((line) => [line.amount, line.proration, line.periodStart, line.periodEnd])).toEqual(
          expected.lines.map((line) => [line.amount, line.proration, line.periodStart, line.periodEnd]),
        );
        expect(preview.lines[0]!.amount).toBeLessThan(0);
        expect(preview.total).toBe(expected.total);
        await expectError(
          p.previewProration({ subscriptionId: subscription.id, itemId: "si_doesnotexist", priceId: newPriceId }),
          404,
        );
      });

      it("cancels at period end (cancelAt = the period end, still active) and resumes", async () => {
        const key = unique("cancel");
        const cancelled = await p.cancelAtPeriodEnd(subscription.id, key);
        expect(cancelled).toMatchObject({
          status: "active",
          cancelAtPeriodEnd: true,
          cancelAt: subscription.items[0]!.currentPeriodEnd,
        });
        expect((await p.cancelAtPeriodEnd(subscription.id, key)).cancelAtPeriodEnd).toBe(true);
        const resumed = await p.resume(subscription.id, unique("resume"));
        expect(resumed).toMatchObject({ status: "active", cancelAtPeriodEnd: false, cancelAt: null });
      });

      it("upgrades now: the item's price changes and the proration is invoiced at once", async () => {
        const before = await p.listInvoices(customerId);
        const item = subscription.items[0]!;
        const familyMonthly = h.priceIdOf("happr_family_monthly");
        const key = unique("upgrade");
        const upgraded = await p.changePriceNow(
          { subscriptionId: subscription.id, itemId: item.id, priceId: familyMonthly },
          key,
        );
        expect(upgraded.status).toBe("active");
        expect(upgraded.items[0]).toMatchObject({
          id: item.id,
          priceId: familyMonthly,
          currentPeriodEnd: item.currentPeriodEnd,
        });
        const invoices = await p.listInvoices(customerId);
        expect(invoices.length).toBe(before.length + 1);
        // Same-second invoices have no defined order: find the change's invoice by its reason.
        const proration = invoices.find((invoice) => invoice.billingReason === "subscription_update")!;
        expect(proration).toBeDefined();
        expect(proration.lines.some((line) => line.proration && line.amount < 0)).toBe(true);
        expect(proration.lines.some((line) => line.proration && line.amount > 0)).toBe(true);
        expect(proration.total).toBe(proration.lines.reduce((sum, line) => sum + line.amount, 0));
        // the same key does not change anything twice
        await p.changePriceNow({ subscriptionId: subscription.id, itemId: item.id, priceId: familyMonthly }, key);
        expect((await p.listInvoices(customerId)).length).toBe(before.length + 1);
        subscription = await p.getSubscription(subscription.id);
      });

      it("schedules a downgrade: the current ends at its period end, a trialing one starts then", async () => {
        const item = subscription.items[0]!;
        const individualMonthly = h.priceIdOf("happr_individual_monthly");
        const { current, queued } = await p.scheduleDowngrade(
          { subscriptionId: subscription.id, itemId: item.id, priceId: individualMonthly },
          unique("downgrade"),
        );
        expect(current).toMatchObject({
          id: subscription.id,
          status: "active",
          cancelAtPeriodEnd: true,
          cancelAt: item.currentPeriodEnd,
        });
        expect(queued.id).not.toBe(subscription.id);
        expect(queued).toMatchObject({ customerId, status: "trialing", trialEnd: item.currentPeriodEnd });
        expect(queued.items[0]!.priceId).toBe(individualMonthly);
        const all = await p.listSubscriptions(customerId);
        expect(all.map((s) => s.id).sort()).toEqual([subscription.id, queued.id].sort());
      });

      it("cancels now", async () => {
        const cancelled = await p.cancelNow(subscription.id, unique("cancel-now"));
        expect(cancelled.status).toBe("canceled");
        expect((await p.getSubscription(subscription.id)).status).toBe("canceled");
      });

      it("lists invoices and charges newest first", async () => {
        const invoices = await p.listInvoices(customerId);
        expect(invoices.length).toBeGreaterThanOrEqual(2);
        for (const invoice of invoices) expect(invoice.id).toMatch(/^in_/);
        expect(invoices.map((i) => i.created)).toEqual([...invoices.map((i) => i.created)].sort((a, b) => b - a));
        const charges = await p.listCharges(customerId);
        expect(charges.length).toBeGreaterThanOrEqual(1);
        for (const charge of charges)
          expect(charge).toMatchObject({ customerId, currency: "usd", status: "succeeded" });
        expect(charges[0]!.id).toMatch(/^ch_/);
      });
    });
  });
}
