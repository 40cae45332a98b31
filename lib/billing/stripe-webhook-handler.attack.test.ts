import { describe, expect, it } from "vitest";
import type { BillingProvider } from "@/lib/billing/port";
import { streamingPost } from "@/lib/request/testing";
import { handleStripeWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "@/lib/billing/stripe-webhook-handler";

/**
 * Attack: an outsider posts a huge body to the public webhook endpoint (no signature needed to be
 * read), to make the app hold it in memory: one declared as huge, and one streamed without a length.
 */
const url = "http://localhost:3000/api/webhooks/stripe";
const MiB = 1024 * 1024;

function stripeProvider() {
  const received: Buffer[] = [];
  const provider = {
    parseWebhook(raw: Buffer) {
      received.push(raw);
      throw Object.assign(new Error("No signatures found matching the expected signature for payload"), {
        status: 400,
        code: "invalid_signature",
      });
    },
  };
  return { provider: provider as unknown as BillingProvider, received };
}

describe("POST /api/webhooks/stripe body limit", () => {
  it("refuses a declared Content-Length over the limit with 413 before reading a byte", async () => {
    const { provider, received } = stripeProvider();
    const { request, pulled } = streamingPost(url, {
      chunkBytes: MiB,
      chunks: 50,
      headers: { "content-length": String(50 * MiB), "stripe-signature": "t=1,v1=x" },
    });
    const response = await handleStripeWebhook(request, provider);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: `The body is larger than ${STRIPE_WEBHOOK_MAX_BYTES} bytes.` });
    expect(pulled()).toBeLessThanOrEqual(MiB);
    expect(received).toHaveLength(0);
  });

  it("stops reading a body streamed without a length as soon as it passes the limit", async () => {
    const { provider, received } = stripeProvider();
    const { request, pulled } = streamingPost(url, {
      chunkBytes: 64 * 1024,
      chunks: 800,
      headers: { "stripe-signature": "t=1,v1=x" },
    });
    const response = await handleStripeWebhook(request, provider);
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(STRIPE_WEBHOOK_MAX_BYTES + 64 * 1024);
    expect(received).toHaveLength(0);
  });

  it("hands a body within the limit, whole, to the signature check", async () => {
    const { provider, received } = stripeProvider();
    const { request } = streamingPost(url, {
      chunkBytes: 1000,
      chunks: 3,
      headers: { "stripe-signature": "t=1,v1=x" },
    });
    await handleStripeWebhook(request, provider).catch(() => undefined);
    expect(received.map((raw) => raw.length)).toEqual([3000]);
  });
});
