import { dateTimeFormat } from "../format/intl";
import type { InvoiceLine, InvoicePreview, PlanInterval, Price } from "./port";

/** Adds one billing interval the way Stripe does: same day next month/year, clamped to the month's end. */
export function addInterval(unixSeconds: number, interval: PlanInterval): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  if (interval === "month") target.setUTCMonth(target.getUTCMonth() + 1);
  else target.setUTCFullYear(target.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

const dateLabel = (unixSeconds: number) =>
  dateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    unixSeconds * 1000,
  );

export type ProrationInput = {
  oldPrice: Price;
  newPrice: Price;
  periodStart: number;
  periodEnd: number;
  /** The moment the amounts are worked out for (the preview's, which the confirmation reuses). */
  prorationDate: number;
  /** When the change is made: a change of interval starts the new period then. Defaults to prorationDate. */
  changedAt?: number;
};

/**
 * Stripe's proration rule for an immediate price change invoiced at once (always_invoice):
 * the unused time on the old price is credited and the remaining time on the new price charged,
 * both as the fraction of the period left, to the second, each line rounded to the cent.
 * When the interval changes, Stripe resets the billing cycle: the unused time is credited and the
 * new price is charged in full for a new period starting when the change is made (not a proration
 * line, but part of the same invoice: see due-now.ts).
 */
export function computeProration(input: ProrationInput): InvoicePreview {
  const { oldPrice, newPrice, periodStart, periodEnd } = input;
  const prorationDate = Math.min(Math.max(input.prorationDate, periodStart), periodEnd);
  const length = periodEnd - periodStart;
  const remaining = periodEnd - prorationDate;
  // Whole cents times whole seconds first, then one division: no floating-point fraction rounded twice.
  const prorated = (unitAmount: number) => (length > 0 ? Math.round((unitAmount * remaining) / length) : 0);
  const currency = newPrice.currency;
  const after = dateLabel(prorationDate);

  const lines: InvoiceLine[] = [
    {
      description: `Unused time on ${oldPrice.productName} after ${after}`,
      amount: -prorated(oldPrice.unitAmount),
      currency,
      proration: true,
      priceId: oldPrice.id,
      periodStart: prorationDate,
      periodEnd,
    },
  ];
  let invoicePeriodEnd = periodEnd;
  const changedAt = input.changedAt ?? prorationDate;
  if (oldPrice.interval === newPrice.interval) {
    lines.push({
      description: `Remaining time on ${newPrice.productName} after ${after}`,
      amount: prorated(newPrice.unitAmount),
      currency,
      proration: true,
      priceId: newPrice.id,
      periodStart: prorationDate,
      periodEnd,
    });
  } else {
    invoicePeriodEnd = addInterval(changedAt, newPrice.interval);
    lines.push({
      description: `1 × ${newPrice.productName} (at ${formatAmount(newPrice)} / ${newPrice.interval})`,
      amount: newPrice.unitAmount,
      currency,
      proration: false,
      priceId: newPrice.id,
      periodStart: changedAt,
      periodEnd: invoicePeriodEnd,
    });
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    amountDue: Math.max(0, total),
    subtotal: total,
    total,
    currency,
    periodStart: prorationDate,
    periodEnd: invoicePeriodEnd,
    prorationDate,
    lines,
  };
}

function formatAmount(price: Price) {
  return `$${(price.unitAmount / 100).toFixed(2)}`;
}
