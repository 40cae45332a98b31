import { refetchPaymentMethods } from "./refetch";
import type { EventHandler } from "./types";

/** payment_method.attached: the customer's payment methods and default. */
export const paymentMethodAttached: EventHandler = refetchPaymentMethods;
