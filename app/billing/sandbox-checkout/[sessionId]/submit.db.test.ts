import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freezeClockAt } from "@/lib/billing/sandbox/clock";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { readExpiry } from "@/lib/billing/sandbox/cards";
import { submitSandboxCheckout } from "./submit";

const SITE = "http://localhost:3000";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let provider: SandboxBillingProvider;
let billing: BillingService;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  billing = createBillingService(provider, { siteUrl: SITE });
  await freezeClockAt(await getDb(), Date.UTC(2026, 3, 1) / 1000);
}, 120_000);
afterAll(() => database.close());

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
    const { checkoutSessionId } = await billing.createCheckoutSession(member, { priceId: sandboxPriceId("happr_family_yearly"), successUrl: `${SITE}/my-account`, cancelUrl: `${SITE}/pricing` });
    const typed = { expiry: "12 / 30", cvc: "123", name: "Fran Smith", postalCode: "SW1A 1AA" };

    const declined = await submitSandboxCheckout(provider, checkoutSessionId, form({ ...typed, number: "4000 0000 0000 0002" }));
    expect(declined).toEqual({ state: { status: "declined", message: "Your card was declined.", values: typed, attempt: 1 } });
    const poor = await submitSandboxCheckout(provider, checkoutSessionId, form({ ...typed, number: "4000000000009995" }), 2);
    expect(poor).toMatchObject({ state: { status: "declined", message: "Your card has insufficient funds.", attempt: 2 } });
    expect(JSON.stringify(poor)).not.toContain("9995");
    const bad = await submitSandboxCheckout(provider, checkoutSessionId, form({ ...typed, cvc: "1", number: "4242424242424242" }));
    expect(bad).toMatchObject({ state: { status: "invalid", message: "CVC must be 3 or 4 digits" } });

    const done = await submitSandboxCheckout(provider, checkoutSessionId, form({ ...typed, number: "4242 4242 4242 4242" }));
    expect(done).toEqual({ redirectUrl: `${SITE}/my-account?session_id=${checkoutSessionId}` });
    expect((await billing.validateSession(member, checkoutSessionId)).valid).toBe(true);
  });
});
