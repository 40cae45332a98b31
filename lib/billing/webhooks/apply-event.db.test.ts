import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import type { BillingEvent } from "../port";
import { completeSandboxCheckout } from "../sandbox/checkout";
import { freezeClockAt } from "../sandbox/clock";
import { deliverSandboxEvents } from "../sandbox/deliver-events";
import { SandboxBillingProvider, sandboxPriceId } from "../sandbox/sandbox-provider";
import { applyEvent } from "./apply-event";
import { eventHandlers } from "./handlers";
import type { EventHandler } from "./types";

useTestDatabase();
let provider: SandboxBillingProvider;
const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Pat" };

beforeAll(async () => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" });
  await freezeClockAt(await getDb(), Date.UTC(2026, 2, 1) / 1000);
}, 120_000);

let n = 0;
/** A sandbox subscription whose events have not been delivered to the mirror. */
async function subscriptionWithoutMirror() {
  const label = `w${++n}`;
  const customer = await provider.createCustomer(
    { email: `${label}@example.com`, name: null, memberId: `member-${label}` },
    `c-${label}`,
  );
  const session = await provider.createCheckoutSession(
    {
      customerId: customer.id,
      priceId: sandboxPriceId("happr_individual_monthly"),
      successUrl: "http://localhost:3000/ok",
      cancelUrl: "http://localhost:3000/no",
      memberId: `member-${label}`,
    },
    `s-${label}`,
  );
  const { subscriptionId } = await completeSandboxCheckout(provider, session.id, card);
  return { customerId: customer.id, subscriptionId, memberId: `member-${label}` };
}

const event = (id: string, type: string, objectId: string, customerId: string | null): BillingEvent => ({
  id,
  type,
  objectId,
  customerId,
  created: 0,
});

async function mirrorRow(subscriptionId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.subscriptionId, subscriptionId));
  return row;
}
async function processedRows(eventId: string) {
  const db = await getDb();
  return db.select().from(t.billingProcessedEvents).where(eq(t.billingProcessedEvents.eventId, eventId));
}

/** The real handlers, counting how many times a mirror write actually ran. */
function countingHandlers() {
  const counter = { writes: 0 };
  const handlers: Record<string, EventHandler> = {};
  for (const [type, handler] of Object.entries(eventHandlers)) {
    handlers[type] = async (e, p, asOf) => {
      const write = await handler(e, p, asOf);
      return async (tx) => {
        counter.writes += 1;
        await write(tx);
      };
    };
  }
  return { handlers, counter };
}

describe("applyEvent", () => {
  it("applies the same event delivered 10 times at once exactly once", async () => {
    const { subscriptionId, customerId } = await subscriptionWithoutMirror();
    const { handlers, counter } = countingHandlers();
    const e = event("evt_same_10", "customer.subscription.updated", subscriptionId, customerId);
    const results = await Promise.all(Array.from({ length: 10 }, () => applyEvent(e, provider, handlers)));
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(9);
    expect(counter.writes).toBe(1);
    expect(await processedRows("evt_same_10")).toHaveLength(1);
    expect((await mirrorRow(subscriptionId))?.status).toBe("active");
    // and once more later
    expect(await applyEvent(e, provider, handlers)).toBe("duplicate");
    expect(counter.writes).toBe(1);
  });

  it("ends in the provider's state when updated arrives before created", async () => {
    const { subscriptionId, customerId } = await subscriptionWithoutMirror();
    const cancelled = await provider.cancelAtPeriodEnd(subscriptionId, `cancel-${subscriptionId}`);
    expect(
      await applyEvent(event("evt_ooo_updated", "customer.subscription.updated", subscriptionId, customerId), provider),
    ).toBe("applied");
    expect(
      await applyEvent(event("evt_ooo_created", "customer.subscription.created", subscriptionId, customerId), provider),
    ).toBe("applied");
    const row = await mirrorRow(subscriptionId);
    expect(row).toMatchObject({ status: "active", cancelAtPeriodEnd: true, cancelAt: cancelled.cancelAt });
  });

  it("rolls back a failure half-way (no effect, no record) and converges on redelivery", async () => {
    const { subscriptionId, customerId } = await subscriptionWithoutMirror();
    const e = event("evt_half_way", "customer.subscription.created", subscriptionId, customerId);
    const failing: Record<string, EventHandler> = {
      ...eventHandlers,
      "customer.subscription.created": async (ev, p, asOf) => {
        const write = await eventHandlers["customer.subscription.created"]!(ev, p, asOf);
        return async (tx) => {
          await write(tx); // the mirror row is written...
          throw new Error("crash after the first write"); // ...then the process fails
        };
      },
    };
    await expect(applyEvent(e, provider, failing)).rejects.toThrow("crash after the first write");
    expect(await mirrorRow(subscriptionId)).toBeUndefined();
    expect(await processedRows("evt_half_way")).toHaveLength(0);

    expect(await applyEvent(e, provider)).toBe("applied");
    expect((await mirrorRow(subscriptionId))?.status).toBe("active");
  });

  it("records and acknowledges event types it does not act on", async () => {
    expect(await applyEvent(event("evt_other", "charge.refunded", "ch_1", "cus_1"), provider)).toBe("ignored");
    expect(await processedRows("evt_other")).toMatchObject([{ type: "charge.refunded", handled: false }]);
    expect(await applyEvent(event("evt_other", "charge.refunded", "ch_1", "cus_1"), provider)).toBe("duplicate");
  });

  it("a provider failure while re-fetching records nothing (the delivery is retried)", async () => {
    await expect(
      applyEvent(event("evt_missing", "customer.subscription.updated", "sub_doesnotexist", null), provider),
    ).rejects.toMatchObject({ status: 404 });
    expect(await processedRows("evt_missing")).toHaveLength(0);
  });
});

describe("the sandbox feeds the mirror through the same apply code", () => {
  it("delivers a checkout's events: member mapped, subscription, card and invoice mirrored", async () => {
    await deliverSandboxEvents(provider);
    const { customerId, subscriptionId, memberId } = await subscriptionWithoutMirror();
    expect(await deliverSandboxEvents(provider)).toBeGreaterThanOrEqual(5);
    const db = await getDb();
    const [customer] = await db.select().from(t.billingCustomers).where(eq(t.billingCustomers.customerId, customerId));
    expect(customer).toMatchObject({ memberId, status: "active", defaultPaymentMethod: expect.stringMatching(/^pm_/) });
    expect((await mirrorRow(subscriptionId))?.status).toBe("active");
    const cards = await db
      .select()
      .from(t.billingPaymentMethods)
      .where(eq(t.billingPaymentMethods.customerId, customerId));
    expect(cards).toMatchObject([{ brand: "visa", last4: "4242" }]);
    const transactions = await db
      .select()
      .from(t.billingTransactions)
      .where(eq(t.billingTransactions.customerId, customerId));
    expect(transactions.map((row) => row.kind).sort()).toEqual(["charge", "invoice"]);
    expect(await deliverSandboxEvents(provider)).toBe(0);
  });

  it("a detached card leaves the mirror (its customer found from the mirror)", async () => {
    const { customerId } = await subscriptionWithoutMirror();
    const extra = await provider.attachPaymentMethod(customerId, "pm_card_amex", `amex-${customerId}`);
    await deliverSandboxEvents(provider);
    await provider.detachPaymentMethod(extra.id, `detach-${extra.id}`);
    await applyEvent(event("evt_detached_no_customer", "payment_method.detached", extra.id, null), provider);
    const db = await getDb();
    const cards = await db
      .select()
      .from(t.billingPaymentMethods)
      .where(eq(t.billingPaymentMethods.customerId, customerId));
    expect(cards.map((row) => row.paymentMethodId)).not.toContain(extra.id);
    expect(cards).toHaveLength(1);
  });
});
