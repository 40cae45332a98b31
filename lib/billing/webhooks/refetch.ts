import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { fetchCustomerState, writeCustomerState } from "../mirror/sync-customer";
import { writeCustomer, writePaymentMethods, writeSubscription, writeTransactions } from "../mirror/write-mirror";
import type { BillingEvent, BillingProvider } from "../port";
import { noWrite, type MirrorWrite } from "./types";

/** The re-fetches the event handlers share. */

export async function refetchSubscription(
  event: BillingEvent,
  provider: BillingProvider,
  asOf: Date,
): Promise<MirrorWrite> {
  const subscription = await provider.getSubscription(event.objectId);
  return (tx) => writeSubscription(tx, subscription, asOf);
}

/** Invoices and charges change subscription statuses too (paid, past_due): both are re-fetched. */
export async function refetchBilling(event: BillingEvent, provider: BillingProvider, asOf: Date): Promise<MirrorWrite> {
  if (!event.customerId) return noWrite;
  const customerId = event.customerId;
  const [invoices, charges, subscriptions] = await Promise.all([
    provider.listInvoices(customerId),
    provider.listCharges(customerId),
    provider.listSubscriptions(customerId),
  ]);
  return async (tx) => {
    await writeTransactions(tx, invoices, charges);
    for (const subscription of subscriptions) await writeSubscription(tx, subscription, asOf);
  };
}

/** A detached payment method no longer names its customer: the mirror remembers whose it was. */
async function customerOf(event: BillingEvent): Promise<string | null> {
  if (event.customerId) return event.customerId;
  const db = await getDb();
  const [row] = await db
    .select({ customerId: t.billingPaymentMethods.customerId })
    .from(t.billingPaymentMethods)
    .where(eq(t.billingPaymentMethods.paymentMethodId, event.objectId));
  return row?.customerId ?? null;
}

export async function refetchPaymentMethods(event: BillingEvent, provider: BillingProvider): Promise<MirrorWrite> {
  const customerId = await customerOf(event);
  if (!customerId) return noWrite;
  const [customer, paymentMethods] = await Promise.all([
    provider.getCustomer(customerId),
    provider.listPaymentMethods(customerId),
  ]);
  return async (tx) => {
    await writeCustomer(tx, customer);
    await writePaymentMethods(tx, customerId, customer.deleted ? [] : paymentMethods);
  };
}

export async function refetchCustomer(event: BillingEvent, provider: BillingProvider): Promise<MirrorWrite> {
  const customer = await provider.getCustomer(event.objectId);
  return async (tx) => {
    await writeCustomer(tx, customer);
    if (customer.deleted) await writePaymentMethods(tx, customer.id, []);
  };
}

export async function refetchCheckoutSession(
  event: BillingEvent,
  provider: BillingProvider,
  asOf: Date,
): Promise<MirrorWrite> {
  const session = await provider.getCheckoutSession(event.objectId);
  if (!session.customerId) return noWrite;
  const state = await fetchCustomerState(provider, session.customerId, asOf);
  const memberId = session.clientReferenceId ?? session.metadata.memberId;
  return (tx) => writeCustomerState(tx, state, memberId);
}
