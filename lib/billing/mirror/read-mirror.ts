import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { preparedPerDatabase } from "@/lib/db/prepared";
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

/** getMySubscriptions' read (the API's most asked billing question), prepared (lib/db/prepared.ts). */
const memberSubscriptionsRead = preparedPerDatabase((db) =>
  db
    .select({ subscription: t.billingSubscriptions })
    .from(t.billingSubscriptions)
    .innerJoin(t.billingCustomers, eq(t.billingCustomers.customerId, t.billingSubscriptions.customerId))
    .where(eq(t.billingCustomers.memberId, sql.placeholder("memberId")))
    .orderBy(desc(t.billingSubscriptions.created))
    .prepare("member_subscriptions"),
);

/** A member's mirrored subscriptions, newest first, in one read (none without a customer). */
export async function memberSubscriptions(memberId: string) {
  const rows = await memberSubscriptionsRead(await getDb()).execute({ memberId });
  return rows.map((row) => row.subscription);
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
