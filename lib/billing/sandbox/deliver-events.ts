import { asc, inArray, isNull, lt, sql } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import type { BillingEvent, BillingProvider } from "../port";
import { applyEvent } from "../webhooks/apply-event";
import { processDueSubscriptions } from "./process-due";
import type { SandboxLedger } from "./ledger";

/**
 * Delivers the sandbox's pending events to the mirror through the same apply code as Stripe's
 * webhooks, in the order they happened. Two instances may deliver the same event: applyEvent
 * records event ids, so the second is a no-op. A failing event stops the run (it is retried on the
 * next one, as Stripe retries a webhook), so later events never overtake it.
 */
export async function deliverSandboxEvents(
  provider: SandboxLedger & BillingProvider,
  apply = applyEvent,
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const pending = await provider.transaction((tx) =>
      tx
        .select()
        .from(t.billingSandboxEvents)
        .where(isNull(t.billingSandboxEvents.deliveredAt))
        .orderBy(asc(t.billingSandboxEvents.seq))
        .limit(100),
    );
    if (pending.length === 0) return delivered;
    for (const row of pending) {
      const event: BillingEvent = {
        id: row.id,
        type: row.type,
        objectId: row.objectId,
        customerId: row.customerId,
        created: row.created,
      };
      await apply(event, provider);
      await provider.transaction((tx) =>
        tx
          .update(t.billingSandboxEvents)
          .set({ deliveredAt: new Date() })
          .where(inArray(t.billingSandboxEvents.id, [row.id])),
      );
      delivered += 1;
    }
  }
}

/** One tick of the running sandbox: apply due clock transitions, then feed the mirror. */
export async function runSandboxTick(provider: SandboxLedger & BillingProvider) {
  const transitions = await processDueSubscriptions(provider);
  const events = await deliverSandboxEvents(provider);
  await pruneIdempotencyKeys(provider);
  return { transitions, events };
}

/** Stripe keeps idempotency keys for 24 hours; so does the sandbox. */
async function pruneIdempotencyKeys(provider: SandboxLedger & BillingProvider) {
  await provider.transaction((tx) =>
    tx
      .delete(t.billingSandboxIdempotency)
      .where(lt(t.billingSandboxIdempotency.created, sql`now() - interval '24 hours'`)),
  );
}
