import { describe, expect, it } from "vitest";
import { BillingError } from "./errors";
import type { Price } from "./port";
import {
  assertAllowedPrice,
  assertSameOrigin,
  currentSubscription,
  decidePlanChange,
  hasLiveSubscription,
  idempotencyKey,
  pricePerYear,
  queuedSubscription,
  visibleSubscriptions,
  withCheckoutSessionPlaceholder,
  type MirroredSubscription,
} from "./rules";

const sub = (
  id: string,
  status: string,
  created: number,
  extra: Partial<MirroredSubscription> = {},
): MirroredSubscription => ({
  subscriptionId: id,
  status,
  subItemId: `si_${id}`,
  priceId: "price_happr_individual_monthly",
  currentPeriodStart: 0,
  currentPeriodEnd: 100,
  cancelAt: null,
  cancelAtPeriodEnd: false,
  created,
  ...extra,
});
const price = (lookupKey: string, unitAmount: number, interval: "month" | "year", active = true): Price => ({
  id: `price_${lookupKey}`,
  active,
  currency: "usd",
  unitAmount,
  interval,
  lookupKey,
  productId: "prod_x",
  productName: "X",
  productDescription: null,
});
const im = price("happr_individual_monthly", 499, "month");
const iy = price("happr_individual_yearly", 4999, "year");
const fm = price("happr_family_monthly", 999, "month");
const fy = price("happr_family_yearly", 9999, "year");

const expectBillingError = (fn: () => unknown, status: number, message?: RegExp) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BillingError);
    expect((error as BillingError).status).toBe(status);
    if (message) expect((error as BillingError).message).toMatch(message);
    return;
  }
  throw new Error("expected a BillingError");
};

describe("which subscription is current and which is in queue", () => {
  const list = [
    sub("old", "canceled", 1),
    sub("cur", "active", 2),
    sub("q", "trialing", 3),
    sub("inc", "incomplete_expired", 4),
  ];

  it("current is active or past_due; in queue is trialing", () => {
    expect(currentSubscription(list)?.subscriptionId).toBe("cur");
    expect(queuedSubscription(list)?.subscriptionId).toBe("q");
    expect(currentSubscription([sub("pd", "past_due", 1)])?.subscriptionId).toBe("pd");
    expect(currentSubscription([sub("t", "trialing", 1)])).toBeUndefined();
  });

  it("lists the current one first, then the queued one, and hides ended ones", () => {
    expect(visibleSubscriptions(list).map((s) => s.subscriptionId)).toEqual(["cur", "q"]);
  });

  it("a live subscription blocks a new checkout; ended ones do not", () => {
    expect(hasLiveSubscription(list)).toBe(true);
    expect(hasLiveSubscription([sub("q", "trialing", 1)])).toBe(true);
    expect(hasLiveSubscription([sub("a", "canceled", 1), sub("b", "incomplete_expired", 2)])).toBe(false);
    expect(hasLiveSubscription([])).toBe(false);
  });
});

describe("decidePlanChange", () => {
  const current = sub("cur", "active", 1, { priceId: im.id, subItemId: "si_cur" });

  it("an upgrade is a higher price per year, a downgrade a lower one", () => {
    expect(pricePerYear(im)).toBe(5988);
    expect(pricePerYear(iy)).toBe(4999);
    expect(
      decidePlanChange({
        subscription: current,
        subItemId: "si_cur",
        currentPrice: im,
        newPrice: fm,
        queued: undefined,
      }),
    ).toBe("upgrade");
    expect(
      decidePlanChange({
        subscription: current,
        subItemId: "si_cur",
        currentPrice: im,
        newPrice: fy,
        queued: undefined,
      }),
    ).toBe("upgrade");
    // yearly individual costs less per year than monthly individual
    expect(
      decidePlanChange({
        subscription: current,
        subItemId: "si_cur",
        currentPrice: im,
        newPrice: iy,
        queued: undefined,
      }),
    ).toBe("downgrade");
    const family = { ...current, priceId: fy.id };
    expect(
      decidePlanChange({
        subscription: family,
        subItemId: "si_cur",
        currentPrice: fy,
        newPrice: fm,
        queued: undefined,
      }),
    ).toBe("upgrade");
    expect(
      decidePlanChange({
        subscription: family,
        subItemId: "si_cur",
        currentPrice: fy,
        newPrice: im,
        queued: undefined,
      }),
    ).toBe("downgrade");
  });

  it("the same price again is a 409", () => {
    expectBillingError(
      () =>
        decidePlanChange({
          subscription: current,
          subItemId: "si_cur",
          currentPrice: im,
          newPrice: im,
          queued: undefined,
        }),
      409,
      /already on this plan/,
    );
  });

  it("a subItemId not of that subscription is a 404", () => {
    expectBillingError(
      () =>
        decidePlanChange({
          subscription: current,
          subItemId: "si_other",
          currentPrice: im,
          newPrice: fm,
          queued: undefined,
        }),
      404,
    );
  });

  it("refuses a subscription that is not current, or one with a change already queued (409)", () => {
    expectBillingError(
      () =>
        decidePlanChange({
          subscription: { ...current, status: "trialing" },
          subItemId: "si_cur",
          currentPrice: im,
          newPrice: fm,
          queued: undefined,
        }),
      409,
    );
    expectBillingError(
      () =>
        decidePlanChange({
          subscription: current,
          subItemId: "si_cur",
          currentPrice: im,
          newPrice: fm,
          queued: sub("q", "trialing", 2),
        }),
      409,
    );
  });
});

describe("assertAllowedPrice", () => {
  it("accepts only the catalogue's active prices", () => {
    expect(assertAllowedPrice(fm)).toBe(fm);
    expectBillingError(() => assertAllowedPrice(price("someone_elses_price", 1, "month")), 404);
    expectBillingError(() => assertAllowedPrice({ ...fm, lookupKey: null }), 404);
    expectBillingError(() => assertAllowedPrice({ ...fm, active: false }), 404);
    expect(assertAllowedPrice({ ...fm, active: false }, { requireActive: false }).id).toBe(fm.id);
  });
});

describe("assertSameOrigin", () => {
  const site = "https://happr.app";
  it("accepts URLs on the site's origin only", () => {
    expect(assertSameOrigin("successUrl", "https://happr.app/my-account?x=1", site).pathname).toBe("/my-account");
    expectBillingError(
      () => assertSameOrigin("successUrl", "https://evil.example/", site),
      400,
      /successUrl must be on https:\/\/happr.app/,
    );
    expectBillingError(() => assertSameOrigin("cancelUrl", "http://happr.app/", site), 400, /cancelUrl/);
    expectBillingError(() => assertSameOrigin("cancelUrl", "https://happr.app.evil.example/", site), 400);
    expectBillingError(
      () => assertSameOrigin("successUrl", "/relative", site),
      400,
      /successUrl must be an absolute URL/,
    );
    expectBillingError(() => assertSameOrigin("successUrl", "javascript:alert(1)", site), 400);
  });
});

describe("withCheckoutSessionPlaceholder", () => {
  it("appends session_id={CHECKOUT_SESSION_ID} unless the URL already has the placeholder", () => {
    expect(withCheckoutSessionPlaceholder("https://happr.app/done")).toBe(
      "https://happr.app/done?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(withCheckoutSessionPlaceholder("https://happr.app/done?plan=1")).toBe(
      "https://happr.app/done?plan=1&session_id={CHECKOUT_SESSION_ID}",
    );
    expect(withCheckoutSessionPlaceholder("https://happr.app/done?plan=1#top")).toBe(
      "https://happr.app/done?plan=1&session_id={CHECKOUT_SESSION_ID}#top",
    );
    expect(withCheckoutSessionPlaceholder("https://happr.app/done?s={CHECKOUT_SESSION_ID}")).toBe(
      "https://happr.app/done?s={CHECKOUT_SESSION_ID}",
    );
  });
});

describe("idempotencyKey", () => {
  it("is the same for the same intent and differs for another member, operation, argument or state", () => {
    const key = idempotencyKey("m1", "subscription.cancel", { subscriptionId: "sub_1", state: "active" });
    expect(idempotencyKey("m1", "subscription.cancel", { state: "active", subscriptionId: "sub_1" })).toBe(key);
    expect(idempotencyKey("m2", "subscription.cancel", { subscriptionId: "sub_1", state: "active" })).not.toBe(key);
    expect(idempotencyKey("m1", "subscription.cancel_now", { subscriptionId: "sub_1", state: "active" })).not.toBe(key);
    expect(idempotencyKey("m1", "subscription.cancel", { subscriptionId: "sub_2", state: "active" })).not.toBe(key);
    expect(idempotencyKey("m1", "subscription.cancel", { subscriptionId: "sub_1", state: "past_due" })).not.toBe(key);
    expect(key).toMatch(/^happr-subscription\.cancel-[0-9a-f]{40}$/);
    expect(key.length).toBeLessThanOrEqual(255);
  });
});
