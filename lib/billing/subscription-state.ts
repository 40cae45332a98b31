/**
 * Which subscription is which, by status (no server imports: the rules and the screens share it).
 * Active or past_due is the current subscription; trialing is the in-queue one, the plan that starts
 * when the current period ends.
 */
export const CURRENT_STATUSES: ReadonlySet<string> = new Set(["active", "past_due"]);
export const IN_QUEUE_STATUS = "trialing";

export const isCurrentStatus = (status: string) => CURRENT_STATUSES.has(status);
export const isInQueueStatus = (status: string) => status === IN_QUEUE_STATUS;

/** When an in-queue subscription starts: Stripe's trialing period runs until then, so its period end. */
export const inQueueStartsAt = (subscription: { currentPeriodEnd: number }) => subscription.currentPeriodEnd;
