/**
 * The amounts a new catalogue starts with: what `npm run stripe:setup` creates in an empty Stripe
 * account and what the sandbox engine seeds its price rows with. After that the provider is the only
 * source of amounts (a repricing is made there); nothing shown to people reads this file.
 */
export const openingPrices: Readonly<Record<string, { unitAmount: number; currency: string }>> = {
  happr_individual_monthly: { unitAmount: 499, currency: "usd" },
  happr_individual_yearly: { unitAmount: 4999, currency: "usd" },
  happr_family_monthly: { unitAmount: 999, currency: "usd" },
  happr_family_yearly: { unitAmount: 9999, currency: "usd" },
};

export function openingPrice(lookupKey: string): { unitAmount: number; currency: string } {
  const price = openingPrices[lookupKey];
  if (!price) throw new Error(`No opening price for the lookup key ${lookupKey}`);
  return price;
}
