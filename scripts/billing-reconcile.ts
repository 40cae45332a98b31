// `npm run billing:reconcile`: re-syncs every customer's mirror from the payment provider (Stripe when
// configured, else the sandbox) and prints what had drifted. Runs with the react-server condition so
// the app's "server-only" modules load outside Next. Exit code 1 when anything drifted.
import { getConfig } from "../lib/config";
import { getBillingProvider } from "../lib/billing/provider";
import { reconcileAll } from "../lib/billing/reconcile";
import { installDatabase } from "../lib/db/client";
import { openDatabase } from "../lib/db/open";

const config = getConfig();
// Opened here (not lazily) so it can be closed: PGlite holds its files until then.
const database = await openDatabase(config.database);
installDatabase(database);
try {
  const report = await reconcileAll(await getBillingProvider());
  console.log(
    `billing:reconcile (${config.billing.kind}): ${report.customers} customers, ${report.drifted.length} drifted, ${report.skipped} skipped (being reconciled elsewhere).`,
  );
  for (const drift of report.drifted) {
    console.log(`- ${drift.customerId} (member ${drift.memberId}):`);
    for (const change of drift.changes) console.log(`    ${change}`);
  }
  process.exitCode = report.drifted.length > 0 ? 1 : 0;
} catch (error) {
  console.error(`billing:reconcile failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
