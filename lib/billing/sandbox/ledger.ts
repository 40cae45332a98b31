import type { Tx } from "../db-types";
import type { CheckoutSession } from "../port";

/**
 * What the sandbox's checkout, due-date and event workers need of the sandbox provider: its
 * transactions on its clock, and its checkout sessions. They take this, not the provider itself, so
 * the provider imports them without them importing it back.
 */
export interface SandboxLedger {
  /** Runs `fn` in one transaction, with the sandbox clock's time (Unix seconds). */
  transaction<T>(fn: (tx: Tx, now: number) => Promise<T>): Promise<T>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSession>;
}
