import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { IncrementalCache } from "next/dist/server/lib/incremental-cache";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import fixtures from "./__fixtures__/stripe-objects.json";
import { createBillingService } from "./service";
import { FakeStripeApi } from "./stripe/fake-stripe-api";
import { signTestWebhook } from "./stripe/sign-test-webhook";
import { StripeBillingProvider } from "./stripe/stripe-provider";
import { receiveWebhook } from "./webhooks/receive-webhook";

// The cached catalogue through Next's own data cache (an IncrementalCache, as `next start` keeps one
// in globalThis.__incrementalCache), with the Stripe adapter against a fake Stripe API on loopback.
vi.hoisted(async () => {
  // What Next's server sets up before loading its modules (node-environment).
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage = (
    await import("node:async_hooks")
  ).AsyncLocalStorage;
});
const SECRET = "whsec_catalogue_test";
const fake = new FakeStripeApi();
const state = vi.hoisted(() => ({ provider: undefined as unknown }));
vi.mock("./provider", () => ({
  getBillingService: async () =>
    createBillingService(state.provider as StripeBillingProvider, { siteUrl: "http://localhost:3000" }),
}));
const { getCataloguePlans, getPlanOffers } = await import("./catalogue");

useTestDatabase();
let provider: StripeBillingProvider;

beforeAll(async () => {
  provider = new StripeBillingProvider({
    secretKey: "sk_test_fake",
    webhookSecret: SECRET,
    ...(await fake.start()),
    maxNetworkRetries: 0,
  });
  state.provider = provider;
  (globalThis as { __incrementalCache?: unknown }).__incrementalCache = new IncrementalCache({
    fs: nodeFs,
    dev: false,
    flushToDisk: false,
    serverDistDir: mkdtempSync(path.join(tmpdir(), "happr-next-cache-")),
    requestHeaders: {},
    maxMemoryCacheSize: 10 * 1024 * 1024,
    minimalMode: false,
    previewProps: { previewModeId: "test", previewModeSigningKey: "test", previewModeEncryptionKey: "test" },
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} } as never,
    fetchCacheKeyPrefix: "",
    allowedRevalidateHeaderKeys: [],
  } as never);
}, 120_000);
afterAll(async () => {
  delete (globalThis as { __incrementalCache?: unknown }).__incrementalCache;
  await fake.stop();
});

const priceReads = () => fake.requestsTo("GET", "/v1/prices").length;
const familyMonthly = async () =>
  (await getPlanOffers()).offers.find((offer) => offer.lookupKey === "happr_family_monthly")!.price;

function delivery(id: string, type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({ ...fixtures.event, id, type, data: { object } });
  return { body, signature: signTestWebhook(body, SECRET) };
}

describe("the cached catalogue", () => {
  it("reads Stripe once, then serves the cached amounts; price.updated makes the next read show the new amount", async () => {
    expect(await familyMonthly()).toMatchObject({ unitAmount: 999, currency: "usd" });
    const reads = priceReads();
    expect(await familyMonthly()).toMatchObject({ unitAmount: 999 });
    expect((await getCataloguePlans()).map((price) => price.unitAmount)).toEqual([499, 999, 4999, 9999]);
    expect(priceReads()).toBe(reads);

    // Repriced in Stripe: until the webhook arrives, the cached amount stays.
    const { old, created } = fake.reprice("happr_family_monthly", 1299, "eur");
    expect(await familyMonthly()).toMatchObject({ unitAmount: 999 });

    const { body, signature } = delivery("evt_price_updated_1", "price.updated", { ...fixtures.price, id: old.id });
    expect(await receiveWebhook(provider, provider, body, signature, () => {})).toEqual({
      status: 200,
      body: { received: true, result: "applied" },
    });
    expect(await familyMonthly()).toEqual({ priceId: created.id, unitAmount: 1299, currency: "eur" });
    expect(priceReads()).toBe(reads + 1);
    // Applied once: a redelivery of the same event is a duplicate and expires nothing more.
    expect(await receiveWebhook(provider, provider, body, signature, () => {})).toMatchObject({
      body: { result: "duplicate" },
    });
    await familyMonthly();
    expect(priceReads()).toBe(reads + 1);
  });

  it("a product.updated event expires the prices too (the plan's name and description come from the product)", async () => {
    const reads = priceReads();
    await familyMonthly();
    expect(priceReads()).toBe(reads);
    const { body, signature } = delivery("evt_product_updated_1", "product.updated", { ...fixtures.product });
    expect(await receiveWebhook(provider, provider, body, signature, () => {})).toMatchObject({
      body: { result: "applied" },
    });
    await familyMonthly();
    expect(priceReads()).toBe(reads + 1);
  });

  it("with Stripe down and the prices expired, /planform's read answers the plans without amounts instead of failing", async () => {
    const { body, signature } = delivery("evt_price_updated_2", "price.updated", { ...fixtures.price });
    await receiveWebhook(provider, provider, body, signature, () => {});
    fake.failWith = 500;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const offers = await getPlanOffers();
      expect(offers.pricesKnown).toBe(false);
      expect(offers.offers.every((offer) => offer.price === null)).toBe(true);
    } finally {
      fake.failWith = null;
      logged.mockRestore();
    }
    expect(await familyMonthly()).toMatchObject({ unitAmount: 1299 });
  });
});
