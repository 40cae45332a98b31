import { checkoutSessionCompleted } from "./checkout-session-completed";
import { customerDeleted } from "./customer-deleted";
import { customerSubscriptionCreated } from "./customer-subscription-created";
import { customerSubscriptionDeleted } from "./customer-subscription-deleted";
import { customerSubscriptionPaused } from "./customer-subscription-paused";
import { customerSubscriptionResumed } from "./customer-subscription-resumed";
import { customerSubscriptionUpdated } from "./customer-subscription-updated";
import { customerUpdated } from "./customer-updated";
import { invoicePaid } from "./invoice-paid";
import { invoicePaymentFailed } from "./invoice-payment-failed";
import { paymentMethodAttached } from "./payment-method-attached";
import { paymentMethodDetached } from "./payment-method-detached";
import type { EventHandler } from "./types";

/** The event types the app acts on. Any other type is recorded and acknowledged. */
export const eventHandlers: Readonly<Record<string, EventHandler>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "customer.subscription.created": customerSubscriptionCreated,
  "customer.subscription.updated": customerSubscriptionUpdated,
  "customer.subscription.deleted": customerSubscriptionDeleted,
  "customer.subscription.paused": customerSubscriptionPaused,
  "customer.subscription.resumed": customerSubscriptionResumed,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
  "payment_method.attached": paymentMethodAttached,
  "payment_method.detached": paymentMethodDetached,
  "customer.updated": customerUpdated,
  "customer.deleted": customerDeleted,
};
