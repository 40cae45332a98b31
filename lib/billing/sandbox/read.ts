import { asc, desc, eq, inArray } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import { notFound } from "../errors";
import type {
  Charge,
  CheckoutSession,
  Customer,
  Invoice,
  PaymentMethod,
  Price,
  Subscription,
  SubscriptionStatus,
} from "../port";
import type { Queryable } from "../db-types";

/** Reads sandbox rows and shapes them as the port's (Stripe-like) objects. */

type PriceRow = typeof t.billingSandboxPrices.$inferSelect;
export const toPrice = (row: PriceRow): Price => ({
  id: row.id,
  active: row.active,
  currency: row.currency,
  unitAmount: row.unitAmount,
  interval: row.interval,
  lookupKey: row.lookupKey,
  productId: row.productId,
  productName: row.productName,
  productDescription: row.productDescription,
});

export async function loadPrice(db: Queryable, priceId: string): Promise<Price> {
  const [row] = await db.select().from(t.billingSandboxPrices).where(eq(t.billingSandboxPrices.id, priceId));
  if (!row) throw notFound("Price");
  return toPrice(row);
}

export async function loadCustomer(db: Queryable, customerId: string): Promise<Customer> {
  const [row] = await db.select().from(t.billingSandboxCustomers).where(eq(t.billingSandboxCustomers.id, customerId));
  if (!row) throw notFound("Customer");
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    created: row.created,
    deleted: row.deleted,
    metadata: row.metadata,
    defaultPaymentMethod: row.defaultPaymentMethod,
    balance: row.balance,
  };
}

export async function loadSubscriptions(db: Queryable, ids: string[]): Promise<Subscription[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(t.billingSandboxSubscriptions)
    .where(inArray(t.billingSandboxSubscriptions.id, ids));
  const items = await db
    .select()
    .from(t.billingSandboxSubscriptionItems)
    .where(inArray(t.billingSandboxSubscriptionItems.subscriptionId, ids))
    .orderBy(asc(t.billingSandboxSubscriptionItems.created));
  return rows
    .map((row) => ({
      id: row.id,
      customerId: row.customerId,
      status: row.status as SubscriptionStatus,
      items: items
        .filter((item) => item.subscriptionId === row.id)
        .map((item) => ({
          id: item.id,
          priceId: item.priceId,
          quantity: item.quantity,
          currentPeriodStart: item.currentPeriodStart,
          currentPeriodEnd: item.currentPeriodEnd,
        })),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      cancelAt: row.cancelAt,
      canceledAt: row.canceledAt,
      endedAt: row.endedAt,
      trialEnd: row.trialEnd,
      defaultPaymentMethod: row.defaultPaymentMethod,
      metadata: row.metadata,
      created: row.created,
    }))
    .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
}

export async function loadSubscription(db: Queryable, subscriptionId: string): Promise<Subscription> {
  const [subscription] = await loadSubscriptions(db, [subscriptionId]);
  if (!subscription) throw notFound("Subscription");
  return subscription;
}

type PaymentMethodRow = typeof t.billingSandboxPaymentMethods.$inferSelect;
export const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  customerId: row.customerId,
  type: "card",
  card: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear },
  billingDetails: row.billingDetails,
  created: row.created,
});

export async function loadPaymentMethodRow(db: Queryable, paymentMethodId: string): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(t.billingSandboxPaymentMethods)
    .where(eq(t.billingSandboxPaymentMethods.id, paymentMethodId));
  if (!row) throw notFound("Payment method");
  return row;
}

export async function loadInvoices(
  db: Queryable,
  where: { customerId: string } | { invoiceId: string },
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(t.billingSandboxInvoices)
    .where(
      "customerId" in where
        ? eq(t.billingSandboxInvoices.customerId, where.customerId)
        : eq(t.billingSandboxInvoices.id, where.invoiceId),
    )
    .orderBy(desc(t.billingSandboxInvoices.created), desc(t.billingSandboxInvoices.id));
  const lines = rows.length
    ? await db
        .select()
        .from(t.billingSandboxInvoiceLines)
        .where(
          inArray(
            t.billingSandboxInvoiceLines.invoiceId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(t.billingSandboxInvoiceLines.position))
    : [];
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    status: row.status as Invoice["status"],
    billingReason: row.billingReason,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    subtotal: row.subtotal,
    total: row.total,
    currency: row.currency,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    description: row.description,
    created: row.created,
    lines: lines
      .filter((line) => line.invoiceId === row.id)
      .map((line) => ({
        description: line.description,
        amount: line.amount,
        currency: line.currency,
        proration: line.proration,
        priceId: line.priceId,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
      })),
  }));
}

export async function loadCharges(db: Queryable, customerId: string): Promise<Charge[]> {
  const rows = await db
    .select()
    .from(t.billingSandboxCharges)
    .where(eq(t.billingSandboxCharges.customerId, customerId))
    .orderBy(desc(t.billingSandboxCharges.created), desc(t.billingSandboxCharges.id));
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customerId,
    invoiceId: row.invoiceId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as Charge["status"],
    description: row.description,
    failureMessage: row.failureMessage,
    created: row.created,
  }));
}

type SessionRow = typeof t.billingSandboxCheckoutSessions.$inferSelect;
export const toCheckoutSession = (row: SessionRow, hostedUrl: string): CheckoutSession => ({
  id: row.id,
  url: row.status === "open" ? hostedUrl : null,
  status: row.status as CheckoutSession["status"],
  paymentStatus: row.paymentStatus as CheckoutSession["paymentStatus"],
  customerId: row.customerId,
  subscriptionId: row.subscriptionId,
  clientReferenceId: row.clientReferenceId,
  successUrl: row.successUrl,
  cancelUrl: row.cancelUrl,
  metadata: row.metadata,
  created: row.created,
});
