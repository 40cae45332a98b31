import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { fetchCustomerState, writeCustomerState } from "./mirror/sync-customer";
import type { BillingProvider } from "./port";
import type { Tx } from "./db-types";

export type Drift = { customerId: string; memberId: string; changes: string[] };
export type ReconcileReport = { customers: number; skipped: number; drifted: Drift[] };

/**
 * Re-syncs every mapped customer from the provider and reports what the mirror had wrong (missed
 * or failed webhooks). Each customer is rewritten in one transaction holding an advisory lock on it,
 * so two instances reconciling at once never interleave on the same customer (the second skips it).
 */
export async function reconcileAll(provider: BillingProvider): Promise<ReconcileReport> {
  const db = await getDb();
  const customers = await db
    .select({ memberId: t.billingCustomers.memberId, customerId: t.billingCustomers.customerId })
    .from(t.billingCustomers);
  const report: ReconcileReport = { customers: customers.length, skipped: 0, drifted: [] };
  for (const { memberId, customerId } of customers) {
    const state = await fetchCustomerState(provider, customerId);
    const changes = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtextextended(${`billing-reconcile:${customerId}`}, 0)) as locked`,
        ),
      );
      if (!lock?.locked) return null;
      const before = await snapshot(tx, customerId);
      await writeCustomerState(tx, state, memberId);
      return diff(before, await snapshot(tx, customerId));
    });
    if (changes === null) report.skipped += 1;
    else if (changes.length > 0) report.drifted.push({ customerId, memberId, changes });
  }
  return report;
}

// node-postgres answers { rows }, PGlite an array-like result with rows too.
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

async function snapshot(tx: Tx, customerId: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const [customer] = await tx.select().from(t.billingCustomers).where(eq(t.billingCustomers.customerId, customerId));
  if (customer)
    entries.set(
      `customer ${customerId}`,
      JSON.stringify([customer.email, customer.name, customer.status, customer.defaultPaymentMethod]),
    );
  for (const s of await tx
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.customerId, customerId))) {
    entries.set(
      `subscription ${s.subscriptionId}`,
      JSON.stringify([
        s.status,
        s.priceId,
        s.currentPeriodStart,
        s.currentPeriodEnd,
        s.cancelAt,
        s.defaultPaymentMethod,
      ]),
    );
  }
  for (const pm of await tx
    .select()
    .from(t.billingPaymentMethods)
    .where(eq(t.billingPaymentMethods.customerId, customerId))) {
    entries.set(`payment method ${pm.paymentMethodId}`, JSON.stringify([pm.brand, pm.last4, pm.expMonth, pm.expYear]));
  }
  for (const row of await tx
    .select()
    .from(t.billingTransactions)
    .where(eq(t.billingTransactions.customerId, customerId))) {
    entries.set(`${row.kind} ${row.transactionId}`, JSON.stringify([row.amount, row.status]));
  }
  return entries;
}

function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [key, value] of after) {
    if (!before.has(key)) changes.push(`added ${key}`);
    else if (before.get(key) !== value) changes.push(`changed ${key}: ${before.get(key)} -> ${value}`);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push(`removed ${key}`);
  return changes;
}
