import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { getBillingProvider, uncounted } from "@/lib/billing/provider";
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * For load balancers: 200 while this instance can serve (its database answers), else 503; the body
 * gives each dependency's state (database, message backlog, identity keys, billing), never a secret.
 */
export async function GET() {
  const health = await checkHealth({
    config: getConfig(),
    db: getDb,
    billing: async () => uncounted(await getBillingProvider()),
  });
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
