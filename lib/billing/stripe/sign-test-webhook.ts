import Stripe from "stripe";

/**
 * Signs a webhook payload as Stripe does (stripe.webhooks.generateTestHeaderString), for tests
 * that deliver events to the app without Stripe. Lives here so only this folder imports `stripe`.
 */
export function signTestWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
