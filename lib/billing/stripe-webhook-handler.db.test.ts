import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fixtures from "@/lib/billing/__fixtures__/stripe-objects.json";
import { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { FakeStripeApi } from "@/lib/billing/stripe/fake-stripe-api";
import { signTestWebhook } from "@/lib/billing/stripe/sign-test-webhook";
import { StripeBillingProvider } from "@/lib/billing/stripe/stripe-provider";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import { handleStripeWebhook } from "@/lib/billing/stripe-webhook-handler";

const SECRET = "whsec_route_test";
const fake = new FakeStripeApi();
useTestDatabase();
let stripe: StripeBillingProvider;

beforeAll(async () => {
  stripe = new StripeBillingProvider({
    secretKey: "sk_test_fake",
    webhookSecret: SECRET,
    ...(await fake.start()),
    maxNetworkRetries: 0,
  });
}, 120_000);
afterAll(async () => {
  await fake.stop();
});

const post = (body: string, signature?: string) =>
  new Request("http://localhost/api/webhooks/stripe", {
    method: "POST",
    body,
    headers: signature ? { "stripe-signature": signature, "content-type": "application/json" } : {},
  });

describe("POST /api/webhooks/stripe", () => {
  it("is 404 when billing is the sandbox (it has no webhooks)", async () => {
    const sandbox = new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" });
    expect((await handleStripeWebhook(post("{}", "t=1,v1=x"), sandbox)).status).toBe(404);
  });

  it("verifies the signature on the raw bytes and records the event", async () => {
    // Non-ASCII and odd spacing: re-serialising the JSON would break the signature.
    const body = JSON.stringify(
      {
        ...fixtures.event,
        id: "evt_route_1",
        type: "product.created",
        data: { object: { id: "prod_1", name: "Famílias  ✓" } },
      },
      null,
      1,
    );
    const response = await handleStripeWebhook(post(body, signTestWebhook(body, SECRET)), stripe);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true });
    const db = await getDb();
    expect(
      await db.select().from(t.billingProcessedEvents).where(eq(t.billingProcessedEvents.eventId, "evt_route_1")),
    ).toHaveLength(1);
  });

  it("answers 400 for a tampered body or a missing signature", async () => {
    const body = JSON.stringify({
      ...fixtures.event,
      id: "evt_route_2",
      type: "product.created",
      data: { object: { id: "prod_2" } },
    });
    const signature = signTestWebhook(body, SECRET);
    expect((await handleStripeWebhook(post(body.replace("prod_2", "prod_3"), signature), stripe)).status).toBe(400);
    expect((await handleStripeWebhook(post(body), stripe)).status).toBe(400);
    const db = await getDb();
    expect(
      await db.select().from(t.billingProcessedEvents).where(eq(t.billingProcessedEvents.eventId, "evt_route_2")),
    ).toHaveLength(0);
  });
});
