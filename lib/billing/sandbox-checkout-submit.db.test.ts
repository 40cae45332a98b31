import { describe, expect, it } from "vitest";
import { useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { readExpiry } from "@/lib/billing/sandbox/cards";
import { submitSandboxCheckout } from "@/lib/billing/sandbox-checkout-submit";

const SITE = "http://localhost:3000";
let provider: SandboxBillingProvider;
let billing: BillingService;

useSandboxBilling((fixture) => ({ provider, billing } = fixture));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the sandbox hosted checkout form", () => {
  it("reads the expiry as typed", () => {
    expect(readExpiry("12 / 30")).toEqual({ expMonth: 12, expYear: 2030 });
    expect(readExpiry("1/2031")).toEqual({ expMonth: 1, expYear: 2031 });
    expect(readExpiry("0430")).toEqual({ expMonth: 4, expYear: 2030 });
    expect(readExpiry("soon")).toBeUndefined();
  });

  it("shows a decline, keeps the typed values except the card number, then succeeds and redirects", async () => {
    const member = { memberId: "member-f", email: "f@example.com", name: "F" };
    const { checkoutSessionId } = await billing.createCheckoutSession(member, {
      priceId: sandboxPriceId("happr_family_yearly"),
      successUrl: `${SITE}/my-account`,
      cancelUrl: `${SITE}/pricing`,
    });
    const typed = { expiry: "12 / 30", cvc: "123", name: "Fran Smith", postalCode: "SW1A 1AA" };

    const declined = await submitSandboxCheckout(
      provider,
      checkoutSessionId,
      form({ ...typed, number: "4000 0000 0000 0002" }),
    );
    expect(declined).toEqual({
      state: { status: "declined", message: "Your card was declined.", fieldErrors: {}, values: typed, attempt: 1 },
    });
    const poor = await submitSandboxCheckout(
      provider,
      checkoutSessionId,
      form({ ...typed, number: "4000000000009995" }),
      2,
    );
    expect(poor).toMatchObject({
      state: { status: "declined", message: "Your card has insufficient funds.", attempt: 2 },
    });
    expect(JSON.stringify(poor)).not.toContain("9995");
    const bad = await submitSandboxCheckout(
      provider,
      checkoutSessionId,
      form({ ...typed, cvc: "1", number: "4242424242424242" }),
    );
    expect(bad).toMatchObject({ state: { status: "invalid", message: "CVC must be 3 or 4 digits" } });

    const done = await submitSandboxCheckout(
      provider,
      checkoutSessionId,
      form({ ...typed, number: "4242 4242 4242 4242" }),
    );
    expect(done).toEqual({ redirectUrl: `${SITE}/my-account?session_id=${checkoutSessionId}` });
    expect((await billing.validateSession(member, checkoutSessionId)).valid).toBe(true);
  });
});
