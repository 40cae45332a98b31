import type { BillingProvider } from "@/lib/billing/port";
import { receiveWebhook, type WebhookVerifier } from "@/lib/billing/webhooks/receive-webhook";
import { payloadTooLarge, readLimitedBody } from "@/lib/request/limited-body";

/**
 * Stripe's largest events (an invoice with its first lines, a subscription with its items) are tens
 * of kilobytes; 1 MiB leaves room for that many times over and refuses anything else with 413.
 */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

const canVerify = (provider: BillingProvider): provider is BillingProvider & WebhookVerifier =>
  typeof (provider as Partial<WebhookVerifier>).parseWebhook === "function";

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw bytes, so the body is read as bytes
 * (at most STRIPE_WEBHOOK_MAX_BYTES of them) and never parsed first. The sandbox has no webhooks: 404.
 */
export async function handleStripeWebhook(request: Request, provider: BillingProvider): Promise<Response> {
  if (!canVerify(provider)) return Response.json({ error: "Not found" }, { status: 404 });
  const body = await readLimitedBody(request, STRIPE_WEBHOOK_MAX_BYTES);
  if (!body.ok) return payloadTooLarge(STRIPE_WEBHOOK_MAX_BYTES);
  const answer = await receiveWebhook(provider, provider, body.bytes, request.headers.get("stripe-signature"));
  return Response.json(answer.body, { status: answer.status });
}
