import { refetchSubscription } from "./refetch";
import type { EventHandler } from "./types";

/** customer.subscription.deleted: a canceled subscription is still retrievable; its status is canceled. */
export const customerSubscriptionDeleted: EventHandler = refetchSubscription;
