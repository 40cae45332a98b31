// One formatter per currency: building an Intl.NumberFormat costs far more than formatting with it,
// and the billing pages format every price and invoice on each view.
const MAX_FORMATTERS = 64;
const formatters = new Map<string, { format: Intl.NumberFormat; fractionDigits: number }>();

function formatterFor(code: string) {
  let formatter = formatters.get(code);
  if (!formatter) {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    formatter = { format, fractionDigits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    // Bounded like every per-process cache (issue 43): any well-formed code is accepted, so a flood of
    // made-up ones must not grow it; the oldest goes first.
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatters.set(code, formatter);
  }
  return formatter;
}

/** An amount in the currency's smallest unit, formatted for people: 499 usd -> "$4.99". */
export function formatMoney(amount: number, currency: string): string {
  const { format, fractionDigits } = formatterFor(currency.toUpperCase());
  return format.format(amount / 10 ** fractionDigits);
}

/** How many currency formatters are kept (for tests). */
export function moneyFormattersKept(): number {
  return formatters.size;
}
