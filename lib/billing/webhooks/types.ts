import type { BillingEvent, BillingProvider } from "../port";
import type { Tx } from "../db-types";

/**
 * An event handler re-fetches the object the event is about (never trusting the payload or the
 * order of delivery) and returns the mirror write, which apply-event runs in the same transaction
 * as recording the event id.
 */
export type MirrorWrite = (tx: Tx) => Promise<void>;
/** `asOf`: the database's clock before the handler re-fetches anything (the mirror's snapshot time, see snapshotTime). */
export type EventHandler = (event: BillingEvent, provider: BillingProvider, asOf: Date) => Promise<MirrorWrite>;

export const noWrite: MirrorWrite = async () => {};
