import { refetchCustomer } from "./refetch";
import type { EventHandler } from "./types";

/** customer.deleted: the customer is marked deleted and its payment methods dropped. */
export const customerDeleted: EventHandler = refetchCustomer;
