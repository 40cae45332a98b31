/**
 * Upgrade or downgrade, decided by the price per year (an upgrade applies now with proration, a
 * downgrade at the end of the period). No server imports: the billing rules and the plan-change
 * screen share it, so the screen says what the service will do.
 */
export type PlanChange = "upgrade" | "downgrade";

type Priced = { unitAmount: number; interval: string };

export function pricePerYear(price: Priced): number {
  return price.interval === "month" ? price.unitAmount * 12 : price.unitAmount;
}

/** "same" when nothing would change (the same price). */
export function planChangeDirection(
  current: Priced & { id: string },
  next: Priced & { id: string },
): PlanChange | "same" {
  if (current.id === next.id) return "same";
  return pricePerYear(next) > pricePerYear(current) ? "upgrade" : "downgrade";
}
