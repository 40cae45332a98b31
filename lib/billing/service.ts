import { conflict, isBillingError, notFound } from "./errors";
import {
  checkoutSessionIdSchema,
  memberSchema,
  parseArg,
  paymentMethodIdSchema,
  paymentTokenSchema,
  priceIdSchema,
  subItemIdSchema,
  subscriptionIdSchema,
  urlSchema,
} from "./inputs";
import type { Member } from "../auth/member";
import {
  findMemberCustomer,
  mirroredPaymentMethod,
  mirroredPaymentMethods,
  memberSubscriptions,
  mirroredSubscriptions,
  mirroredTransactions,
} from "./mirror/read-mirror";
import { syncCustomer } from "./mirror/sync-customer";
import type { BillingProvider, Price, Subscription } from "./port";
import { quotePlanChange, type PlanChangeQuote } from "./due-now";
import { forgetQuotes, prorationDateFor, recordQuote } from "./quotes";
import {
  allowedLookupKeys,
  assertAllowedPrice,
  assertSameOrigin,
  currentSubscription,
  decidePlanChange,
  hasLiveSubscription,
  idempotencyKey,
  queuedSubscription,
  visibleSubscriptions,
  withCheckoutSessionPlaceholder,
} from "./rules";

export type BillingServiceOptions = { siteUrl: string };

// Price id -> lookup key, per process (see getPriceLookupKey). Only allowlisted prices get in, so it stays tiny.
const lookupKeyCache = new Map<string, { lookupKey: string | null; until: number }>();
export type BillingService = ReturnType<typeof createBillingService>;

/**
 * The billing use cases the GraphQL resolvers call. Reads come from the mirror; changes go to the
 * provider with an idempotency key derived from the member's intent and are synced back into the
 * mirror before returning. Every failure is a BillingError (400/404/409/422/502).
 */
export function createBillingService(provider: BillingProvider, options: BillingServiceOptions) {
  const member = (value: Member) => parseArg(memberSchema, value);

  async function requireCustomer(memberId: string) {
    const customer = await findMemberCustomer(memberId);
    if (!customer || customer.status === "deleted") throw notFound("Customer");
    return customer;
  }

  /** The member's customer, created (with their id in metadata) on first need. */
  async function ensureCustomer(who: Member) {
    const existing = await findMemberCustomer(who.memberId);
    if (existing && existing.status !== "deleted") return existing.customerId;
    const created = await provider.createCustomer(
      { email: who.email, name: who.name ?? null, memberId: who.memberId },
      idempotencyKey(who.memberId, "customer.create", { replaces: existing?.customerId ?? null }),
    );
    await syncCustomer(provider, created.id, who.memberId);
    return created.id;
  }

  /** The member's subscription; someone else's answers exactly like a missing one. */
  async function ownedSubscription(memberId: string, subscriptionId: string) {
    const customer = await findMemberCustomer(memberId);
    if (!customer) throw notFound("Subscription");
    const subscriptions = await mirroredSubscriptions(customer.customerId);
    const subscription = subscriptions.find((candidate) => candidate.subscriptionId === subscriptionId);
    if (!subscription) throw notFound("Subscription");
    return { customer, subscription, subscriptions };
  }

  async function allowedPrice(priceId: string, requireActive = true): Promise<Price> {
    const price = await provider.getPrice(priceId);
    if (!requireActive && !price.lookupKey) return retiredPrice(price);
    return assertAllowedPrice(price, { requireActive });
  }

  /**
   * A repricing moves the lookup key to the new price (Stripe's transfer_lookup_key; the sandbox does
   * the same), so members who kept the old price hold one without a key. It is still their plan: the
   * plan whose current price has the same product and interval.
   */
  async function retiredPrice(price: Price): Promise<Price> {
    const successor = (await provider.listActivePrices(allowedLookupKeys)).find(
      (current) => current.productId === price.productId && current.interval === price.interval,
    );
    if (!successor) throw notFound("Price");
    return assertAllowedPrice({ ...price, lookupKey: successor.lookupKey }, { requireActive: false });
  }

  /** A change of the member's subscription to newPriceId: whose it is, the prices, and what kind (the rules). */
  async function planChange(memberId: string, subscriptionId: string, newPriceId: string, subItemId?: string) {
    const { customer, subscription, subscriptions } = await ownedSubscription(memberId, subscriptionId);
    const newPrice = await allowedPrice(newPriceId);
    const currentPrice = await provider.getPrice(subscription.priceId);
    const change = decidePlanChange({
      subscription,
      subItemId: subItemId ?? subscription.subItemId,
      currentPrice,
      newPrice,
      queued: queuedSubscription(subscriptions),
    });
    return { customer, subscription, newPrice, change };
  }

  const stateOf = (s: { status: string; priceId: string; cancelAtPeriodEnd: boolean }) =>
    `${s.status}:${s.priceId}:${s.cancelAtPeriodEnd}`;
  /**
   * Cancel-at-period-end and resume toggle a subscription back and forth through the same states, so
   * their keys also carry when the mirror last changed: a double click (same mirror) makes one request,
   * while cancel, keep, cancel again makes three.
   */
  const toggleStateOf = (s: { status: string; priceId: string; cancelAtPeriodEnd: boolean; syncedAt: Date }) =>
    `${stateOf(s)}:${s.syncedAt.getTime()}`;

  async function afterChange(customerId: string) {
    await syncCustomer(provider, customerId);
  }

  async function cancelSubscriptionImmediately(who: Member, subscriptionIdArg: string) {
    const caller = member(who);
    const subscriptionId = parseArg(subscriptionIdSchema(), subscriptionIdArg);
    const { customer, subscription, subscriptions } = await ownedSubscription(caller.memberId, subscriptionId);
    if (["canceled", "incomplete_expired"].includes(subscription.status))
      throw conflict("The subscription is already canceled");
    const queued = queuedSubscription(subscriptions);
    if (
      queued &&
      queued.subscriptionId !== subscriptionId &&
      currentSubscription(subscriptions)?.subscriptionId === subscriptionId
    ) {
      await provider.cancelNow(
        queued.subscriptionId,
        idempotencyKey(caller.memberId, "subscription.cancel_now", {
          subscriptionId: queued.subscriptionId,
          state: stateOf(queued),
        }),
      );
    }
    const result = await provider.cancelNow(
      subscriptionId,
      idempotencyKey(caller.memberId, "subscription.cancel_now", { subscriptionId, state: stateOf(subscription) }),
    );
    await forgetQuotes(caller.memberId, subscriptionId);
    await afterChange(customer.customerId);
    return { subscriptionId, status: result.status, cancelAt: result.cancelAt };
  }

  return {
    /** The plans on sale, cheapest first. */
    async getPlans(): Promise<Price[]> {
      const prices = await provider.listActivePrices(allowedLookupKeys);
      return prices
        .filter((price) => price.lookupKey && allowedLookupKeys.includes(price.lookupKey))
        .sort((a, b) => a.unitAmount - b.unitAmount);
    },

    async getPriceDetails(priceIdArg: string): Promise<Price> {
      return allowedPrice(parseArg(priceIdSchema(), priceIdArg), false);
    },

    /**
     * The plan (lookup key) a price belongs to, for decisions made on page views (is this a Family
     * plan?). A price's lookup key and product do not change, so the answer is kept per process for an
     * hour: with Stripe a page view then makes no provider call.
     */
    async getPriceLookupKey(priceIdArg: string): Promise<string | null> {
      const priceId = parseArg(priceIdSchema(), priceIdArg);
      const known = lookupKeyCache.get(priceId);
      if (known && known.until > Date.now()) return known.lookupKey;
      const { lookupKey } = await allowedPrice(priceId, false);
      lookupKeyCache.set(priceId, { lookupKey, until: Date.now() + 3_600_000 });
      return lookupKey;
    },

    async getCustomerProfile(memberId: string) {
      const customer = await findMemberCustomer(memberId);
      if (!customer) return null;
      return {
        customerId: customer.customerId,
        email: customer.email,
        name: customer.name,
        created: customer.created,
        status: customer.status,
      };
    },

    async getMySubscriptions(memberId: string) {
      return visibleSubscriptions(await memberSubscriptions(memberId));
    },

    async createCheckoutSession(who: Member, args: { priceId: string; successUrl: string; cancelUrl: string }) {
      const caller = member(who);
      const priceId = parseArg(priceIdSchema(), args.priceId);
      // The caller's strings are kept as given: URL serialisation would escape the {CHECKOUT_SESSION_ID} placeholder.
      const successUrl = parseArg(urlSchema("successUrl"), args.successUrl);
      const cancelUrl = parseArg(urlSchema("cancelUrl"), args.cancelUrl);
      assertSameOrigin("successUrl", successUrl, options.siteUrl);
      assertSameOrigin("cancelUrl", cancelUrl, options.siteUrl);

      const existing = await findMemberCustomer(caller.memberId);
      const subscriptions = existing ? await mirroredSubscriptions(existing.customerId) : [];
      if (hasLiveSubscription(subscriptions))
        throw conflict("You already have a subscription: change your plan instead");
      const price = await allowedPrice(priceId);
      const customerId = await ensureCustomer(caller);

      const session = await provider.createCheckoutSession(
        {
          customerId,
          priceId: price.id,
          successUrl: withCheckoutSessionPlaceholder(successUrl),
          cancelUrl,
          memberId: caller.memberId,
        },
        idempotencyKey(caller.memberId, "checkout.create", {
          priceId: price.id,
          successUrl,
          cancelUrl,
          // A new key once the member's subscriptions change (e.g. after a cancellation).
          history: subscriptions.map((s) => `${s.subscriptionId}:${s.status}`).join(","),
        }),
      );
      return { checkoutSessionId: session.id, url: session.url };
    },

    /** After the return to successUrl: the session must be the caller's and complete. */
    async validateSession(who: Member, checkoutSessionIdArg: string) {
      const caller = member(who);
      const sessionId = parseArg(checkoutSessionIdSchema(), checkoutSessionIdArg);
      const customer = await findMemberCustomer(caller.memberId);
      if (!customer) throw notFound("Checkout session");
      const session = await provider.getCheckoutSession(sessionId);
      if (session.customerId !== customer.customerId) throw notFound("Checkout session");
      if (session.status !== "complete") return { valid: false, checkoutSessionId: session.id, status: session.status };
      await syncCustomer(provider, customer.customerId, caller.memberId);
      return { valid: true, checkoutSessionId: session.id, status: session.status };
    },

    /** Cancels at the end of the current period (a queued plan change is dropped with it). */
    async cancelSubscription(who: Member, subscriptionIdArg: string) {
      const caller = member(who);
      const subscriptionId = parseArg(subscriptionIdSchema(), subscriptionIdArg);
      const { customer, subscription, subscriptions } = await ownedSubscription(caller.memberId, subscriptionId);
      if (["canceled", "incomplete_expired"].includes(subscription.status))
        throw conflict("The subscription is already canceled");
      const queued = queuedSubscription(subscriptions);
      if (queued && currentSubscription(subscriptions)?.subscriptionId === subscriptionId) {
        await provider.cancelNow(
          queued.subscriptionId,
          idempotencyKey(caller.memberId, "subscription.cancel_now", {
            subscriptionId: queued.subscriptionId,
            state: stateOf(queued),
          }),
        );
      }
      let result: Subscription | undefined;
      if (!subscription.cancelAtPeriodEnd) {
        result = await provider.cancelAtPeriodEnd(
          subscriptionId,
          idempotencyKey(caller.memberId, "subscription.cancel_at_period_end", {
            subscriptionId,
            state: toggleStateOf(subscription),
          }),
        );
      }
      await afterChange(customer.customerId);
      return {
        subscriptionId,
        status: result?.status ?? subscription.status,
        cancelAt: result?.cancelAt ?? subscription.cancelAt,
      };
    },

    cancelSubscriptionImmediately,

    /**
     * "Keep my plan": undoes a scheduled cancellation of the current subscription. A plan change queued
     * for the period end is dropped with it, since keeping the plan means the current one goes on.
     */
    async resumeSubscription(who: Member, subscriptionIdArg: string) {
      const caller = member(who);
      const subscriptionId = parseArg(subscriptionIdSchema(), subscriptionIdArg);
      const { customer, subscription, subscriptions } = await ownedSubscription(caller.memberId, subscriptionId);
      if (["canceled", "incomplete_expired"].includes(subscription.status))
        throw conflict("The subscription has already ended");
      if (currentSubscription(subscriptions)?.subscriptionId !== subscriptionId)
        throw conflict("Only the current subscription can be kept");
      if (!subscription.cancelAtPeriodEnd && subscription.cancelAt === null)
        throw conflict("The subscription is not set to end");
      const queued = queuedSubscription(subscriptions);
      if (queued) {
        await provider.cancelNow(
          queued.subscriptionId,
          idempotencyKey(caller.memberId, "subscription.cancel_now", {
            subscriptionId: queued.subscriptionId,
            state: stateOf(queued),
          }),
        );
      }
      const result = await provider.resume(
        subscriptionId,
        idempotencyKey(caller.memberId, "subscription.resume", { subscriptionId, state: toggleStateOf(subscription) }),
      );
      await afterChange(customer.customerId);
      return { subscriptionId, status: result.status, cancelAt: result.cancelAt };
    },

    /**
     * An upgrade applies now with proration, worked out at the date of the member's last preview of
     * it (so the invoice is the figure they saw); a downgrade starts when the current period ends.
     */
    async changeSubscriptionPlan(who: Member, args: { subscriptionId: string; newPriceId: string; subItemId: string }) {
      const caller = member(who);
      const subscriptionId = parseArg(subscriptionIdSchema(), args.subscriptionId);
      const newPriceId = parseArg(priceIdSchema("newPriceId"), args.newPriceId);
      const subItemId = parseArg(subItemIdSchema(), args.subItemId);
      const { customer, subscription, newPrice, change } = await planChange(
        caller.memberId,
        subscriptionId,
        newPriceId,
        subItemId,
      );
      const input = { subscriptionId, itemId: subItemId, priceId: newPrice.id };
      const quoteKey = { memberId: caller.memberId, subscriptionId, priceId: newPrice.id };

      let changed: Subscription;
      if (change === "upgrade") {
        const prorationDate = await prorationDateFor(quoteKey, {
          now: await provider.now(),
          periodStart: subscription.currentPeriodStart,
        });
        const key = idempotencyKey(caller.memberId, "subscription.upgrade", {
          subscriptionId,
          subItemId,
          newPriceId,
          state: stateOf(subscription),
          prorationDate,
        });
        changed = await provider.changePriceNow({ ...input, prorationDate }, key);
      } else {
        const key = idempotencyKey(caller.memberId, "subscription.downgrade", {
          subscriptionId,
          subItemId,
          newPriceId,
          state: stateOf(subscription),
        });
        changed = (await provider.scheduleDowngrade(input, key)).queued;
      }
      await forgetQuotes(caller.memberId, subscriptionId);
      await afterChange(customer.customerId);
      const item = changed.items[0]!;
      return {
        change,
        subscriptionId: changed.id,
        status: changed.status,
        currentPeriodStart: item.currentPeriodStart,
        currentPeriodEnd: item.currentPeriodEnd,
        priceId: item.priceId,
      };
    },

    /**
     * What changing to priceId costs now ("due now", see due-now.ts) and what follows. The proration
     * date is recorded: confirming within the quote's lifetime invoices exactly this figure.
     */
    async previewProration(who: Member, args: { subscriptionId: string; priceId: string }): Promise<PlanChangeQuote> {
      const caller = member(who);
      const subscriptionId = parseArg(subscriptionIdSchema(), args.subscriptionId);
      const priceId = parseArg(priceIdSchema(), args.priceId);
      const { subscription, newPrice, change } = await planChange(caller.memberId, subscriptionId, priceId);
      const quote = await quotePlanChange(provider, {
        subscription: {
          subscriptionId,
          itemId: subscription.subItemId,
          currentPeriodEnd: subscription.currentPeriodEnd,
          endsAtPeriodEnd: subscription.cancelAtPeriodEnd || subscription.cancelAt !== null,
        },
        newPrice,
        change,
        prorationDate: await provider.now(),
      });
      if (change === "upgrade")
        await recordQuote({ memberId: caller.memberId, subscriptionId, priceId: newPrice.id }, quote);
      return quote;
    },

    async getPaymentMethods(memberId: string) {
      const customer = await findMemberCustomer(memberId);
      if (!customer) return [];
      const rows = await mirroredPaymentMethods(customer.customerId);
      return rows.map((row) => ({ ...row, isDefault: row.paymentMethodId === customer.defaultPaymentMethod }));
    },

    /** Attaches a card to the member's customer; the first one becomes the default. */
    async addPaymentMethod(who: Member, tokenArg: string) {
      const caller = member(who);
      const token = parseArg(paymentTokenSchema(), tokenArg);
      const customerId = await ensureCustomer(caller);
      const existing = await mirroredPaymentMethods(customerId);
      const attached = await provider.attachPaymentMethod(
        customerId,
        token,
        idempotencyKey(caller.memberId, "payment_method.attach", {
          token,
          existing: existing.map((pm) => pm.paymentMethodId).join(","),
        }),
      );
      const customer = await findMemberCustomer(caller.memberId);
      if (!customer?.defaultPaymentMethod) {
        await provider.setDefaultPaymentMethod(
          customerId,
          attached.id,
          idempotencyKey(caller.memberId, "payment_method.default", { paymentMethodId: attached.id, previous: null }),
        );
      }
      await afterChange(customerId);
      return attached;
    },

    /** Makes the card the default of the customer and of the member's live subscriptions. */
    async setDefaultPaymentMethod(who: Member, paymentMethodIdArg: string) {
      const caller = member(who);
      const paymentMethodId = parseArg(paymentMethodIdSchema("newPaymentMethodId"), paymentMethodIdArg);
      const customer = await requireCustomer(caller.memberId).catch(() => {
        throw notFound("Payment method");
      });
      if (!(await mirroredPaymentMethod(customer.customerId, paymentMethodId))) throw notFound("Payment method");
      await provider.setDefaultPaymentMethod(
        customer.customerId,
        paymentMethodId,
        idempotencyKey(caller.memberId, "payment_method.default", {
          paymentMethodId,
          previous: customer.defaultPaymentMethod,
        }),
      );
      for (const subscription of await mirroredSubscriptions(customer.customerId)) {
        if (!["active", "past_due", "trialing", "unpaid"].includes(subscription.status)) continue;
        if (subscription.defaultPaymentMethod === paymentMethodId) continue;
        await provider.setSubscriptionPaymentMethod(
          subscription.subscriptionId,
          paymentMethodId,
          idempotencyKey(caller.memberId, "subscription.payment_method", {
            subscriptionId: subscription.subscriptionId,
            paymentMethodId,
            previous: subscription.defaultPaymentMethod,
          }),
        );
      }
      await afterChange(customer.customerId);
    },

    /** Invoices and charges, newest first. */
    async getTransactionHistory(memberId: string) {
      const customer = await findMemberCustomer(memberId);
      if (!customer) return [];
      return mirroredTransactions(customer.customerId);
    },

    /**
     * An account deletion's part with the provider, before the local records go: every live
     * subscription ends now (the current one first: that drops an in-queue plan change too), then the
     * provider deletes the customer. Safe to run again after a failure part-way (ended subscriptions
     * are skipped, deleting a deleted customer succeeds).
     */
    async closeMemberAccount(who: Member) {
      const caller = member(who);
      const customer = await findMemberCustomer(caller.memberId);
      if (!customer) return;
      for (const subscription of visibleSubscriptions(await mirroredSubscriptions(customer.customerId))) {
        if (["canceled", "incomplete_expired"].includes(subscription.status)) continue;
        try {
          await cancelSubscriptionImmediately(caller, subscription.subscriptionId);
        } catch (error) {
          // Already ended by the cancellation before it (the in-queue one): nothing left to do.
          if (!(isBillingError(error) && error.status === 409)) throw error;
        }
      }
      await provider.deleteCustomer(customer.customerId);
    },

    /** Re-fetches the member's customer from the provider (reconciliation, after a return from checkout). */
    async syncMember(memberId: string) {
      const customer = await findMemberCustomer(memberId);
      if (!customer) return null;
      return syncCustomer(provider, customer.customerId, memberId);
    },
  };
}
