import { getDb } from "@/lib/db/client";
import type { BillingProvider } from "../port";
import type { Tx } from "../db-types";
import { writeCustomer, writePaymentMethods, writeSubscription, writeTransactions } from "./write-mirror";

/** Fetches everything the mirror keeps about a customer (outside any transaction: network calls). */
export async function fetchCustomerState(provider: BillingProvider, customerId: string) {
  const [customer, subscriptions, paymentMethods, invoices, charges] = await Promise.all([
    provider.getCustomer(customerId),
    provider.listSubscriptions(customerId),
    provider.listPaymentMethods(customerId),
    provider.listInvoices(customerId),
    provider.listCharges(customerId),
  ]);
  return { customer, subscriptions, paymentMethods, invoices, charges };
}

export type CustomerState = Awaited<ReturnType<typeof fetchCustomerState>>;

export async function writeCustomerState(tx: Tx, state: CustomerState, memberId?: string) {
  await writeCustomer(tx, state.customer, memberId);
  for (const subscription of state.subscriptions) await writeSubscription(tx, subscription);
  await writePaymentMethods(tx, state.customer.id, state.customer.deleted ? [] : state.paymentMethods);
  await writeTransactions(tx, state.invoices, state.charges);
}

/** Re-fetches a customer from the provider and rewrites its mirror in one transaction. */
export async function syncCustomer(provider: BillingProvider, customerId: string, memberId?: string): Promise<CustomerState> {
  const state = await fetchCustomerState(provider, customerId);
  const db = await getDb();
  await db.transaction((tx) => writeCustomerState(tx, state, memberId));
  return state;
}
