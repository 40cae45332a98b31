import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { BillingProvider } from "../port";
import type { Tx } from "../db-types";
import { writeCustomer, writePaymentMethods, writeSubscription, writeTransactions } from "./write-mirror";

/**
 * The moment a snapshot of the provider's state is about to be fetched, on the database's clock
 * (one clock for every app instance). A snapshot fetched after it holds every change the provider
 * made before it, so of two snapshots the one with the later moment is the newer (or as new).
 */
export async function snapshotTime(): Promise<Date> {
  const db = await getDb();
  const result = (await db.execute(sql`select clock_timestamp() as now`)) as unknown as {
    rows: { now: Date | string }[];
  };
  return new Date(result.rows[0]!.now);
}

/**
 * Fetches everything the mirror keeps about a customer (outside any transaction: network calls).
 * `asOf`: a snapshot time taken before (applyEvent takes one with its duplicate check); else one is taken.
 */
export async function fetchCustomerState(provider: BillingProvider, customerId: string, asOf?: Date) {
  const snapshot = asOf ?? (await snapshotTime());
  const [customer, subscriptions, paymentMethods, invoices, charges] = await Promise.all([
    provider.getCustomer(customerId),
    provider.listSubscriptions(customerId),
    provider.listPaymentMethods(customerId),
    provider.listInvoices(customerId),
    provider.listCharges(customerId),
  ]);
  return { asOf: snapshot, customer, subscriptions, paymentMethods, invoices, charges };
}

export type CustomerState = Awaited<ReturnType<typeof fetchCustomerState>>;

export async function writeCustomerState(tx: Tx, state: CustomerState, memberId?: string) {
  await writeCustomer(tx, state.customer, memberId);
  for (const subscription of state.subscriptions) await writeSubscription(tx, subscription, state.asOf);
  await writePaymentMethods(tx, state.customer.id, state.customer.deleted ? [] : state.paymentMethods);
  await writeTransactions(tx, state.invoices, state.charges);
}

/** Re-fetches a customer from the provider and rewrites its mirror in one transaction. */
export async function syncCustomer(
  provider: BillingProvider,
  customerId: string,
  memberId?: string,
): Promise<CustomerState> {
  const state = await fetchCustomerState(provider, customerId);
  const db = await getDb();
  await db.transaction((tx) => writeCustomerState(tx, state, memberId));
  return state;
}
