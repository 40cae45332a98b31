import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/format/money";
import fixtures from "./__fixtures__/stripe-objects.json";
import { planOffers } from "./plan-offers";
import { toPrice } from "./stripe/map-stripe";

/** Stripe's own example price, with its example product expanded, as prices.list(expand data.product) returns it. */
function stripePrice(changes: Partial<Stripe.Price> & { recurringInterval?: "month" | "year" }): Stripe.Price {
  const { recurringInterval, ...rest } = changes;
  const price = structuredClone(fixtures.price) as unknown as Stripe.Price;
  return {
    ...price,
    product: structuredClone(fixtures.product) as unknown as Stripe.Product,
    recurring: { ...price.recurring!, interval: recurringInterval ?? price.recurring!.interval },
    ...rest,
  };
}

const offer = (offers: ReturnType<typeof planOffers>, lookupKey: string) =>
  offers.offers.find((candidate) => candidate.lookupKey === lookupKey)!;

describe("the plans with the provider's prices", () => {
  it("shows the amount and currency Stripe has under a plan's lookup key, and the plan's own name and features", () => {
    const prices = [
      stripePrice({ id: "price_fm", lookup_key: "happr_family_monthly", unit_amount: 1299, currency: "eur" }),
      stripePrice({ id: "price_iy", lookup_key: "happr_individual_yearly", recurringInterval: "year" }),
    ].map(toPrice);
    const offers = planOffers(prices);
    expect(offers.pricesKnown).toBe(true);
    expect(offer(offers, "happr_family_monthly")).toMatchObject({
      tier: "family",
      interval: "month",
      name: "Happr Family",
      price: { priceId: "price_fm", unitAmount: 1299, currency: "eur" },
    });
    expect(offer(offers, "happr_family_monthly").includes).toContain("My Safe Circle with invitations for your family");
    // Stripe's example amount (2000 usd), as Stripe has it: nothing in the catalogue overrides it.
    expect(offer(offers, "happr_individual_yearly").price).toEqual({
      priceId: "price_iy",
      unitAmount: 2000,
      currency: "usd",
    });
    expect(formatMoney(offer(offers, "happr_family_monthly").price!.unitAmount, "eur")).toBe("€12.99");
  });

  it("leaves a plan without a price at the provider not available instead of inventing an amount", () => {
    const offers = planOffers(
      [
        stripePrice({ id: "price_fm", lookup_key: "happr_family_monthly" }),
        // Stripe's example price as it comes (no lookup key) belongs to no plan.
        stripePrice({}),
      ].map(toPrice),
    );
    expect(
      offers.offers.filter((candidate) => candidate.price === null).map((candidate) => candidate.lookupKey),
    ).toEqual(["happr_individual_monthly", "happr_individual_yearly", "happr_family_yearly"]);
  });

  it("ignores an archived price and one billing at another interval than its lookup key says", () => {
    const offers = planOffers(
      [
        stripePrice({ id: "price_old", lookup_key: "happr_family_monthly", active: false }),
        stripePrice({ id: "price_wrong", lookup_key: "happr_family_yearly", recurringInterval: "month" }),
      ].map(toPrice),
    );
    expect(offer(offers, "happr_family_monthly").price).toBeNull();
    expect(offer(offers, "happr_family_yearly").price).toBeNull();
  });

  it("formats a zero-decimal currency in its own unit (1500 jpy is ¥1,500, not ¥15)", () => {
    const offers = planOffers(
      [stripePrice({ lookup_key: "happr_individual_monthly", unit_amount: 1500, currency: "jpy" })].map(toPrice),
    );
    const price = offer(offers, "happr_individual_monthly").price!;
    expect(formatMoney(price.unitAmount, price.currency)).toBe("¥1,500");
  });

  it("with no prices to go on (provider down, nothing cached), lists every plan without amounts", () => {
    const offers = planOffers(null);
    expect(offers.pricesKnown).toBe(false);
    expect(offers.offers).toHaveLength(4);
    expect(offers.offers.every((candidate) => candidate.price === null)).toBe(true);
  });
});
