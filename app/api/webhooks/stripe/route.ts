import { getBillingProvider } from "@/lib/billing/provider";
import { handleStripeWebhook } from "@/lib/billing/stripe-webhook-handler";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return handleStripeWebhook(request, await getBillingProvider());
}
