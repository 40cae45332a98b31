import { refetchSubscription } from "./refetch";
import type { EventHandler } from "./types";

/** customer.subscription.resumed: the subscription, re-fetched with status active again. */
export const customerSubscriptionResumed: EventHandler = refetchSubscription;
