import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans } from "@/config/plans";
import { FakeStripeApi } from "./fake-stripe-api";
import { StripeBillingProvider } from "./stripe-provider";

// The prices read through the real SDK against a fake Stripe API on loopback (its own: it reprices).
const fake = new FakeStripeApi();
let provider: StripeBillingProvider;
const lookupKeys = plans.map((plan) => plan.lookupKey);

beforeAll(async () => {
  provider = new StripeBillingProvider({
    secretKey: "sk_test_fake",
    webhookSecret: "whsec_unused",
    ...(await fake.start()),
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.stop());

describe("Stripe adapter: the prices for the plans' lookup keys", () => {
  it("answers the amounts, currencies and products Stripe has, asked in one request", async () => {
    const before = fake.requestsTo("GET", "/v1/prices").length;
    const prices = await provider.listActivePrices(lookupKeys);
    expect(fake.requestsTo("GET", "/v1/prices")).toHaveLength(before + 1);
    expect(prices.find((price) => price.lookupKey === "happr_family_yearly")).toMatchObject({
      active: true,
      unitAmount: 9999,
      currency: "usd",
      interval: "year",
      productName: "Happr Family",
    });
  });

  it("after a repricing in Stripe, answers the new price under the lookup key and not the archived one", async () => {
    const { old, created } = fake.reprice("happr_individual_monthly", 550, "gbp");
    const prices = await provider.listActivePrices(lookupKeys);
    const individual = prices.filter((price) => price.lookupKey === "happr_individual_monthly");
    expect(individual).toEqual([
      expect.objectContaining({ id: created.id, unitAmount: 550, currency: "gbp", productName: "Happr Individual" }),
    ]);
    expect(prices.some((price) => price.id === old.id)).toBe(false);
  });

  it("leaves out a price with no fixed amount (customer-chosen): it has no figure to show", async () => {
    const price = [...fake.prices.values()].find((candidate) => candidate.lookup_key === "happr_family_monthly")!;
    const saved = { ...price };
    Object.assign(price, {
      unit_amount: null,
      unit_amount_decimal: null,
      custom_unit_amount: { maximum: null, minimum: 500, preset: null },
    });
    try {
      const prices = await provider.listActivePrices(lookupKeys);
      expect(prices.map((candidate) => candidate.lookupKey)).not.toContain("happr_family_monthly");
      expect(prices).toHaveLength(3);
    } finally {
      Object.assign(price, saved);
    }
  });

  it("answers 502 when Stripe is down", async () => {
    fake.failWith = 500;
    try {
      await expect(provider.listActivePrices(lookupKeys)).rejects.toMatchObject({ status: 502 });
    } finally {
      fake.failWith = null;
    }
  });
});
