import { afterAll, beforeAll, expect, it } from "vitest";
import { plans } from "@/config/plans";
import { FakeStripeApi } from "./fake-stripe-api";
import { setupStripeCatalogue } from "./setup-catalogue";

const fake = new FakeStripeApi({ empty: true });
let address: Awaited<ReturnType<FakeStripeApi["start"]>>;
beforeAll(async () => {
  address = await fake.start();
});
afterAll(() => fake.stop());

it("creates the two products and four prices once, with idempotency keys, and nothing on a re-run", async () => {
  const options = { secretKey: "sk_test_fake", ...address, maxNetworkRetries: 0 };
  const first = await setupStripeCatalogue(options);
  expect(first.created.sort()).toEqual(plans.map((plan) => plan.lookupKey).sort());
  expect(fake.requestsTo("POST", "/v1/products").map((r) => [r.params.id, r.idempotencyKey])).toEqual([
    ["happr_individual", "happr-setup-product-happr_individual"],
    ["happr_family", "happr-setup-product-happr_family"],
  ]);
  const prices = fake.requestsTo("POST", "/v1/prices");
  expect(prices).toHaveLength(4);
  expect(prices[0]).toMatchObject({
    params: {
      product: "happr_individual",
      currency: "usd",
      unit_amount: "499",
      "recurring[interval]": "month",
      lookup_key: "happr_individual_monthly",
    },
    idempotencyKey: "happr-setup-price-happr_individual_monthly-499",
  });

  const second = await setupStripeCatalogue(options);
  expect(second).toEqual({ created: [], existing: plans.map((plan) => plan.lookupKey) });
  expect(fake.requestsTo("POST", "/v1/prices")).toHaveLength(4);
});
