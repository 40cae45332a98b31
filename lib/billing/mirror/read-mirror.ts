import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";

/** What the app reads about a member's billing: only the local mirror, no provider call. */

export async function findMemberCustomer(memberId: string) {
  const db = await getDb();
  const [row] = await db.select().from(t.billingCustomers).where(eq(t.billingCustomers.memberId, memberId));
  return row;
}

export async function mirroredSubscriptions(customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.customerId, customerId))
    .orderBy(desc(t.billingSubscriptions.created));
}

export type MirrorSubscriptionRow = Awaited<ReturnType<typeof mirroredSubscriptions>>[number];

export async function mirroredPaymentMethods(customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(t.billingPaymentMethods)
    .where(eq(t.billingPaymentMethods.customerId, customerId))
    .orderBy(desc(t.billingPaymentMethods.created));
}

export async function mirroredPaymentMethod(customerId: string, paymentMethodId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(t.billingPaymentMethods)
    .where(
      and(
        eq(t.billingPaymentMethods.customerId, customerId),
        eq(t.billingPaymentMethods.paymentMethodId, paymentMethodId),
      ),
    );
  return row;
}

export async function mirroredTransactions(customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(t.billingTransactions)
    .where(eq(t.billingTransactions.customerId, customerId))
    .orderBy(desc(t.billingTransactions.created), desc(t.billingTransactions.transactionId));
}
