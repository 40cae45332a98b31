import { refetchCheckoutSession } from "./refetch";
import type { EventHandler } from "./types";

/** checkout.session.completed: the customer, its subscription, card and first invoice are mirrored at once. */
export const checkoutSessionCompleted: EventHandler = refetchCheckoutSession;
