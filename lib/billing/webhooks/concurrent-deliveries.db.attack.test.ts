import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing";
import { snapshotTime } from "../mirror/sync-customer";
import { writeSubscription } from "../mirror/write-mirror";
import type { BillingEvent, BillingProvider, Subscription } from "../port";
import { applyEvent } from "./apply-event";

/**
 * Attack (or plain bad luck): two deliveries about one subscription processed at once. The one that
 * fetched the older state answers slowly and commits last: without the defence its snapshot
 * overwrote the newer one, and the mirror showed, say, a cancelled plan as active again.
 */
useTestDatabase();

const subscription = (id: string, status: Subscription["status"], cancelAt: number | null): Subscription => ({
  id,
  customerId: "cus_race",
  status,
  items: [
    {
      id: `si_${id}`,
      priceId: "price_monthly",
      quantity: 1,
      currentPeriodStart: 1_772_323_200,
      currentPeriodEnd: 1_774_915_200,
    },
  ],
  cancelAtPeriodEnd: cancelAt !== null,
  cancelAt,
  canceledAt: null,
  endedAt: null,
  trialEnd: null,
  defaultPaymentMethod: null,
  metadata: {},
  created: 1_772_323_200,
});

async function mirrored(id: string) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(t.billingSubscriptions)
    .where(eq(t.billingSubscriptions.subscriptionId, id));
  return row;
}

const updated = (eventId: string, subscriptionId: string): BillingEvent => ({
  id: eventId,
  type: "customer.subscription.updated",
  objectId: subscriptionId,
  customerId: "cus_race",
  created: 0,
});

describe("two deliveries for one subscription", () => {
  it("the delivery that fetched first but commits last does not put its older state back", async () => {
    const id = "sub_race_slow";
    let releaseSlow = () => {};
    const slowAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));
    // The first fetch reads the state before the member cancelled, and its answer is slow to arrive.
    const fetches = [
      async () => {
        await slowAnswer;
        return subscription(id, "active", null);
      },
      async () => subscription(id, "active", 1_774_915_200),
    ];
    const provider = { getSubscription: async () => fetches.shift()!() } as unknown as BillingProvider;

    const slow = applyEvent(updated("evt_race_1", id), provider);
    // Let the slow delivery take its snapshot time and start its fetch before the second one begins.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await applyEvent(updated("evt_race_2", id), provider)).toBe("applied");
    expect((await mirrored(id))?.cancelAt).toBe(1_774_915_200);

    releaseSlow();
    expect(await slow).toBe("applied");
    expect((await mirrored(id))?.cancelAt).toBe(1_774_915_200);
  });

  it("a write waiting on the row's lock re-checks against what the other transaction committed", async () => {
    const id = "sub_race_locked";
    const older = await snapshotTime();
    const newer = new Date(older.getTime() + 1000);
    const db = await getDb();
    let releaseNewer = () => {};
    const newerMayCommit = new Promise<void>((resolve) => (releaseNewer = resolve));
    let newerWrote = () => {};
    const newerHasWritten = new Promise<void>((resolve) => (newerWrote = resolve));

    // The newer snapshot's transaction writes (and so holds the row) and stays open...
    const first = db.transaction(async (tx) => {
      await writeSubscription(tx, subscription(id, "canceled", null), newer);
      newerWrote();
      await newerMayCommit;
    });
    await newerHasWritten;
    // ...while the older one, on another connection, tries to write the same row.
    const second = db.transaction((tx) => writeSubscription(tx, subscription(id, "active", null), older));
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseNewer();
    await Promise.all([first, second]);
    expect((await mirrored(id))?.status).toBe("canceled");
  });
});
