// `npm run billing:sandbox-price -- <lookup key> <amount in the smallest unit> [currency]`: reprices a
// plan in the sandbox billing engine as one does in Stripe's dashboard (a new price takes over the
// lookup key, the old one is archived, price.created and price.updated are emitted). The running app
// delivers those events (its sandbox clock, every 30 s) and the site shows the new amount; no deploy.
// With PGlite, stop the app first (one process at a time holds its files); with DATABASE_URL it may run.
import { z } from "zod";
import { plans } from "../config/plans";
import { asSandbox, getBillingProvider } from "../lib/billing/provider";
import { getConfig } from "../lib/config";
import { installDatabase } from "../lib/db/client";
import { openDatabase } from "../lib/db/open";

const args = z
  .tuple([
    z.enum(plans.map((plan) => plan.lookupKey) as [string, ...string[]], {
      message: `lookup key: one of ${plans.map((plan) => plan.lookupKey).join(", ")}`,
    }),
    z.coerce.number().int("amount: a whole number of cents (or the currency's smallest unit)").min(0).max(99_999_999),
    z
      .string()
      .regex(/^[a-zA-Z]{3}$/, "currency: a three-letter ISO code, e.g. usd")
      .transform((code) => code.toLowerCase())
      .default("usd"),
  ])
  .safeParse(process.argv.slice(2));
if (!args.success) {
  console.error(`billing:sandbox-price: ${args.error.issues.map((issue) => issue.message).join("; ")}`);
  console.error("usage: npm run billing:sandbox-price -- <lookup key> <amount in cents> [currency]");
  process.exit(2);
}
const config = getConfig();
if (config.billing.kind !== "sandbox") {
  console.error(
    "billing:sandbox-price: Stripe is configured; reprice in Stripe's dashboard (transfer the lookup key).",
  );
  process.exit(2);
}
const [lookupKey, unitAmount, currency] = args.data;
const database = await openDatabase(config.database);
installDatabase(database);
try {
  const sandbox = asSandbox(await getBillingProvider())!;
  const price = await sandbox.repricePlan(lookupKey, { unitAmount, currency });
  console.log(`billing:sandbox-price: ${lookupKey} is now ${price.id}, ${unitAmount} ${currency}.`);
} catch (error) {
  console.error(`billing:sandbox-price failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
