import { and, eq, inArray, lte, sql } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import { addInterval } from "../proration";
import { loadPrice, loadSubscription } from "./read";
import type { SandboxLedger } from "./ledger";
import type { Tx } from "../db-types";
import { chargeableCard, emitEvent, invoiceAndCharge } from "./write";

const BATCH = 50;

/**
 * Applies every transition the clock has passed: scheduled cancellations end, in-queue (trialing)
 * subscriptions start with their first invoice, active ones renew (invoice + charge the default
 * card; a failed charge makes the subscription past_due). Each subscription is claimed with
 * FOR UPDATE SKIP LOCKED in its own transaction, so two instances never process the same one.
 * Returns how many transitions were applied.
 */
export async function processDueSubscriptions(provider: SandboxLedger): Promise<number> {
  let applied = 0;
  for (;;) {
    const done = await provider.transaction(async (tx, now) => {
      const due = await tx
        .select({ id: t.billingSandboxSubscriptions.id })
        .from(t.billingSandboxSubscriptions)
        .innerJoin(
          t.billingSandboxSubscriptionItems,
          eq(t.billingSandboxSubscriptionItems.subscriptionId, t.billingSandboxSubscriptions.id),
        )
        .where(
          and(
            inArray(t.billingSandboxSubscriptions.status, ["active", "past_due", "trialing"]),
            lte(
              sql`case when ${t.billingSandboxSubscriptions.status} = 'trialing' then coalesce(${t.billingSandboxSubscriptions.trialEnd}, ${t.billingSandboxSubscriptionItems.currentPeriodEnd}) else ${t.billingSandboxSubscriptionItems.currentPeriodEnd} end`,
              now,
            ),
          ),
        )
        .limit(BATCH)
        .for("update", { of: t.billingSandboxSubscriptions, skipLocked: true });
      for (const id of new Set(due.map((row) => row.id))) await advance(tx, id);
      return due.length;
    });
    applied += done;
    // Each pass moves a subscription one period; passes repeat until nothing is due (catch-up).
    if (done === 0) return applied;
  }
}

/** Moves one subscription forward by one step (called again on the next batch if still due). */
async function advance(tx: Tx, subscriptionId: string) {
  const subscription = await loadSubscription(tx, subscriptionId);
  const item = subscription.items[0];
  if (!item) return;
  const price = await loadPrice(tx, item.priceId);
  const boundary =
    subscription.status === "trialing" ? (subscription.trialEnd ?? item.currentPeriodEnd) : item.currentPeriodEnd;

  if (subscription.cancelAtPeriodEnd || (subscription.cancelAt !== null && subscription.cancelAt <= boundary)) {
    const endedAt = subscription.cancelAt ?? boundary;
    await tx
      .update(t.billingSandboxSubscriptions)
      .set({ status: "canceled", canceledAt: endedAt, endedAt })
      .where(eq(t.billingSandboxSubscriptions.id, subscriptionId));
    await emitEvent(tx, "customer.subscription.deleted", subscriptionId, subscription.customerId, endedAt);
    return;
  }

  const periodStart = boundary;
  const periodEnd = addInterval(periodStart, price.interval);
  const card = await chargeableCard(tx, subscription.defaultPaymentMethod, subscription.customerId);
  const outcome = await invoiceAndCharge(
    tx,
    {
      customerId: subscription.customerId,
      subscriptionId,
      billingReason: subscription.status === "trialing" ? "subscription_create" : "subscription_cycle",
      lines: [
        {
          description: `1 × ${price.productName}`,
          amount: price.unitAmount,
          currency: price.currency,
          proration: false,
          priceId: price.id,
          periodStart,
          periodEnd,
        },
      ],
      periodStart,
      periodEnd,
      description: `Subscription to ${price.productName}`,
      now: periodStart,
    },
    card,
  );
  await tx
    .update(t.billingSandboxSubscriptionItems)
    .set({ currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
    .where(eq(t.billingSandboxSubscriptionItems.id, item.id));
  await tx
    .update(t.billingSandboxSubscriptions)
    .set({
      status: outcome.paid ? "active" : "past_due",
      trialEnd: subscription.status === "trialing" ? subscription.trialEnd : subscription.trialEnd,
    })
    .where(eq(t.billingSandboxSubscriptions.id, subscriptionId));
  await emitEvent(tx, "customer.subscription.updated", subscriptionId, subscription.customerId, periodStart);
}
