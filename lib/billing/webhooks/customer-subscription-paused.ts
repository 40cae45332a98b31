import { refetchSubscription } from "./refetch";
import type { EventHandler } from "./types";

/** customer.subscription.paused: the subscription, re-fetched with status paused. */
export const customerSubscriptionPaused: EventHandler = refetchSubscription;
