import { refetchSubscription } from "./refetch";
import type { EventHandler } from "./types";

/** customer.subscription.created: the subscription, re-fetched (it may already have changed again). */
export const customerSubscriptionCreated: EventHandler = refetchSubscription;
