// `npm run stripe:setup`: creates Happr's products and prices (lookup keys from config/plans.ts) in the
// Stripe account of STRIPE_SECRET_KEY. Idempotent: run it again at any time.
import { getConfig } from "../lib/config";
import { setupStripeCatalogue } from "../lib/billing/stripe/setup-catalogue";

const billing = getConfig().billing;
if (billing.kind !== "stripe") {
  console.error(
    "stripe:setup: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are not set; the sandbox needs no setup.",
  );
  process.exit(2);
}
try {
  const report = await setupStripeCatalogue({ secretKey: billing.secretKey });
  console.log(
    `stripe:setup: created ${report.created.length ? report.created.join(", ") : "nothing"}; already there: ${report.existing.length ? report.existing.join(", ") : "nothing"}.`,
  );
} catch (error) {
  console.error(`stripe:setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
