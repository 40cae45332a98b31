import { eq } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import type { Tx } from "../db-types";
import { conflict, notFound } from "../errors";
import type { ChangePriceInput, ChangePriceNowInput, InvoicePreview, ScheduledDowngrade, Subscription } from "../port";
import { addInterval, computeProration } from "../proration";
import { assertChargeable } from "./cards";
import { newId } from "./ids";
import { loadPrice, loadSubscription } from "./read";
import { applyBalance, chargeableCard, customerBalance, emitEvent, invoiceAndCharge } from "./write";
import { isCurrentStatus } from "../subscription-state";

/** The sandbox's plan changes, each run inside the caller's transaction (and idempotency key). */

/** Locks the subscription row for the rest of the transaction and returns it. */
export async function lockSubscription(tx: Tx, subscriptionId: string): Promise<Subscription> {
  const [row] = await tx
    .select({ id: t.billingSandboxSubscriptions.id })
    .from(t.billingSandboxSubscriptions)
    .where(eq(t.billingSandboxSubscriptions.id, subscriptionId))
    .for("update");
  if (!row) throw notFound("Subscription");
  return loadSubscription(tx, subscriptionId);
}

async function loadChange(tx: Tx, input: ChangePriceInput) {
  const subscription = await lockSubscription(tx, input.subscriptionId);
  const item = subscription.items.find((candidate) => candidate.id === input.itemId);
  if (!item) throw notFound("Subscription item");
  const newPrice = await loadPrice(tx, input.priceId);
  if (!newPrice.active) throw notFound("Price");
  const oldPrice = await loadPrice(tx, item.priceId);
  return { subscription, item, oldPrice, newPrice };
}

/**
 * The invoice a price change made at `now` creates, its amounts worked out at the proration date
 * (the preview's, which confirmation passes back). The amount due uses the customer's credit.
 */
async function prorate(tx: Tx, now: number, input: ChangePriceNowInput) {
  const change = await loadChange(tx, input);
  const { subscription, item, oldPrice, newPrice } = change;
  const invoice = computeProration({
    oldPrice,
    newPrice,
    periodStart: item.currentPeriodStart,
    periodEnd: item.currentPeriodEnd,
    prorationDate: input.prorationDate ?? now,
    changedAt: now,
  });
  const preview: InvoicePreview = {
    ...invoice,
    amountDue: applyBalance(invoice.total, await customerBalance(tx, subscription.customerId)).amountDue,
  };
  return { ...change, preview };
}

/** An upgrade: the new price applies now, the proration invoiced and charged at once. */
export async function changePriceNowIn(tx: Tx, now: number, input: ChangePriceNowInput): Promise<Subscription> {
  const { subscription, item, oldPrice, newPrice, preview } = await prorate(tx, now, input);
  if (!isCurrentStatus(subscription.status)) throw conflict("Only an active subscription can change price now");
  const card = await chargeableCard(tx, subscription.defaultPaymentMethod, subscription.customerId);
  // pending_if_incomplete: a change whose invoice cannot be paid is not applied at all.
  if (preview.amountDue > 0) {
    if (!card) throw conflict("The customer has no default payment method");
    assertChargeable({ brand: "", last4: "", outcome: card.outcome });
  }
  await invoiceAndCharge(
    tx,
    {
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      billingReason: "subscription_update",
      lines: preview.lines,
      periodStart: preview.periodStart,
      periodEnd: preview.periodEnd,
      description: `Change to ${newPrice.productName}`,
      now,
    },
    card,
  );
  const intervalChanged = oldPrice.interval !== newPrice.interval;
  await tx
    .update(t.billingSandboxSubscriptionItems)
    .set({
      priceId: newPrice.id,
      ...(intervalChanged ? { currentPeriodStart: now, currentPeriodEnd: addInterval(now, newPrice.interval) } : {}),
    })
    .where(eq(t.billingSandboxSubscriptionItems.id, item.id));
  if (subscription.cancelAtPeriodEnd && intervalChanged) {
    await tx
      .update(t.billingSandboxSubscriptions)
      .set({ cancelAt: addInterval(now, newPrice.interval) })
      .where(eq(t.billingSandboxSubscriptions.id, subscription.id));
  }
  await emitEvent(tx, "customer.subscription.updated", subscription.id, subscription.customerId, now);
  return loadSubscription(tx, subscription.id);
}

/** A downgrade: the current subscription ends at its period end; a trialing one starts then. */
export async function scheduleDowngradeIn(tx: Tx, now: number, input: ChangePriceInput): Promise<ScheduledDowngrade> {
  const { subscription, item, newPrice } = await loadChange(tx, input);
  if (!isCurrentStatus(subscription.status)) throw conflict("Only an active subscription can change plan");
  const startsAt = item.currentPeriodEnd;
  await tx
    .update(t.billingSandboxSubscriptions)
    .set({ cancelAtPeriodEnd: true, cancelAt: startsAt })
    .where(eq(t.billingSandboxSubscriptions.id, subscription.id));
  await emitEvent(tx, "customer.subscription.updated", subscription.id, subscription.customerId, now);

  // The queued subscription trials until the current period ends: nothing is charged before then.
  const queuedId = newId("sub");
  await tx.insert(t.billingSandboxSubscriptions).values({
    id: queuedId,
    customerId: subscription.customerId,
    status: "trialing",
    trialEnd: startsAt,
    defaultPaymentMethod: subscription.defaultPaymentMethod,
    metadata: { ...subscription.metadata, queuedAfter: subscription.id },
    created: now,
  });
  await tx.insert(t.billingSandboxSubscriptionItems).values({
    id: newId("si"),
    subscriptionId: queuedId,
    priceId: newPrice.id,
    currentPeriodStart: now,
    currentPeriodEnd: startsAt,
    created: now,
  });
  await emitEvent(tx, "customer.subscription.created", queuedId, subscription.customerId, now);
  return { current: await loadSubscription(tx, subscription.id), queued: await loadSubscription(tx, queuedId) };
}

export async function previewProrationIn(tx: Tx, now: number, input: ChangePriceNowInput): Promise<InvoicePreview> {
  return (await prorate(tx, now, input)).preview;
}
