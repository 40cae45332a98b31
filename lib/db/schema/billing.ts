import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Billing. Two groups of tables:
 * - billing_*: the app's mirror of the payment provider (Stripe or the sandbox), written only by the
 *   sync/webhook code and read by the services, so a page view never calls the provider.
 * - billing_sandbox_*: the embedded sandbox billing engine's own state (it plays Stripe's part when
 *   Stripe is not configured). Nothing outside lib/billing/sandbox reads them.
 * Times are Unix seconds (bigint) and money is in cents, as the provider reports them.
 */
const unix = (name: string) => bigint(name, { mode: "number" });

// ---------------------------------------------------------------- mirror

/** Which provider customer belongs to which member. */
export const billingCustomers = pgTable("billing_customers", {
  memberId: text("member_id").primaryKey(),
  customerId: text("customer_id").notNull().unique(),
  email: text("email"),
  name: text("name"),
  created: unix("created").notNull(),
  /** "active", or "deleted" once the provider deleted the customer. */
  status: text("status").notNull().default("active"),
  defaultPaymentMethod: text("default_payment_method"),
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
});

export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    subscriptionId: text("subscription_id").primaryKey(),
    customerId: text("customer_id").notNull(),
    status: text("status").notNull(),
    subItemId: text("sub_item_id").notNull(),
    priceId: text("price_id").notNull(),
    currentPeriodStart: unix("current_period_start").notNull(),
    currentPeriodEnd: unix("current_period_end").notNull(),
    cancelAt: unix("cancel_at"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    defaultPaymentMethod: text("default_payment_method"),
    created: unix("created").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    /** The database clock just before this snapshot was fetched from the provider: a row only moves forward. */
    stateAsOf: timestamp("state_as_of", { withTimezone: true }),
  },
  (table) => [index("billing_subscriptions_customer_idx").on(table.customerId)],
);

export const billingPaymentMethods = pgTable(
  "billing_payment_methods",
  {
    paymentMethodId: text("payment_method_id").primaryKey(),
    customerId: text("customer_id").notNull(),
    type: text("type").notNull(),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    billingDetails: jsonb("billing_details").$type<{
      name: string | null;
      email: string | null;
      phone: string | null;
      postalCode: string | null;
    }>(),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_payment_methods_customer_idx").on(table.customerId)],
);

/** Invoices and charges of a customer: the member's transaction history. */
export const billingTransactions = pgTable(
  "billing_transactions",
  {
    transactionId: text("transaction_id").primaryKey(),
    customerId: text("customer_id").notNull(),
    kind: text("kind", { enum: ["invoice", "charge"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    description: text("description"),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_transactions_customer_idx").on(table.customerId, table.created)],
);

/**
 * The proration date a member's plan-change preview was worked out for, per subscription and price:
 * confirming the change within the quote's lifetime uses the same date, so the invoice is the figure
 * shown, to the cent (Stripe's subscription_details.proration_date round trip, kept server-side so
 * every client gets it, and shared by every app instance).
 */
export const billingPlanChangeQuotes = pgTable(
  "billing_plan_change_quotes",
  {
    memberId: text("member_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    priceId: text("price_id").notNull(),
    prorationDate: unix("proration_date").notNull(),
    /** The figure shown ("due now", cents): kept to compare with what the change invoiced. */
    dueNow: integer("due_now").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.subscriptionId, table.priceId] })],
);

/** Webhook events already applied: recorded in the same transaction as their effect. */
export const billingProcessedEvents = pgTable("billing_processed_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  /** false for event types the app records but does not act on. */
  handled: boolean("handled").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- sandbox engine

/** The sandbox clock: now = frozenAt when set, else the wall clock plus offsetSeconds. */
export const billingSandboxClock = pgTable("billing_sandbox_clock", {
  id: integer("id").primaryKey(),
  offsetSeconds: unix("offset_seconds").notNull().default(0),
  frozenAt: unix("frozen_at"),
});

export const billingSandboxPrices = pgTable("billing_sandbox_prices", {
  id: text("id").primaryKey(),
  /** Null once a repricing moved the lookup key to a newer price (Stripe's transfer_lookup_key). */
  lookupKey: text("lookup_key").unique(),
  productId: text("product_id").notNull(),
  productName: text("product_name").notNull(),
  productDescription: text("product_description"),
  unitAmount: integer("unit_amount").notNull(),
  currency: text("currency").notNull(),
  interval: text("interval", { enum: ["month", "year"] }).notNull(),
  active: boolean("active").notNull().default(true),
  created: unix("created").notNull(),
});

export const billingSandboxCustomers = pgTable("billing_sandbox_customers", {
  id: text("id").primaryKey(),
  email: text("email"),
  name: text("name"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  defaultPaymentMethod: text("default_payment_method"),
  /** Stripe's customer balance, in cents: negative is a credit the next invoices use first. */
  balance: integer("balance").notNull().default(0),
  deleted: boolean("deleted").notNull().default(false),
  created: unix("created").notNull(),
});

export const billingSandboxSubscriptions = pgTable(
  "billing_sandbox_subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    status: text("status").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelAt: unix("cancel_at"),
    canceledAt: unix("canceled_at"),
    endedAt: unix("ended_at"),
    trialEnd: unix("trial_end"),
    defaultPaymentMethod: text("default_payment_method"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_sandbox_subscriptions_customer_idx").on(table.customerId)],
);

export const billingSandboxSubscriptionItems = pgTable(
  "billing_sandbox_subscription_items",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id").notNull(),
    priceId: text("price_id").notNull(),
    quantity: integer("quantity").notNull().default(1),
    currentPeriodStart: unix("current_period_start").notNull(),
    currentPeriodEnd: unix("current_period_end").notNull(),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_sandbox_items_subscription_idx").on(table.subscriptionId)],
);

export const billingSandboxPaymentMethods = pgTable(
  "billing_sandbox_payment_methods",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id"),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** How a charge on this card ends: "succeeds", "card_declined" or "insufficient_funds". */
    outcome: text("outcome").notNull(),
    billingDetails: jsonb("billing_details")
      .$type<{ name: string | null; email: string | null; phone: string | null; postalCode: string | null }>()
      .notNull(),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_sandbox_pm_customer_idx").on(table.customerId)],
);

export const billingSandboxInvoices = pgTable(
  "billing_sandbox_invoices",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id"),
    status: text("status").notNull(),
    billingReason: text("billing_reason").notNull(),
    amountDue: integer("amount_due").notNull(),
    amountPaid: integer("amount_paid").notNull(),
    /** The customer balance the invoice started from (negative: a credit it used). */
    startingBalance: integer("starting_balance").notNull().default(0),
    subtotal: integer("subtotal").notNull(),
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    periodStart: unix("period_start").notNull(),
    periodEnd: unix("period_end").notNull(),
    description: text("description"),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_sandbox_invoices_customer_idx").on(table.customerId)],
);

export const billingSandboxInvoiceLines = pgTable(
  "billing_sandbox_invoice_lines",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id").notNull(),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    proration: boolean("proration").notNull(),
    priceId: text("price_id"),
    periodStart: unix("period_start").notNull(),
    periodEnd: unix("period_end").notNull(),
  },
  (table) => [index("billing_sandbox_lines_invoice_idx").on(table.invoiceId)],
);

export const billingSandboxCharges = pgTable(
  "billing_sandbox_charges",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    invoiceId: text("invoice_id"),
    paymentMethodId: text("payment_method_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    failureMessage: text("failure_message"),
    description: text("description"),
    created: unix("created").notNull(),
  },
  (table) => [index("billing_sandbox_charges_customer_idx").on(table.customerId)],
);

export const billingSandboxCheckoutSessions = pgTable("billing_sandbox_checkout_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  priceId: text("price_id").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  status: text("status").notNull(),
  paymentStatus: text("payment_status").notNull(),
  subscriptionId: text("subscription_id"),
  clientReferenceId: text("client_reference_id"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  created: unix("created").notNull(),
  expiresAt: unix("expires_at").notNull(),
});

/** Idempotency keys: the same key returns the object the first request made. */
export const billingSandboxIdempotency = pgTable(
  "billing_sandbox_idempotency",
  {
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    response: jsonb("response").notNull(),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key] })],
);

/** Events the sandbox emits, delivered to the mirror through the webhook apply code. */
export const billingSandboxEvents = pgTable(
  "billing_sandbox_events",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    objectId: text("object_id").notNull(),
    customerId: text("customer_id"),
    created: unix("created").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [index("billing_sandbox_events_pending_idx").on(table.deliveredAt, table.seq)],
);
