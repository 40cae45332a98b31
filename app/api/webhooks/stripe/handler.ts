import type { BillingProvider } from "@/lib/billing/port";
import { receiveWebhook, type WebhookVerifier } from "@/lib/billing/webhooks/receive-webhook";

const canVerify = (provider: BillingProvider): provider is BillingProvider & WebhookVerifier =>
  typeof (provider as Partial<WebhookVerifier>).parseWebhook === "function";

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw bytes, so the body is read as bytes
 * and never parsed first. The sandbox has no webhooks: 404.
 */
export async function handleStripeWebhook(request: Request, provider: BillingProvider): Promise<Response> {
  if (!canVerify(provider)) return Response.json({ error: "Not found" }, { status: 404 });
  const raw = Buffer.from(await request.arrayBuffer());
  const answer = await receiveWebhook(provider, provider, raw, request.headers.get("stripe-signature"));
  return Response.json(answer.body, { status: answer.status });
}
