import { and, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import { plans } from "@/config/plans";
import type { Db } from "@/lib/db/open";
import * as t from "@/lib/db/schema";
import { conflict, invalid, notFound } from "../errors";
import { openingPrice } from "../opening-prices";
import type {
  BillingProvider,
  ChangePriceInput,
  ChangePriceNowInput,
  CheckoutSession,
  CreateCheckoutInput,
  CreateCustomerInput,
  Customer,
  InvoicePreview,
  PaymentMethod,
  Price,
  ScheduledDowngrade,
  Subscription,
} from "../port";
import { assertAttachable, testPaymentMethods, type CardForm } from "./cards";
import { advanceClockBy, freezeClockAt, readClock } from "./clock";
import { completeSandboxCheckout } from "./checkout";
import { runSandboxTick } from "./deliver-events";
import { newId } from "./ids";
import { changePriceNowIn, lockSubscription, previewProrationIn, scheduleDowngradeIn } from "./plan-changes";
import {
  loadCharges,
  loadCustomer,
  loadInvoices,
  loadPaymentMethodRow,
  loadPrice,
  loadSubscription,
  loadSubscriptions,
  toCheckoutSession,
  toPaymentMethod,
  toPrice,
} from "./read";
import type { Tx } from "../db-types";
import { emitEvent, onceForKey } from "./write";

export type SandboxOptions = {
  /** The database holding the sandbox tables. */
  getDb: () => Promise<Db>;
  /** Where the hosted checkout page lives: `${siteUrl}/billing/sandbox-checkout/<session id>`. */
  siteUrl: string;
};

const CHECKOUT_TTL = 24 * 60 * 60;

/** The sandbox price id of a catalogue plan: stable, so a restart or a second instance agrees. */
export const sandboxPriceId = (lookupKey: string) => `price_${lookupKey}`;

/**
 * The embedded billing engine: Stripe's objects and semantics kept in the database. Every write is
 * one transaction, money-changing ones run once per idempotency key, and each change emits the event
 * Stripe would send (delivered to the mirror by deliver-events.ts).
 */
export class SandboxBillingProvider implements BillingProvider {
  readonly kind = "sandbox" as const;
  private seeded: Promise<void> | undefined;

  constructor(private readonly options: SandboxOptions) {}

  hostedCheckoutUrl(sessionId: string): string {
    return `${this.options.siteUrl.replace(/\/$/, "")}/billing/sandbox-checkout/${sessionId}`;
  }

  /** Runs fn in one transaction, after making sure the catalogue's prices exist. */
  async transaction<T>(fn: (tx: Tx, now: number) => Promise<T>): Promise<T> {
    const db = await this.options.getDb();
    this.seeded ??= seedPrices(db).catch((error) => {
      this.seeded = undefined;
      throw error;
    });
    await this.seeded;
    return db.transaction(async (tx) => fn(tx, await readClock(tx)));
  }

  async listActivePrices(lookupKeys: readonly string[]): Promise<Price[]> {
    if (lookupKeys.length === 0) return [];
    return this.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(t.billingSandboxPrices)
        .where(
          and(inArray(t.billingSandboxPrices.lookupKey, [...lookupKeys]), eq(t.billingSandboxPrices.active, true)),
        );
      return rows.map(toPrice);
    });
  }

  getPrice(priceId: string): Promise<Price> {
    return this.transaction((tx) => loadPrice(tx, priceId));
  }

  createCustomer(input: CreateCustomerInput, idempotencyKey: string): Promise<Customer> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "customers.create", async () => {
        const id = newId("cus");
        await tx.insert(t.billingSandboxCustomers).values({
          id,
          email: input.email,
          name: input.name,
          metadata: { memberId: input.memberId },
          created: now,
        });
        await emitEvent(tx, "customer.created", id, id, now);
        return loadCustomer(tx, id);
      }),
    );
  }

  getCustomer(customerId: string): Promise<Customer> {
    return this.transaction((tx) => loadCustomer(tx, customerId));
  }

  /**
   * As Stripe deletes a customer: its live subscriptions end now and its cards are detached; what the
   * engine keeps afterwards names nobody. The customer row keeps its id and creation time only, the
   * cards (also ones detached earlier) lose their billing details, subscriptions and checkout sessions
   * lose the member id in their metadata, and stored idempotent answers about them are dropped.
   * Invoices, their lines and charges stay: the financial record, with amounts and plan names only.
   */
  deleteCustomer(customerId: string): Promise<void> {
    return this.transaction(async (tx, now) => {
      const [customer] = await tx
        .select()
        .from(t.billingSandboxCustomers)
        .where(eq(t.billingSandboxCustomers.id, customerId))
        .for("update");
      if (!customer || customer.deleted) return;
      const subscriptions = await tx
        .select()
        .from(t.billingSandboxSubscriptions)
        .where(eq(t.billingSandboxSubscriptions.customerId, customerId));
      for (const subscription of subscriptions) {
        if (isEnded(subscription.status)) continue;
        await tx
          .update(t.billingSandboxSubscriptions)
          .set({ status: "canceled", canceledAt: now, endedAt: now, cancelAt: null, cancelAtPeriodEnd: false })
          .where(eq(t.billingSandboxSubscriptions.id, subscription.id));
        await emitEvent(tx, "customer.subscription.deleted", subscription.id, customerId, now);
      }
      await tx
        .update(t.billingSandboxSubscriptions)
        .set({ metadata: {}, defaultPaymentMethod: null })
        .where(eq(t.billingSandboxSubscriptions.customerId, customerId));
      await tx
        .update(t.billingSandboxCheckoutSessions)
        .set({ clientReferenceId: null, metadata: {} })
        .where(eq(t.billingSandboxCheckoutSessions.customerId, customerId));
      // Its cards now and those detached before (a detached card no longer names its customer; its events do).
      const attached = await tx
        .select({ id: t.billingSandboxPaymentMethods.id })
        .from(t.billingSandboxPaymentMethods)
        .where(eq(t.billingSandboxPaymentMethods.customerId, customerId));
      const evented = await tx
        .select({ id: t.billingSandboxEvents.objectId })
        .from(t.billingSandboxEvents)
        .where(
          and(eq(t.billingSandboxEvents.customerId, customerId), like(t.billingSandboxEvents.type, "payment_method.%")),
        );
      const cards = [...new Set([...attached, ...evented].map((row) => row.id))];
      if (cards.length > 0) {
        await tx
          .update(t.billingSandboxPaymentMethods)
          .set({ customerId: null, billingDetails: { name: null, email: null, phone: null, postalCode: null } })
          .where(inArray(t.billingSandboxPaymentMethods.id, cards));
      }
      const mentions = (id: string) => sql`strpos(${t.billingSandboxIdempotency.response}::text, ${`"${id}"`}) > 0`;
      await tx.delete(t.billingSandboxIdempotency).where(or(mentions(customerId), ...cards.map(mentions)));
      await tx
        .update(t.billingSandboxCustomers)
        .set({ email: null, name: null, metadata: {}, defaultPaymentMethod: null, deleted: true })
        .where(eq(t.billingSandboxCustomers.id, customerId));
      await emitEvent(tx, "customer.deleted", customerId, customerId, now);
    });
  }

  createCheckoutSession(input: CreateCheckoutInput, idempotencyKey: string): Promise<CheckoutSession> {
    return this.transaction(async (tx, now) => {
      const session = await onceForKey(tx, idempotencyKey, "checkout.sessions.create", async () => {
        const customer = await loadCustomer(tx, input.customerId);
        if (customer.deleted) throw notFound("Customer");
        const price = await loadPrice(tx, input.priceId);
        if (!price.active) throw notFound("Price");
        const id = newId("cs_test");
        await tx.insert(t.billingSandboxCheckoutSessions).values({
          id,
          customerId: customer.id,
          priceId: price.id,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          status: "open",
          paymentStatus: "unpaid",
          clientReferenceId: input.memberId,
          metadata: { memberId: input.memberId },
          created: now,
          expiresAt: now + CHECKOUT_TTL,
        });
        return id;
      });
      return this.loadSession(tx, session, now);
    });
  }

  getCheckoutSession(sessionId: string): Promise<CheckoutSession> {
    return this.transaction((tx, now) => this.loadSession(tx, sessionId, now));
  }

  private async loadSession(tx: Tx, sessionId: string, now: number): Promise<CheckoutSession> {
    const [row] = await tx
      .select()
      .from(t.billingSandboxCheckoutSessions)
      .where(eq(t.billingSandboxCheckoutSessions.id, sessionId));
    if (!row) throw notFound("Checkout session");
    // Sessions expire as Stripe's do; the status is derived so no timer is needed.
    const status = row.status === "open" && row.expiresAt <= now ? "expired" : row.status;
    return toCheckoutSession({ ...row, status }, this.hostedCheckoutUrl(row.id));
  }

  getSubscription(subscriptionId: string): Promise<Subscription> {
    return this.transaction((tx) => loadSubscription(tx, subscriptionId));
  }

  listSubscriptions(customerId: string): Promise<Subscription[]> {
    return this.transaction(async (tx) => {
      const rows = await tx
        .select({ id: t.billingSandboxSubscriptions.id })
        .from(t.billingSandboxSubscriptions)
        .where(eq(t.billingSandboxSubscriptions.customerId, customerId));
      return loadSubscriptions(
        tx,
        rows.map((row) => row.id),
      );
    });
  }

  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<Subscription> {
    return this.updateSubscription(
      subscriptionId,
      idempotencyKey,
      "cancel_at_period_end",
      async (_tx, subscription) => {
        const periodEnd =
          subscription.status === "trialing" && subscription.trialEnd
            ? subscription.trialEnd
            : subscription.items[0]!.currentPeriodEnd;
        return { cancelAtPeriodEnd: true, cancelAt: periodEnd };
      },
    );
  }

  resume(subscriptionId: string, idempotencyKey: string): Promise<Subscription> {
    return this.updateSubscription(subscriptionId, idempotencyKey, "resume", async () => ({
      cancelAtPeriodEnd: false,
      cancelAt: null,
    }));
  }

  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<Subscription> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "subscriptions.cancel", async () => {
        const subscription = await lockSubscription(tx, subscriptionId);
        if (isEnded(subscription.status)) throw conflict("The subscription is already canceled");
        await tx
          .update(t.billingSandboxSubscriptions)
          .set({ status: "canceled", canceledAt: now, endedAt: now, cancelAt: null, cancelAtPeriodEnd: false })
          .where(eq(t.billingSandboxSubscriptions.id, subscriptionId));
        await emitEvent(tx, "customer.subscription.deleted", subscriptionId, subscription.customerId, now);
        return loadSubscription(tx, subscriptionId);
      }),
    );
  }

  changePriceNow(input: ChangePriceNowInput, idempotencyKey: string): Promise<Subscription> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "subscriptions.update", () => changePriceNowIn(tx, now, input)),
    );
  }

  scheduleDowngrade(input: ChangePriceInput, idempotencyKey: string): Promise<ScheduledDowngrade> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "subscriptions.schedule_downgrade", () => scheduleDowngradeIn(tx, now, input)),
    );
  }

  previewProration(input: ChangePriceNowInput): Promise<InvoicePreview> {
    return this.transaction((tx, now) => previewProrationIn(tx, now, input));
  }

  listPaymentMethods(customerId: string): Promise<PaymentMethod[]> {
    return this.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(t.billingSandboxPaymentMethods)
        .where(eq(t.billingSandboxPaymentMethods.customerId, customerId))
        .orderBy(desc(t.billingSandboxPaymentMethods.created), desc(t.billingSandboxPaymentMethods.id));
      return rows.map(toPaymentMethod);
    });
  }

  attachPaymentMethod(customerId: string, token: string, idempotencyKey: string): Promise<PaymentMethod> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "payment_methods.attach", async () => {
        const customer = await loadCustomer(tx, customerId);
        if (customer.deleted) throw notFound("Customer");
        const card = testPaymentMethods[token];
        let id: string;
        if (card) {
          assertAttachable(card);
          id = newId("pm");
          const year = new Date(now * 1000).getUTCFullYear();
          await tx.insert(t.billingSandboxPaymentMethods).values({
            id,
            customerId,
            brand: card.brand,
            last4: card.last4,
            expMonth: 12,
            expYear: year + 3,
            outcome: card.outcome,
            billingDetails: { name: customer.name, email: customer.email, phone: null, postalCode: null },
            created: now,
          });
        } else {
          // A payment method made earlier (the hosted checkout's card form) may be attached once.
          const row = await loadPaymentMethodRow(tx, token).catch(() => {
            throw notFound("Payment method");
          });
          if (row.customerId && row.customerId !== customerId) throw notFound("Payment method");
          id = row.id;
          await tx
            .update(t.billingSandboxPaymentMethods)
            .set({ customerId })
            .where(eq(t.billingSandboxPaymentMethods.id, id));
        }
        await emitEvent(tx, "payment_method.attached", id, customerId, now);
        return toPaymentMethod(await loadPaymentMethodRow(tx, id));
      }),
    );
  }

  detachPaymentMethod(paymentMethodId: string, idempotencyKey: string): Promise<PaymentMethod> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "payment_methods.detach", async () => {
        const row = await loadPaymentMethodRow(tx, paymentMethodId);
        if (!row.customerId) throw conflict("The payment method is not attached to a customer");
        await tx
          .update(t.billingSandboxPaymentMethods)
          .set({ customerId: null })
          .where(eq(t.billingSandboxPaymentMethods.id, paymentMethodId));
        await tx
          .update(t.billingSandboxCustomers)
          .set({ defaultPaymentMethod: null })
          .where(
            and(
              eq(t.billingSandboxCustomers.id, row.customerId),
              eq(t.billingSandboxCustomers.defaultPaymentMethod, paymentMethodId),
            ),
          );
        await tx
          .update(t.billingSandboxSubscriptions)
          .set({ defaultPaymentMethod: null })
          .where(
            and(
              eq(t.billingSandboxSubscriptions.customerId, row.customerId),
              eq(t.billingSandboxSubscriptions.defaultPaymentMethod, paymentMethodId),
            ),
          );
        await emitEvent(tx, "payment_method.detached", paymentMethodId, row.customerId, now);
        return toPaymentMethod({ ...row, customerId: null });
      }),
    );
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<Customer> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, "customers.update_default_payment_method", async () => {
        await loadCustomer(tx, customerId);
        const row = await loadPaymentMethodRow(tx, paymentMethodId);
        if (row.customerId !== customerId) throw notFound("Payment method");
        await tx
          .update(t.billingSandboxCustomers)
          .set({ defaultPaymentMethod: paymentMethodId })
          .where(eq(t.billingSandboxCustomers.id, customerId));
        await emitEvent(tx, "customer.updated", customerId, customerId, now);
        return loadCustomer(tx, customerId);
      }),
    );
  }

  setSubscriptionPaymentMethod(
    subscriptionId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<Subscription> {
    return this.updateSubscription(
      subscriptionId,
      idempotencyKey,
      "default_payment_method",
      async (tx, subscription) => {
        const row = await loadPaymentMethodRow(tx, paymentMethodId);
        if (row.customerId !== subscription.customerId) throw notFound("Payment method");
        return { defaultPaymentMethod: paymentMethodId };
      },
    );
  }

  /** The sandbox clock's current time (Unix seconds). */
  async now(): Promise<number> {
    return readClock(await this.options.getDb());
  }

  // ------------------------------------------------------------------ sandbox-only controls

  /** Moves the clock forward; call runDueWork() to apply what became due. */
  async advanceClock(seconds: number): Promise<number> {
    return advanceClockBy(await this.options.getDb(), seconds);
  }

  /** Stops the clock at a given time (tests that need exact figures). */
  async freezeClock(unixSeconds: number): Promise<void> {
    await freezeClockAt(await this.options.getDb(), unixSeconds);
  }

  /** What the hosted checkout page does with the submitted card form. */
  completeSandboxCheckout(sessionId: string, card: CardForm) {
    return completeSandboxCheckout(this, sessionId, card);
  }

  /** Renewals, scheduled cancellations and queued plans that are due, then event delivery to the mirror. */
  runDueWork() {
    return runSandboxTick(this);
  }

  listInvoices(customerId: string) {
    return this.transaction((tx) => loadInvoices(tx, { customerId }));
  }

  listCharges(customerId: string) {
    return this.transaction((tx) => loadCharges(tx, customerId));
  }

  // ------------------------------------------------------------------ the sandbox's own dashboard

  /**
   * A repricing, made as in Stripe, where a price's amount never changes: a new price of the same
   * product takes over the lookup key (transfer_lookup_key) and the old one is archived, so members
   * on it keep paying what they agreed to. Emits price.created and price.updated, as Stripe does:
   * their delivery expires the site's cached prices (lib/billing/webhooks/handlers.ts).
   */
  async repricePlan(lookupKey: string, amount: { unitAmount: number; currency: string }): Promise<Price> {
    if (!Number.isInteger(amount.unitAmount) || amount.unitAmount < 0 || amount.unitAmount > 99_999_999)
      throw invalid("unitAmount must be a whole number of the currency's smallest unit, 0 to 99999999");
    if (!/^[a-z]{3}$/.test(amount.currency)) throw invalid("currency must be a three-letter ISO code, e.g. usd");
    return this.transaction(async (tx, now) => {
      const [current] = await tx
        .select()
        .from(t.billingSandboxPrices)
        .where(eq(t.billingSandboxPrices.lookupKey, lookupKey))
        .for("update");
      if (!current) throw notFound("Price");
      await tx
        .update(t.billingSandboxPrices)
        .set({ lookupKey: null, active: false })
        .where(eq(t.billingSandboxPrices.id, current.id));
      const [created] = await tx
        .insert(t.billingSandboxPrices)
        .values({
          ...current,
          id: newId("price"),
          lookupKey,
          unitAmount: amount.unitAmount,
          currency: amount.currency,
          active: true,
          created: now,
        })
        .returning();
      await emitEvent(tx, "price.created", created!.id, null, now);
      await emitEvent(tx, "price.updated", current.id, null, now);
      return toPrice(created!);
    });
  }

  // ------------------------------------------------------------------ helpers

  private updateSubscription(
    subscriptionId: string,
    idempotencyKey: string,
    what: string,
    change: (tx: Tx, subscription: Subscription) => Promise<Partial<typeof t.billingSandboxSubscriptions.$inferInsert>>,
  ): Promise<Subscription> {
    return this.transaction((tx, now) =>
      onceForKey(tx, idempotencyKey, `subscriptions.update.${what}`, async () => {
        const subscription = await lockSubscription(tx, subscriptionId);
        if (isEnded(subscription.status)) throw conflict("The subscription is canceled");
        await tx
          .update(t.billingSandboxSubscriptions)
          .set(await change(tx, subscription))
          .where(eq(t.billingSandboxSubscriptions.id, subscriptionId));
        await emitEvent(tx, "customer.subscription.updated", subscriptionId, subscription.customerId, now);
        return loadSubscription(tx, subscriptionId);
      }),
    );
  }
}

function isEnded(status: string): boolean {
  return status === "canceled" || status === "incomplete_expired";
}

/** Inserts the catalogue's prices once (ids are stable, so concurrent seeding is harmless). */
async function seedPrices(db: Db) {
  const existing = await db.select({ id: t.billingSandboxPrices.id }).from(t.billingSandboxPrices);
  if (existing.length >= plans.length) return;
  await db
    .insert(t.billingSandboxPrices)
    .values(
      plans.map((plan) => ({
        id: sandboxPriceId(plan.lookupKey),
        lookupKey: plan.lookupKey,
        productId: `prod_${plan.tier}`,
        productName: plan.name,
        productDescription: plan.description,
        ...openingPrice(plan.lookupKey),
        interval: plan.interval,
        created: 0,
      })),
    )
    .onConflictDoNothing();
}
