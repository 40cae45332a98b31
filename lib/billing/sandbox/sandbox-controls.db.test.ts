import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import { SandboxBillingProvider, sandboxPriceId } from "./sandbox-provider";

// Its own database: runDueWork processes every due subscription, so other files' data stays out.
const START = Date.UTC(2026, 0, 15, 12) / 1000;
const DAY = 86_400;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123", name: "Pat Example" };
useTestDatabase();
let provider: SandboxBillingProvider;
beforeAll(() => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" });
});

describe("sandbox controls on the provider", () => {
  it("advances the clock and runs due work: renewal invoiced and delivered to the mirror", async () => {
    await provider.freezeClock(START + 1000 * DAY);
    expect(await provider.now()).toBe(START + 1000 * DAY);
    const customer = await provider.createCustomer(
      { email: "ctl@example.com", name: null, memberId: "m-ctl" },
      "cust-ctl",
    );
    const session = await provider.createCheckoutSession(
      {
        customerId: customer.id,
        priceId: sandboxPriceId("happr_individual_monthly"),
        successUrl: "http://localhost:3000/ok",
        cancelUrl: "http://localhost:3000/no",
        memberId: "m-ctl",
      },
      "cs-ctl",
    );
    const { subscriptionId } = await provider.completeSandboxCheckout(session.id, goodCard);
    expect(await provider.advanceClock(31 * DAY)).toBe(START + 1031 * DAY);
    const { transitions, events } = await provider.runDueWork();
    expect(transitions).toBeGreaterThanOrEqual(1);
    expect(events).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    const [mapped] = await db.select().from(t.billingCustomers).where(eq(t.billingCustomers.customerId, customer.id));
    expect(mapped?.memberId).toBe("m-ctl");
    const [mirrored] = await db
      .select()
      .from(t.billingSubscriptions)
      .where(eq(t.billingSubscriptions.subscriptionId, subscriptionId));
    expect(mirrored?.currentPeriodStart).toBeGreaterThan(START + 1000 * DAY);
    const invoices = await db
      .select()
      .from(t.billingTransactions)
      .where(eq(t.billingTransactions.customerId, customer.id));
    expect(invoices.filter((row) => row.kind === "invoice")).toHaveLength(2);
  });
});

describe("the hosted checkout page's summary", () => {
  it("shows the plan and amount of an open session, and 404 for an unknown one", async () => {
    const { getSandboxCheckoutSummary } = await import("./checkout");
    const customer = await provider.createCustomer(
      { email: "sum@example.com", name: null, memberId: "m-sum" },
      "cust-sum",
    );
    const session = await provider.createCheckoutSession(
      {
        customerId: customer.id,
        priceId: sandboxPriceId("happr_family_yearly"),
        successUrl: "http://localhost:3000/ok",
        cancelUrl: "http://localhost:3000/pricing",
        memberId: "m-sum",
      },
      "cs-sum",
    );
    expect(await getSandboxCheckoutSummary(provider, session.id)).toMatchObject({
      status: "open",
      productName: "Happr Family",
      unitAmount: 9999,
      currency: "usd",
      interval: "year",
      customerEmail: "sum@example.com",
      cancelUrl: "http://localhost:3000/pricing",
    });
    await expect(getSandboxCheckoutSummary(provider, "cs_test_nope")).rejects.toMatchObject({ status: 404 });
  });
});

describe("repricing a plan in the sandbox", () => {
  it("moves the lookup key to a new price as Stripe does: the old one keeps its amount, archived; events emitted", async () => {
    const before = (await provider.listActivePrices(["happr_individual_yearly"]))[0]!;
    expect(before).toMatchObject({ id: sandboxPriceId("happr_individual_yearly"), unitAmount: 4999 });
    const created = await provider.repricePlan("happr_individual_yearly", { unitAmount: 5499, currency: "eur" });
    expect(created).toMatchObject({ lookupKey: "happr_individual_yearly", unitAmount: 5499, currency: "eur" });
    expect(created.id).not.toBe(before.id);
    expect(await provider.listActivePrices(["happr_individual_yearly"])).toEqual([created]);
    // Members on the old price keep paying what they agreed to.
    expect(await provider.getPrice(before.id)).toMatchObject({ unitAmount: 4999, active: false, lookupKey: null });
    const db = await getDb();
    const events = await db
      .select()
      .from(t.billingSandboxEvents)
      .where(eq(t.billingSandboxEvents.type, "price.created"));
    expect(events.map((event) => event.objectId)).toContain(created.id);
    const updated = await db
      .select()
      .from(t.billingSandboxEvents)
      .where(eq(t.billingSandboxEvents.type, "price.updated"));
    expect(updated.map((event) => event.objectId)).toContain(before.id);
  });

  it("keeps a member on a retired price in their plan: the Family cover still counts after a repricing", async () => {
    const { createBillingService } = await import("../service");
    const { familyPlanFrom } = await import("@/lib/circles/family-plan");
    const service = createBillingService(provider, { siteUrl: "http://localhost:3000" });
    const customer = await provider.createCustomer(
      { email: "fam@example.com", name: null, memberId: "m-fam" },
      "c-fam",
    );
    const session = await provider.createCheckoutSession(
      {
        customerId: customer.id,
        priceId: sandboxPriceId("happr_family_monthly"),
        successUrl: "http://localhost:3000/ok",
        cancelUrl: "http://localhost:3000/no",
        memberId: "m-fam",
      },
      "cs-fam",
    );
    await provider.completeSandboxCheckout(session.id, goodCard);
    await provider.runDueWork();
    const familyPlan = familyPlanFrom(async () => service);
    expect((await familyPlan("m-fam")).family).toBe(true);

    const old = sandboxPriceId("happr_family_monthly");
    await provider.repricePlan("happr_family_monthly", { unitAmount: 1299, currency: "usd" });
    expect(await provider.getPrice(old)).toMatchObject({ lookupKey: null, active: false });
    expect(await service.getPriceLookupKey(old)).toBe("happr_family_monthly");
    expect(await service.getPriceDetails(old)).toMatchObject({ lookupKey: "happr_family_monthly", unitAmount: 999 });
    expect((await familyPlan("m-fam")).family).toBe(true);
  });

  it("refuses an amount that is not a whole number of cents, a bad currency, or an unknown lookup key, changing nothing", async () => {
    await expect(
      provider.repricePlan("happr_family_yearly", { unitAmount: 12.5, currency: "usd" }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      provider.repricePlan("happr_family_yearly", { unitAmount: 1000, currency: "dollars" }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(provider.repricePlan("no_such_plan", { unitAmount: 1000, currency: "usd" })).rejects.toMatchObject({
      status: 404,
    });
    expect((await provider.listActivePrices(["happr_family_yearly"]))[0]).toMatchObject({ unitAmount: 9999 });
  });
});
