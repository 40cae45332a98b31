import Stripe from "stripe";
import { plans, planTiers } from "@/config/plans";
import { openingPrice } from "../opening-prices";

export type CatalogueOptions = {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  maxNetworkRetries?: number;
};
export type CatalogueReport = { created: string[]; existing: string[] };

/**
 * Creates Happr's products and prices in a Stripe account, idempotently (`npm run stripe:setup`):
 * a price whose lookup key already exists is left alone; products have fixed ids (happr_<tier>);
 * each creation carries an idempotency key, so a re-run after a crash never makes duplicates.
 */
export async function setupStripeCatalogue(options: CatalogueOptions): Promise<CatalogueReport> {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
  });
  const found = await stripe.prices.list({ lookup_keys: plans.map((plan) => plan.lookupKey), limit: 100 });
  const existing = new Set(found.data.map((price) => price.lookup_key));
  const report: CatalogueReport = { created: [], existing: [] };

  for (const [tier, details] of Object.entries(planTiers)) {
    const tierPlans = plans.filter((plan) => plan.tier === tier && !existing.has(plan.lookupKey));
    if (tierPlans.length === 0) continue;
    const productId = `happr_${tier}`;
    await stripe.products.retrieve(productId).catch(async (error: unknown) => {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      await stripe.products.create(
        { id: productId, name: details.name, description: details.description },
        { idempotencyKey: `happr-setup-product-${productId}` },
      );
    });
    for (const plan of tierPlans) {
      const { unitAmount, currency } = openingPrice(plan.lookupKey);
      await stripe.prices.create(
        {
          product: productId,
          currency,
          unit_amount: unitAmount,
          recurring: { interval: plan.interval },
          lookup_key: plan.lookupKey,
          nickname: `${plan.name} (${plan.interval}ly)`,
        },
        { idempotencyKey: `happr-setup-price-${plan.lookupKey}-${unitAmount}` },
      );
      report.created.push(plan.lookupKey);
    }
  }
  report.existing = plans.map((plan) => plan.lookupKey).filter((key) => existing.has(key));
  return report;
}
