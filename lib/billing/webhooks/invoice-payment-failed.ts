import { refetchBilling } from "./refetch";
import type { EventHandler } from "./types";

/** invoice.payment_failed: the failed invoice and charge, and the subscription now past_due. */
export const invoicePaymentFailed: EventHandler = refetchBilling;
