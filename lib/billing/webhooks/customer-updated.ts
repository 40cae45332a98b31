import { refetchCustomer } from "./refetch";
import type { EventHandler } from "./types";

/** customer.updated: email, name and default payment method. */
export const customerUpdated: EventHandler = refetchCustomer;
