/**
 * The billing port: what the app needs from a payment provider. Two adapters implement it: Stripe
 * (lib/billing/stripe) and the embedded sandbox engine (lib/billing/sandbox). The types mirror
 * Stripe's objects (ids with Stripe's prefixes, Stripe's statuses, Unix seconds, cents; the billing
 * period on the subscription item) so nothing above the port can tell the adapters apart.
 * Every method that creates or changes money state takes an idempotency key: the same key returns
 * the same result and never makes a second object. Failures are BillingErrors (lib/billing/errors).
 */

export type PlanInterval = "month" | "year";

export type Price = {
  id: string; // price_...
  active: boolean;
  currency: string;
  unitAmount: number;
  interval: PlanInterval;
  lookupKey: string | null;
  productId: string;
  productName: string;
  productDescription: string | null;
};

export type Customer = {
  id: string; // cus_...
  email: string | null;
  name: string | null;
  created: number;
  deleted: boolean;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
  /** Stripe's customer balance, in cents: negative is a credit the next invoices use first. */
  balance: number;
};

export type SubscriptionStatus =
  "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";

export type SubscriptionItem = {
  id: string; // si_...
  priceId: string;
  quantity: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
};

export type Subscription = {
  id: string; // sub_...
  customerId: string;
  status: SubscriptionStatus;
  items: SubscriptionItem[];
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  trialEnd: number | null;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  created: number;
};

export type BillingDetails = {
  name: string | null;
  email: string | null;
  phone: string | null;
  postalCode: string | null;
};

export type PaymentMethod = {
  id: string; // pm_...
  customerId: string | null;
  type: string; // "card"
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  billingDetails: BillingDetails;
  created: number;
};

export type InvoiceLine = {
  description: string | null;
  amount: number;
  currency: string;
  proration: boolean;
  priceId: string | null;
  periodStart: number;
  periodEnd: number;
};

export type InvoiceStatus = "draft" | "open" | "paid" | "uncollectible" | "void";

export type Invoice = {
  id: string; // in_...
  customerId: string;
  subscriptionId: string | null;
  status: InvoiceStatus;
  billingReason: string | null;
  amountDue: number;
  amountPaid: number;
  subtotal: number;
  total: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  description: string | null;
  created: number;
  lines: InvoiceLine[];
};

export type Charge = {
  id: string; // ch_...
  customerId: string;
  invoiceId: string | null;
  amount: number;
  currency: string;
  status: "succeeded" | "pending" | "failed";
  description: string | null;
  failureMessage: string | null;
  created: number;
};

export type CheckoutSession = {
  id: string; // cs_...
  url: string | null;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  customerId: string | null;
  subscriptionId: string | null;
  clientReferenceId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  created: number;
};

/**
 * invoices.createPreview: what the change would invoice now. `total` is the change's whole effect
 * (negative: a credit); `amountDue` is what the card would be charged after the customer's balance.
 */
export type InvoicePreview = {
  amountDue: number;
  subtotal: number;
  total: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  /** The moment the amounts were worked out for: pass it to changePriceNow to invoice exactly this. */
  prorationDate: number;
  lines: InvoiceLine[];
};

/** A provider event, reduced to what the app needs to re-fetch the object it is about. */
export type BillingEvent = {
  id: string; // evt_...
  type: string;
  objectId: string;
  customerId: string | null;
  created: number;
};

export type CreateCustomerInput = { email: string; name: string | null; memberId: string };

export type CreateCheckoutInput = {
  customerId: string;
  priceId: string;
  /** Absolute; contains the {CHECKOUT_SESSION_ID} placeholder the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  memberId: string;
};

export type ChangePriceInput = { subscriptionId: string; itemId: string; priceId: string };

/** prorationDate: the preview's (Stripe's proration_date); defaults to now. */
export type ChangePriceNowInput = ChangePriceInput & { prorationDate?: number };

export type ScheduledDowngrade = { current: Subscription; queued: Subscription };

export interface BillingProvider {
  readonly kind: "stripe" | "sandbox";

  /** The provider's clock, Unix seconds (the sandbox's own clock; Stripe's is the wall clock). */
  now(): Promise<number>;

  /**
   * The active recurring prices with a fixed amount under these lookup keys, product included: the
   * amounts and currencies the site shows (Stripe's prices.list by lookup_keys; the sandbox's price rows).
   */
  listActivePrices(lookupKeys: readonly string[]): Promise<Price[]>;
  getPrice(priceId: string): Promise<Price>;

  createCustomer(input: CreateCustomerInput, idempotencyKey: string): Promise<Customer>;
  getCustomer(customerId: string): Promise<Customer>;
  /**
   * Deletes the customer for good (an account deletion), as Stripe does: its subscriptions end now, its
   * payment methods are detached, and afterwards it reads as `{ deleted: true }` with nothing personal.
   * Invoices and charges stay (the provider's financial records). Deleting an already deleted (or
   * unknown) customer succeeds, so a retry is safe without an idempotency key (Stripe takes none here).
   */
  deleteCustomer(customerId: string): Promise<void>;

  createCheckoutSession(input: CreateCheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSession>;

  getSubscription(subscriptionId: string): Promise<Subscription>;
  /** Every subscription of the customer, whatever its status. */
  listSubscriptions(customerId: string): Promise<Subscription[]>;
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<Subscription>;
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<Subscription>;
  /** Undoes a scheduled cancellation. */
  resume(subscriptionId: string, idempotencyKey: string): Promise<Subscription>;
  /**
   * An upgrade: the new price applies now, proration invoiced at once (pending_if_incomplete), worked
   * out at input.prorationDate. A new interval restarts the billing period now.
   */
  changePriceNow(input: ChangePriceNowInput, idempotencyKey: string): Promise<Subscription>;
  /** A downgrade: the current subscription ends at its period end; a trialing one for the new price starts then. */
  scheduleDowngrade(input: ChangePriceInput, idempotencyKey: string): Promise<ScheduledDowngrade>;
  /** The invoice changePriceNow would create (prorationDate defaults to now). */
  previewProration(input: ChangePriceNowInput): Promise<InvoicePreview>;

  listPaymentMethods(customerId: string): Promise<PaymentMethod[]>;
  /** token: a payment method id or a test token such as pm_card_visa / tok_visa. */
  attachPaymentMethod(customerId: string, token: string, idempotencyKey: string): Promise<PaymentMethod>;
  detachPaymentMethod(paymentMethodId: string, idempotencyKey: string): Promise<PaymentMethod>;
  /** Sets the customer's invoice default. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<Customer>;
  setSubscriptionPaymentMethod(
    subscriptionId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<Subscription>;

  /** Newest first. */
  listInvoices(customerId: string): Promise<Invoice[]>;
  /** Newest first. */
  listCharges(customerId: string): Promise<Charge[]>;
}

/** Stripe's placeholder, replaced by the provider with the session id on the way back. */
export const CHECKOUT_SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
