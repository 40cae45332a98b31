import Stripe from "stripe";
import { BillingError, conflict, declined, invalid, notFound, providerDown } from "../errors";
import type {
  BillingEvent,
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
import {
  toCharge,
  toCheckoutSession,
  toCustomer,
  toInvoice,
  toPaymentMethod,
  toPreview,
  toPrice,
  toSubscription,
} from "./map-stripe";

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a fake API on loopback. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  timeoutMs?: number;
  maxNetworkRetries?: number;
  /** Unix seconds; tests follow the fake API's clock. Defaults to the wall clock, which Stripe bills on. */
  clock?: () => number;
};

/** How far a webhook's signed timestamp may be from now, either way. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The Stripe adapter: the only module that imports `stripe`. Uses the SDK's default API version
 * (basil or later: billing period on items, invoices.createPreview). Every call that creates or
 * changes money state carries the caller's idempotency key; Stripe's errors become BillingErrors.
 */
export class StripeBillingProvider implements BillingProvider {
  readonly kind = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      timeout: options.timeoutMs ?? 20_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      appInfo: { name: "happr-web" },
    });
  }

  async now(): Promise<number> {
    return this.options.clock?.() ?? Math.floor(Date.now() / 1000);
  }

  listActivePrices(lookupKeys: readonly string[]): Promise<Price[]> {
    if (lookupKeys.length === 0) return Promise.resolve([]);
    return call(async () => {
      const list = await this.stripe.prices.list({
        lookup_keys: [...lookupKeys],
        active: true,
        expand: ["data.product"],
        limit: 100,
      });
      // A price without a fixed amount (customer-chosen, tiered, metered) has no figure to show or charge.
      return list.data.filter((price) => price.unit_amount !== null && price.recurring !== null).map(toPrice);
    });
  }

  getPrice(priceId: string): Promise<Price> {
    return call(async () => toPrice(await this.stripe.prices.retrieve(priceId, { expand: ["product"] })), "Price");
  }

  createCustomer(input: CreateCustomerInput, idempotencyKey: string): Promise<Customer> {
    return call(async () =>
      toCustomer(
        await this.stripe.customers.create(
          { email: input.email, name: input.name ?? undefined, metadata: { memberId: input.memberId } },
          { idempotencyKey },
        ),
      ),
    );
  }

  getCustomer(customerId: string): Promise<Customer> {
    return call(async () => toCustomer(await this.stripe.customers.retrieve(customerId)), "Customer");
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await call(async () => this.stripe.customers.del(customerId), "Customer");
    } catch (error) {
      // Already deleted (Stripe answers resource_missing): what a retry wanted.
      if (error instanceof BillingError && error.status === 404) return;
      throw error;
    }
  }

  createCheckoutSession(input: CreateCheckoutInput, idempotencyKey: string): Promise<CheckoutSession> {
    return call(async () =>
      toCheckoutSession(
        await this.stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: input.customerId,
            client_reference_id: input.memberId,
            line_items: [{ price: input.priceId, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: { memberId: input.memberId },
            subscription_data: { metadata: { memberId: input.memberId } },
          },
          { idempotencyKey },
        ),
      ),
    );
  }

  getCheckoutSession(sessionId: string): Promise<CheckoutSession> {
    return call(
      async () => toCheckoutSession(await this.stripe.checkout.sessions.retrieve(sessionId)),
      "Checkout session",
    );
  }

  getSubscription(subscriptionId: string): Promise<Subscription> {
    return call(async () => toSubscription(await this.stripe.subscriptions.retrieve(subscriptionId)), "Subscription");
  }

  listSubscriptions(customerId: string): Promise<Subscription[]> {
    return call(async () => {
      const list = await this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 });
      return list.data.map(toSubscription);
    }, "Customer");
  }

  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<Subscription> {
    return call(
      async () =>
        toSubscription(
          await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey }),
        ),
      "Subscription",
    );
  }

  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<Subscription> {
    return call(
      async () => toSubscription(await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey })),
      "Subscription",
    );
  }

  resume(subscriptionId: string, idempotencyKey: string): Promise<Subscription> {
    return call(
      async () =>
        toSubscription(
          await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }, { idempotencyKey }),
        ),
      "Subscription",
    );
  }

  changePriceNow(input: ChangePriceNowInput, idempotencyKey: string): Promise<Subscription> {
    return call(async () => {
      const updated = await this.stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: input.itemId, price: input.priceId }],
          proration_behavior: "always_invoice",
          // The preview's date: Stripe then invoices exactly what the preview showed.
          ...(input.prorationDate === undefined ? {} : { proration_date: input.prorationDate }),
          payment_behavior: "pending_if_incomplete",
        },
        { idempotencyKey },
      );
      // pending_if_incomplete: the proration invoice could not be paid, so the change is not applied.
      if (updated.pending_update) throw declined("The payment for the plan change failed: your plan is unchanged.");
      return toSubscription(updated);
    }, "Subscription");
  }

  scheduleDowngrade(input: ChangePriceInput, idempotencyKey: string): Promise<ScheduledDowngrade> {
    return call(async () => {
      const current = await this.stripe.subscriptions.retrieve(input.subscriptionId);
      const item = current.items.data.find((candidate) => candidate.id === input.itemId);
      if (!item) throw notFound("Subscription item");
      const cancelled = await this.stripe.subscriptions.update(
        input.subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `${idempotencyKey}-end` },
      );
      // The queued plan trials until the current period ends, so nothing is charged before then.
      const queued = await this.stripe.subscriptions.create(
        {
          customer: typeof current.customer === "string" ? current.customer : current.customer.id,
          items: [{ price: input.priceId, quantity: 1 }],
          trial_end: item.current_period_end,
          default_payment_method:
            typeof current.default_payment_method === "string"
              ? current.default_payment_method
              : current.default_payment_method?.id,
          metadata: { ...current.metadata, queuedAfter: current.id },
        },
        { idempotencyKey: `${idempotencyKey}-queue` },
      );
      return { current: toSubscription(cancelled), queued: toSubscription(queued) };
    }, "Subscription");
  }

  previewProration(input: ChangePriceNowInput): Promise<InvoicePreview> {
    return call(async () => {
      const subscription = await this.stripe.subscriptions.retrieve(input.subscriptionId);
      const prorationDate = input.prorationDate ?? (await this.now());
      // always_invoice: the preview is the invoice the change creates at once, not the next renewal.
      const preview = await this.stripe.invoices.createPreview({
        customer: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
        subscription: input.subscriptionId,
        subscription_details: {
          items: [{ id: input.itemId, price: input.priceId }],
          proration_behavior: "always_invoice",
          proration_date: prorationDate,
        },
      });
      return toPreview(preview, prorationDate);
    }, "Subscription");
  }

  listPaymentMethods(customerId: string): Promise<PaymentMethod[]> {
    return call(async () => {
      const list = await this.stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 100 });
      return list.data.map(toPaymentMethod);
    }, "Customer");
  }

  attachPaymentMethod(customerId: string, token: string, idempotencyKey: string): Promise<PaymentMethod> {
    return call(async () => {
      let paymentMethodId = token;
      // A card token (tok_...) becomes a payment method first; pm_... ids attach directly.
      if (token.startsWith("tok_")) {
        const created = await this.stripe.paymentMethods.create(
          { type: "card", card: { token } },
          { idempotencyKey: `${idempotencyKey}-create` },
        );
        paymentMethodId = created.id;
      }
      return toPaymentMethod(
        await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey }),
      );
    }, "Payment method");
  }

  detachPaymentMethod(paymentMethodId: string, idempotencyKey: string): Promise<PaymentMethod> {
    return call(
      async () => toPaymentMethod(await this.stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey })),
      "Payment method",
    );
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<Customer> {
    return call(
      async () =>
        toCustomer(
          await this.stripe.customers.update(
            customerId,
            { invoice_settings: { default_payment_method: paymentMethodId } },
            { idempotencyKey },
          ),
        ),
      "Customer",
    );
  }

  setSubscriptionPaymentMethod(
    subscriptionId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<Subscription> {
    return call(
      async () =>
        toSubscription(
          await this.stripe.subscriptions.update(
            subscriptionId,
            { default_payment_method: paymentMethodId },
            { idempotencyKey },
          ),
        ),
      "Subscription",
    );
  }

  listInvoices(customerId: string) {
    return call(
      async () => (await this.stripe.invoices.list({ customer: customerId, limit: 100 })).data.map(toInvoice),
      "Customer",
    );
  }

  listCharges(customerId: string) {
    return call(
      async () => (await this.stripe.charges.list({ customer: customerId, limit: 100 })).data.map(toCharge),
      "Customer",
    );
  }

  /**
   * Verifies a webhook delivery on its raw body (signature and a timestamp within 5 minutes either
   * way) and reduces the event to what the mirror needs. Throws a 400 BillingError otherwise.
   */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | null | undefined, nowMs = Date.now()): BillingEvent {
    if (!signatureHeader) throw invalid("Missing Stripe-Signature header");
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1]);
    // constructEvent refuses old timestamps only; a delivery from the future is refused here.
    if (Number.isFinite(signedAt) && signedAt - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
      throw invalid("Webhook timestamp is too far in the future");
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        nowMs,
      );
    } catch (error) {
      throw invalid(error instanceof Error ? error.message.split("\n")[0]! : "Invalid webhook signature");
    }
    return toBillingEvent(event);
  }
}

type EventObject = { id?: string; object?: string; customer?: string | { id: string } | null };

function toBillingEvent(event: Stripe.Event): BillingEvent {
  const object = event.data.object as EventObject;
  const previous = (event.data as { previous_attributes?: EventObject }).previous_attributes;
  const customer = object.object === "customer" ? object.id : (object.customer ?? previous?.customer ?? null);
  return {
    id: event.id,
    type: event.type,
    objectId: object.id ?? "",
    customerId: customer == null ? null : typeof customer === "string" ? customer : customer.id,
    created: event.created,
  };
}

/** Runs a Stripe call and turns its failures into BillingErrors the caller can answer with. */
async function call<T>(run: () => Promise<T>, missing = "Object"): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toBillingError(error, missing);
  }
}

function toBillingError(error: unknown, missing: string): unknown {
  if (error instanceof BillingError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) return declined(error.message || "Your card was declined.");
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === "resource_missing" || error.statusCode === 404) return notFound(missing);
    return conflict(error.message);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return conflict("This request conflicts with an earlier one; try again.");
  // Connection failures, Stripe's 5xx, rate limits and key problems: the provider is unavailable to us.
  return providerDown();
}
