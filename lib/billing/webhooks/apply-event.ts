import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import type { BillingEvent, BillingProvider } from "../port";
import { eventHandlers } from "./handlers";
import type { EventHandler } from "./types";

export type ApplyResult = "applied" | "duplicate" | "ignored";

/**
 * Applies one provider event to the mirror, exactly once: the event id is recorded in the same
 * transaction as the mirror write, so a duplicate (even a concurrent one, which waits on the
 * primary key) is a no-op, and a failure stores neither (the caller answers 500 and the provider
 * redelivers). Unknown types are recorded and acknowledged.
 */
export async function applyEvent(
  event: BillingEvent,
  provider: BillingProvider,
  handlers: Readonly<Record<string, EventHandler>> = eventHandlers,
): Promise<ApplyResult> {
  const db = await getDb();
  // Whether the event was applied already and, for the re-fetch that follows, the snapshot time
  // (the database's clock before it starts): one round trip.
  const result = (await db.execute(
    sql`select clock_timestamp() as now, exists (select 1 from ${t.billingProcessedEvents}
      where ${t.billingProcessedEvents.eventId} = ${event.id}) as seen`,
  )) as unknown as { rows: { now: Date | string; seen: boolean }[] };
  const { now, seen } = result.rows[0]!;
  if (seen) return "duplicate";

  const handler = handlers[event.type];
  // Fetched before the transaction: no network call while holding a database connection.
  const write = handler ? await handler(event, provider, new Date(now)) : undefined;

  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(t.billingProcessedEvents)
      .values({ eventId: event.id, type: event.type, handled: Boolean(handler) })
      .onConflictDoNothing()
      .returning({ id: t.billingProcessedEvents.eventId });
    if (recorded.length === 0) return "duplicate";
    if (!write) return "ignored";
    await write(tx);
    return "applied";
  });
}
