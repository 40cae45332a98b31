import { refetchPaymentMethods } from "./refetch";
import type { EventHandler } from "./types";

/** payment_method.detached: the customer's payment methods, without the detached one. */
export const paymentMethodDetached: EventHandler = refetchPaymentMethods;
