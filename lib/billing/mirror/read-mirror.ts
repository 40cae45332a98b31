import { and, desc, eq, sql } from "drizzle-orm";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { preparedPerDatabase } from "@/lib/db/prepared";
import * as t from "@/lib/db/schema";

/**
 * What the app reads about a member's billing: only the local mirror, no provider call. The reads
 * /manage-subscription and the API's billing queries make on every request are prepared
 * (lib/db/prepared.ts).
 */

const memberCustomerRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(t.billingCustomers)
    .where(eq(t.billingCustomers.memberId, sql.placeholder("memberId")))
    .prepare("member_customer"),
);

// Once per page render, as the account row is (lib/identity/builtin/accounts.ts): /manage-subscription's
// cards and transactions each start from the customer. Outside a render React's cache keeps nothing.
const customerInRender = cache(
  async (db: Db, memberId: string) => (await memberCustomerRead(db).execute({ memberId }))[0],
);

export async function findMemberCustomer(memberId: string) {
  return customerInRender(await getDb(), memberId);
}

export async function mirroredSubscriptions(customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.customerId, customerId))
    .orderBy(desc(t.billingSubscriptions.created));
}

/** getMySubscriptions' read (the API's most asked billing question). */
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

const paymentMethodsRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(t.billingPaymentMethods)
    .where(eq(t.billingPaymentMethods.customerId, sql.placeholder("customerId")))
    .orderBy(desc(t.billingPaymentMethods.created))
    .prepare("customer_payment_methods"),
);

export async function mirroredPaymentMethods(customerId: string) {
  return paymentMethodsRead(await getDb()).execute({ customerId });
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

const transactionsRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(t.billingTransactions)
    .where(eq(t.billingTransactions.customerId, sql.placeholder("customerId")))
    .orderBy(desc(t.billingTransactions.created), desc(t.billingTransactions.transactionId))
    .prepare("customer_transactions"),
);

export async function mirroredTransactions(customerId: string) {
  return transactionsRead(await getDb()).execute({ customerId });
}
