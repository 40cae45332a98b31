import type { BillingEvent, BillingProvider } from "../port";
import type { Tx } from "../db-types";

/**
 * An event handler re-fetches the object the event is about (never trusting the payload or the
 * order of delivery) and returns the mirror write, which apply-event runs in the same transaction
 * as recording the event id.
 */
export type MirrorWrite = (tx: Tx) => Promise<void>;
export type EventHandler = (event: BillingEvent, provider: BillingProvider) => Promise<MirrorWrite>;

export const noWrite: MirrorWrite = async () => {};
