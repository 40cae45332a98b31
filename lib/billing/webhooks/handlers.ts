import {
  refetchBilling,
  refetchCheckoutSession,
  refetchCustomer,
  refetchPaymentMethods,
  refetchSubscription,
} from "./refetch";
import { expirePrices } from "./price-events";
import type { EventHandler } from "./types";

/**
 * The event types the app acts on, each with what it re-fetches (never the payload: events arrive
 * late, twice or out of order). Any other type is recorded and acknowledged.
 */
export const eventHandlers: Readonly<Record<string, EventHandler>> = {
  // The customer, its subscription, card and first invoice, mirrored at once.
  "checkout.session.completed": refetchCheckoutSession,
  // The subscription as it is now: created, updated, paused, resumed, or deleted (still retrievable, canceled).
  "customer.subscription.created": refetchSubscription,
  "customer.subscription.updated": refetchSubscription,
  "customer.subscription.deleted": refetchSubscription,
  "customer.subscription.paused": refetchSubscription,
  "customer.subscription.resumed": refetchSubscription,
  // Invoices and charges, and the subscriptions a payment made active or past_due.
  "invoice.paid": refetchBilling,
  "invoice.payment_failed": refetchBilling,
  // The customer's payment methods and default (a detached one no longer names its customer).
  "payment_method.attached": refetchPaymentMethods,
  "payment_method.detached": refetchPaymentMethods,
  // Email, name and default payment method; a deleted customer's payment methods are dropped.
  "customer.updated": refetchCustomer,
  "customer.deleted": refetchCustomer,
  // The amounts and products on sale: the cached prices (and the pages showing them) are expired.
  "price.created": expirePrices,
  "price.updated": expirePrices,
  "price.deleted": expirePrices,
  "product.created": expirePrices,
  "product.updated": expirePrices,
  "product.deleted": expirePrices,
};
