import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { useTestDatabase } from "@/lib/db/testing";
import { BillingError } from "./errors";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "./service";

const SITE = "http://localhost:3000";
const member = { memberId: "member-fuzz", email: "fuzz@example.com", name: "Fuzz" };
useTestDatabase();
let billing: BillingService;
let ids: { subscriptionId: string; subItemId: string };

beforeAll(async () => {
  const provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  await provider.freezeClock(Date.UTC(2026, 5, 1) / 1000);
  billing = createBillingService(provider, { siteUrl: SITE });
  const { checkoutSessionId } = await billing.createCheckoutSession(member, {
    priceId: sandboxPriceId("happr_family_yearly"),
    successUrl: `${SITE}/ok`,
    cancelUrl: `${SITE}/no`,
  });
  await provider.completeSandboxCheckout(checkoutSessionId, {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2030,
    cvc: "123",
    name: "F",
  });
  await billing.validateSession(member, checkoutSessionId);
  const [subscription] = await billing.getMySubscriptions(member.memberId);
  ids = { subscriptionId: subscription!.subscriptionId, subItemId: subscription!.subItemId };
}, 120_000);

/** Strings a client might send: garbage, near-misses of real ids, the real ids, huge ones. */
const arg = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.constantFrom(
      "price_",
      "sub_",
      "si_",
      "pm_",
      "tok_",
      "cs_test_",
      "price_happr_family_monthly",
      "pm_card_visa",
      "pm_card_chargeDeclined",
      "tok_visa",
    ),
    fc.stringMatching(/^(price|sub|si|pm|tok|cs_test)_[A-Za-z0-9_]{1,30}$/),
    fc.constant("x".repeat(5000)),
    fc.constant(ids?.subscriptionId ?? "sub_x"),
    fc.constant(ids?.subItemId ?? "si_x"),
    fc.constantFrom(`${SITE}/ok`, "https://evil.example/", "javascript:alert(1)", "//evil.example", ""),
  );

it("random arguments to every operation answer with data or a 4xx BillingError, never anything else", async () => {
  const operations: ((a: string, b: string, c: string) => Promise<unknown>)[] = [
    (a) => billing.getPriceDetails(a),
    (a, b, c) => billing.createCheckoutSession(member, { priceId: a, successUrl: b, cancelUrl: c }),
    (a) => billing.validateSession(member, a),
    (a) => billing.cancelSubscription(member, a),
    (a) => billing.cancelSubscriptionImmediately(member, a),
    (a, b, c) => billing.changeSubscriptionPlan(member, { subscriptionId: a, newPriceId: b, subItemId: c }),
    (a, b) => billing.previewProration(member, { subscriptionId: a, priceId: b }),
    (a) => billing.addPaymentMethod(member, a),
    (a) => billing.setDefaultPaymentMethod(member, a),
  ];
  await fc.assert(
    fc.asyncProperty(fc.nat(operations.length - 1), arg(), arg(), arg(), async (index, a, b, c) => {
      const outcome = await operations[index]!(a, b, c).then(
        () => "ok",
        (error: unknown) => error,
      );
      if (outcome === "ok") return;
      expect(outcome).toBeInstanceOf(BillingError);
      expect([400, 404, 409, 422]).toContain((outcome as BillingError).status);
    }),
    { numRuns: 150 },
  );
}, 120_000);
