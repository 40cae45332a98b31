import type { PlanChange } from "./plan-change";
import type { BillingProvider, InvoiceLine, InvoicePreview, Price } from "./port";
import { addInterval } from "./proration";

/**
 * "Due now": what the member pays (positive) or is credited (negative) when they confirm a plan
 * change. It is the total of the invoice the provider creates for the change at once, as its preview
 * says (Stripe's invoices.createPreview, with the proration date the confirmation then uses). Every
 * line counts: on a change of interval the new period's full charge is not a proration line, yet it
 * is charged now with the credit for the unused time. This is the one definition: the API, the
 * manage-subscription page and its confirmation dialog all show this figure.
 */
export function dueNow(preview: InvoicePreview): number {
  return preview.total;
}

/** The subscription being changed, as the mirror (or the provider) has it. */
export type PlanChangeSubject = {
  subscriptionId: string;
  itemId: string;
  currentPeriodEnd: number;
  /** A cancellation is scheduled: the plan ends at its period end instead of renewing. */
  endsAtPeriodEnd: boolean;
};

/** The first invoice the change produces: now for an upgrade, when the period ends for a downgrade. */
export type FirstInvoice = {
  amountDue: number;
  subtotal: number;
  total: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  issuedAt: number;
};

export type PlanChangeQuote = {
  change: PlanChange;
  /** The moment the amounts were worked out for; confirming uses it again (see service.ts). */
  prorationDate: number;
  /** See dueNow(): 0 for a downgrade, which changes nothing before the period ends. */
  dueNow: number;
  currency: string;
  /** The lines of the invoice created at confirmation; they add up to dueNow (none for a downgrade). */
  lines: InvoiceLine[];
  firstInvoice: FirstInvoice;
  /** The renewal date before the change and after it: a new interval moves it to the day of the change. */
  billingDate: { current: number; next: number };
  /** What the plan costs at billingDate.next; null when the plan ends then instead. */
  nextInvoice: { amount: number; currency: string; date: number } | null;
  /** When a cancellation is scheduled: the day the plan ends after the change (a new interval moves it too). */
  endsAt: number | null;
};

/**
 * What a plan change costs now and what follows, from the provider's own preview. An upgrade applies
 * now: its preview is the invoice confirmation creates. A downgrade starts when the period ends:
 * nothing is invoiced now, and the new plan's first invoice is its price on that day.
 */
export async function quotePlanChange(
  provider: BillingProvider,
  input: { subscription: PlanChangeSubject; newPrice: Price; change: PlanChange; prorationDate: number },
): Promise<PlanChangeQuote> {
  const { subscription, newPrice, change, prorationDate } = input;
  const currency = newPrice.currency;
  if (change === "downgrade") {
    const startsAt = subscription.currentPeriodEnd;
    const amount = newPrice.unitAmount;
    return {
      change,
      prorationDate,
      dueNow: 0,
      currency,
      lines: [],
      firstInvoice: {
        amountDue: amount,
        subtotal: amount,
        total: amount,
        currency,
        periodStart: startsAt,
        periodEnd: addInterval(startsAt, newPrice.interval),
        issuedAt: startsAt,
      },
      billingDate: { current: subscription.currentPeriodEnd, next: startsAt },
      nextInvoice: { amount, currency, date: startsAt },
      endsAt: null,
    };
  }
  const preview = await provider.previewProration({
    subscriptionId: subscription.subscriptionId,
    itemId: subscription.itemId,
    priceId: newPrice.id,
    prorationDate,
  });
  const next = renewalAfter(preview, newPrice.id, subscription.currentPeriodEnd);
  return {
    change,
    prorationDate: preview.prorationDate,
    dueNow: dueNow(preview),
    currency: preview.currency,
    lines: preview.lines,
    firstInvoice: {
      amountDue: preview.amountDue,
      subtotal: preview.subtotal,
      total: preview.total,
      currency: preview.currency,
      periodStart: preview.periodStart,
      periodEnd: preview.periodEnd,
      issuedAt: preview.prorationDate,
    },
    billingDate: { current: subscription.currentPeriodEnd, next },
    nextInvoice: subscription.endsAtPeriodEnd
      ? null
      : { amount: newPrice.unitAmount, currency: newPrice.currency, date: next },
    endsAt: subscription.endsAtPeriodEnd ? next : null,
  };
}

/** The new price's period ends where the plan renews: the current period end, or a year (month) on when the interval changes. */
function renewalAfter(preview: InvoicePreview, priceId: string, currentPeriodEnd: number): number {
  const ends = preview.lines.filter((line) => line.priceId === priceId).map((line) => line.periodEnd);
  return ends.length ? Math.max(...ends) : currentPeriodEnd;
}
