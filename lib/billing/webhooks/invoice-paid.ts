import { refetchBilling } from "./refetch";
import type { EventHandler } from "./types";

/** invoice.paid: the customer's invoices and charges, and the subscriptions the payment made active. */
export const invoicePaid: EventHandler = refetchBilling;
