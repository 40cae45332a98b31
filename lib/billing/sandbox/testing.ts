import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { useTestDatabase } from "../../db/testing";
import { createBillingService, type BillingService } from "../service";
import { freezeClockAt } from "./clock";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox-provider";
import { completeSandboxCheckout } from "./checkout";

export type SandboxBillingFixture = { db: Db; provider: SandboxBillingProvider; billing: BillingService };

/**
 * For a billing test file: the file's database (useTestDatabase) with the sandbox engine's clock
 * frozen at 1 April 2026, the sandbox provider and the billing service over it. `setUp` gets them
 * once they are ready.
 */
export function useSandboxBilling(
  setUp: (fixture: SandboxBillingFixture) => unknown,
  opts: { siteUrl?: string } = {},
): void {
  const siteUrl = opts.siteUrl ?? "http://localhost:3000";
  useTestDatabase([], {
    setUp: async (db) => {
      const provider = new SandboxBillingProvider({ getDb, siteUrl });
      await freezeClockAt(db, Date.UTC(2026, 3, 1) / 1000);
      await setUp({ db, provider, billing: createBillingService(provider, { siteUrl }) });
    },
  });
}

/**
 * Subscribes `member` to a plan through the sandbox's hosted checkout with Stripe's test card, as a
 * member would (Family monthly unless `lookupKey` says otherwise), and confirms the return.
 */
export async function subscribeInSandbox(
  fixture: Pick<SandboxBillingFixture, "provider" | "billing">,
  member: { memberId: string; email: string; name: string | null },
  lookupKey = "happr_family_monthly",
  siteUrl = "http://localhost:3000",
): Promise<void> {
  const { checkoutSessionId } = await fixture.billing.createCheckoutSession(member, {
    priceId: sandboxPriceId(lookupKey),
    successUrl: `${siteUrl}/my-account`,
    cancelUrl: `${siteUrl}/pricing`,
  });
  await completeSandboxCheckout(fixture.provider, checkoutSessionId, {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2030,
    cvc: "123",
    name: member.name ?? "Pat Example",
  });
  await fixture.billing.validateSession(member, checkoutSessionId);
}
