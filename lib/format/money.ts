/** An amount in the currency's smallest unit, formatted for people: 499 usd -> "$4.99". */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits =
    new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(amount / 10 ** digits);
}
