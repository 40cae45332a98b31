import { isBillingError } from "../errors";
import type { BillingEvent, BillingProvider } from "../port";
import { applyEvent, type ApplyResult } from "./apply-event";
import { logError } from "../../log";

/** What verifies a delivery: the Stripe adapter's parseWebhook (signature on the raw body, ±5 minutes). */
export type WebhookVerifier = {
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | null | undefined): BillingEvent;
};

export type WebhookAnswer =
  | { status: 200; body: { received: true; result: ApplyResult } }
  | { status: 400; body: { error: string } }
  | { status: 500; body: { error: string } };

/**
 * The whole of POST /api/webhooks/stripe, for a thin route: verify, then apply. A bad signature
 * is a 400; a failure to apply is a 500 so Stripe retries (the event was not recorded, so the retry
 * applies it); 200 only once the effect is stored (or was already).
 */
export async function receiveWebhook(
  verifier: WebhookVerifier,
  provider: BillingProvider,
  rawBody: string | Buffer,
  signatureHeader: string | null | undefined,
  log: (message: string, error: unknown) => void = logError,
): Promise<WebhookAnswer> {
  let event: BillingEvent;
  try {
    event = verifier.parseWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (isBillingError(error) && error.status === 400) return { status: 400, body: { error: error.message } };
    throw error;
  }
  try {
    return { status: 200, body: { received: true, result: await applyEvent(event, provider) } };
  } catch (error) {
    log(`Stripe webhook ${event.id} (${event.type}) was not applied`, error);
    return { status: 500, body: { error: "The event could not be applied; it will be retried." } };
  }
}
