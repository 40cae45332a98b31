import { refetchSubscription } from "./refetch";
import type { EventHandler } from "./types";

/** customer.subscription.updated: the subscription as it is now, not as the payload says. */
export const customerSubscriptionUpdated: EventHandler = refetchSubscription;
