import { and, eq, notInArray, sql } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import type { Charge, Customer, Invoice, PaymentMethod, Subscription } from "../port";
import type { Tx } from "../db-types";

/**
 * Writes provider objects into the app's mirror. Each function is an upsert of the provider's
 * current state, so applying the same object twice, or in any order, converges.
 */

/** Maps the provider customer to the member (from metadata.memberId when not given) and stores it. */
export async function writeCustomer(tx: Tx, customer: Customer, memberId?: string): Promise<void> {
  const values = {
    email: customer.email,
    name: customer.name,
    created: customer.created,
    status: customer.deleted ? "deleted" : "active",
    defaultPaymentMethod: customer.deleted ? null : customer.defaultPaymentMethod,
    syncedAt: new Date(),
  };
  const [updated] = await tx
    .update(t.billingCustomers)
    .set(values)
    .where(eq(t.billingCustomers.customerId, customer.id))
    .returning({ memberId: t.billingCustomers.memberId });
  if (updated) return;
  // A deleted customer the mirror no longer knows stays gone: a late event after an account deletion
  // (checkout.session.completed still names the member) must not bring the member's row back.
  if (customer.deleted) return;
  const owner = memberId ?? customer.metadata.memberId;
  // A customer made outside the app (no member in its metadata) has no one to show it to.
  if (!owner) return;
  await tx
    .insert(t.billingCustomers)
    .values({ memberId: owner, customerId: customer.id, ...values })
    .onConflictDoUpdate({ target: t.billingCustomers.memberId, set: { customerId: customer.id, ...values } });
}

/**
 * Stores a subscription snapshot fetched from the provider at `asOf` (see snapshotTime), unless the
 * row already holds one fetched later. Two deliveries about the same subscription can be processed
 * at once and finish in any order: the upsert takes the row's lock and, once it has it, compares
 * against whatever the other one committed, so a slow delivery never puts back an older state.
 */
export async function writeSubscription(tx: Tx, subscription: Subscription, asOf: Date): Promise<void> {
  const item = subscription.items[0];
  if (!item) return;
  const values = {
    customerId: subscription.customerId,
    status: subscription.status,
    subItemId: item.id,
    priceId: item.priceId,
    currentPeriodStart: item.currentPeriodStart,
    currentPeriodEnd: item.currentPeriodEnd,
    cancelAt: subscription.cancelAt,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    defaultPaymentMethod: subscription.defaultPaymentMethod,
    created: subscription.created,
    syncedAt: new Date(),
    stateAsOf: asOf,
  };
  const stored = t.billingSubscriptions.stateAsOf;
  await tx
    .insert(t.billingSubscriptions)
    .values({ subscriptionId: subscription.id, ...values })
    .onConflictDoUpdate({
      target: t.billingSubscriptions.subscriptionId,
      set: values,
      setWhere: sql`${stored} is null or ${stored} <= ${asOf.toISOString()}::timestamptz`,
    });
}

/** Replaces the customer's payment methods with the provider's list. */
export async function writePaymentMethods(tx: Tx, customerId: string, paymentMethods: PaymentMethod[]): Promise<void> {
  const ids = paymentMethods.map((pm) => pm.id);
  await tx
    .delete(t.billingPaymentMethods)
    .where(
      ids.length
        ? and(
            eq(t.billingPaymentMethods.customerId, customerId),
            notInArray(t.billingPaymentMethods.paymentMethodId, ids),
          )
        : eq(t.billingPaymentMethods.customerId, customerId),
    );
  for (const pm of paymentMethods) {
    const values = {
      customerId,
      type: pm.type,
      brand: pm.card?.brand ?? null,
      last4: pm.card?.last4 ?? null,
      expMonth: pm.card?.expMonth ?? null,
      expYear: pm.card?.expYear ?? null,
      billingDetails: pm.billingDetails,
      created: pm.created,
    };
    await tx
      .insert(t.billingPaymentMethods)
      .values({ paymentMethodId: pm.id, ...values })
      .onConflictDoUpdate({ target: t.billingPaymentMethods.paymentMethodId, set: values });
  }
}

/** Stores invoices and charges as the customer's transactions (upserts: statuses change). */
export async function writeTransactions(tx: Tx, invoices: Invoice[], charges: Charge[]): Promise<void> {
  const rows = [
    ...invoices.map((invoice) => ({
      transactionId: invoice.id,
      customerId: invoice.customerId,
      kind: "invoice" as const,
      amount: invoice.total,
      currency: invoice.currency,
      status: invoice.status,
      description: invoice.description ?? invoice.lines[0]?.description ?? null,
      created: invoice.created,
    })),
    ...charges.map((charge) => ({
      transactionId: charge.id,
      customerId: charge.customerId,
      kind: "charge" as const,
      amount: charge.amount,
      currency: charge.currency,
      status: charge.status,
      description: charge.failureMessage
        ? `${charge.description ?? "Payment"}: ${charge.failureMessage}`
        : charge.description,
      created: charge.created,
    })),
  ];
  for (const row of rows) {
    const { transactionId: _key, ...values } = row;
    await tx
      .insert(t.billingTransactions)
      .values(row)
      .onConflictDoUpdate({ target: t.billingTransactions.transactionId, set: values });
  }
}

/**
 * An account deletion's part of the mirror, in the caller's transaction: the member's customer row
 * (email, name), its payment methods (billing details) and the member's plan-change quotes go.
 * Subscriptions and transactions stay, keyed by the provider's customer id only: the financial record
 * (amounts, plans, dates), which names nobody once the customer row is gone. Answers the customer id, if the member had one.
 */
export async function forgetMemberCustomer(tx: Tx, memberId: string): Promise<string | undefined> {
  await tx.delete(t.billingPlanChangeQuotes).where(eq(t.billingPlanChangeQuotes.memberId, memberId));
  const [row] = await tx
    .delete(t.billingCustomers)
    .where(eq(t.billingCustomers.memberId, memberId))
    .returning({ customerId: t.billingCustomers.customerId });
  if (!row) return undefined;
  await tx.delete(t.billingPaymentMethods).where(eq(t.billingPaymentMethods.customerId, row.customerId));
  return row.customerId;
}
