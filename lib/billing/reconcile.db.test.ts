import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import { syncCustomer } from "./mirror/sync-customer";
import { reconcileAll } from "./reconcile";
import { completeSandboxCheckout } from "./sandbox/checkout";
import { freezeClockAt } from "./sandbox/clock";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox/sandbox-provider";

useTestDatabase();
let provider: SandboxBillingProvider;

beforeAll(async () => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" });
  await freezeClockAt(await getDb(), Date.UTC(2026, 4, 1) / 1000);
}, 120_000);

it("re-syncs every customer and reports what drifted, then nothing on a second run", async () => {
  const customer = await provider.createCustomer({ email: "r@example.com", name: null, memberId: "member-r" }, "key-r");
  const session = await provider.createCheckoutSession(
    {
      customerId: customer.id,
      priceId: sandboxPriceId("happr_individual_yearly"),
      successUrl: "http://localhost:3000/ok",
      cancelUrl: "http://localhost:3000/no",
      memberId: "member-r",
    },
    "key-cs-r",
  );
  const { subscriptionId } = await completeSandboxCheckout(provider, session.id, {
    number: "4242424242424242",
    expMonth: 1,
    expYear: 2031,
    cvc: "999",
    name: "R",
  });
  await syncCustomer(provider, customer.id, "member-r");

  // A webhook was missed: the provider cancelled, the mirror still says active.
  await provider.cancelNow(subscriptionId, "key-cancel-r");
  const db = await getDb();
  const stale = await db
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.subscriptionId, subscriptionId));
  expect(stale[0]?.status).toBe("active");

  const report = await reconcileAll(provider);
  expect(report.customers).toBe(1);
  expect(report.drifted).toHaveLength(1);
  expect(report.drifted[0]!.changes).toEqual([
    expect.stringMatching(new RegExp(`^changed subscription ${subscriptionId}: \\["active".*-> \\["canceled"`)),
  ]);
  const fixed = await db
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.subscriptionId, subscriptionId));
  expect(fixed[0]?.status).toBe("canceled");

  expect((await reconcileAll(provider)).drifted).toEqual([]);
});
