import type Stripe from "stripe";
import type {
  Charge,
  CheckoutSession,
  Customer,
  Invoice,
  InvoiceLine,
  InvoicePreview,
  PaymentMethod,
  Price,
  Subscription,
} from "../port";

/** Stripe objects (API "basil" and later) to the port's types. */

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

export function toPrice(price: Stripe.Price): Price {
  const product =
    typeof price.product === "object" && price.product && !("deleted" in price.product && price.product.deleted)
      ? (price.product as Stripe.Product)
      : null;
  return {
    id: price.id,
    active: price.active,
    currency: price.currency,
    unitAmount: price.unit_amount ?? 0,
    interval: price.recurring?.interval === "year" ? "year" : "month",
    lookupKey: price.lookup_key,
    productId: idOf(price.product as string | { id: string }) ?? "",
    productName: product?.name ?? "",
    productDescription: product?.description ?? null,
  };
}

export function toCustomer(customer: Stripe.Customer | Stripe.DeletedCustomer): Customer {
  if ("deleted" in customer && customer.deleted) {
    return {
      id: customer.id,
      email: null,
      name: null,
      created: 0,
      deleted: true,
      metadata: {},
      defaultPaymentMethod: null,
      balance: 0,
    };
  }
  const live = customer as Stripe.Customer;
  return {
    id: live.id,
    email: live.email,
    name: live.name ?? null,
    created: live.created,
    deleted: false,
    metadata: live.metadata ?? {},
    defaultPaymentMethod: idOf(live.invoice_settings?.default_payment_method),
    balance: live.balance ?? 0,
  };
}

export function toSubscription(subscription: Stripe.Subscription): Subscription {
  const items = subscription.items.data.map((item) => ({
    id: item.id,
    priceId: item.price.id,
    quantity: item.quantity ?? 1,
    currentPeriodStart: item.current_period_start,
    currentPeriodEnd: item.current_period_end,
  }));
  // Newer API versions fill cancel_at for period-end cancellations too; older ones only the flag.
  const cancelAt =
    subscription.cancel_at ?? (subscription.cancel_at_period_end ? (items[0]?.currentPeriodEnd ?? null) : null);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status as Subscription["status"],
    items,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt,
    canceledAt: subscription.canceled_at,
    endedAt: subscription.ended_at,
    trialEnd: subscription.trial_end,
    defaultPaymentMethod: idOf(subscription.default_payment_method),
    metadata: subscription.metadata ?? {},
    created: subscription.created,
  };
}

export function toPaymentMethod(pm: Stripe.PaymentMethod): PaymentMethod {
  return {
    id: pm.id,
    customerId: idOf(pm.customer),
    type: pm.type,
    card: pm.card
      ? { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }
      : null,
    billingDetails: {
      name: pm.billing_details?.name ?? null,
      email: pm.billing_details?.email ?? null,
      phone: pm.billing_details?.phone ?? null,
      postalCode: pm.billing_details?.address?.postal_code ?? null,
    },
    created: pm.created,
  };
}

function toLine(line: Stripe.InvoiceLineItem): InvoiceLine {
  const parent = line.parent;
  const proration = parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration ?? false;
  return {
    description: line.description,
    amount: line.amount,
    currency: line.currency,
    proration,
    priceId: idOf(line.pricing?.price_details?.price ?? null),
    periodStart: line.period.start,
    periodEnd: line.period.end,
  };
}

export function toInvoice(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id ?? "",
    customerId: idOf(invoice.customer) ?? "",
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
    status: (invoice.status ?? "draft") as Invoice["status"],
    billingReason: invoice.billing_reason,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    subtotal: invoice.subtotal,
    total: invoice.total,
    currency: invoice.currency,
    periodStart: invoice.period_start,
    periodEnd: invoice.period_end,
    description: invoice.description,
    created: invoice.created,
    lines: invoice.lines.data.map(toLine),
  };
}

export function toPreview(invoice: Stripe.Invoice, prorationDate: number): InvoicePreview {
  const lines = invoice.lines.data.map(toLine);
  const periods = lines.length ? lines : [{ periodStart: invoice.period_start, periodEnd: invoice.period_end }];
  return {
    amountDue: invoice.amount_due,
    subtotal: invoice.subtotal,
    total: invoice.total,
    currency: invoice.currency,
    periodStart: Math.min(...periods.map((line) => line.periodStart)),
    periodEnd: Math.max(...periods.map((line) => line.periodEnd)),
    prorationDate,
    lines,
  };
}

export function toCharge(charge: Stripe.Charge): Charge {
  const withInvoice = charge as Stripe.Charge & { invoice?: string | { id: string } | null };
  return {
    id: charge.id,
    customerId: idOf(charge.customer) ?? "",
    invoiceId: idOf(withInvoice.invoice ?? null),
    amount: charge.amount,
    currency: charge.currency,
    status: charge.status as Charge["status"],
    description: charge.description,
    failureMessage: charge.failure_message,
    created: charge.created,
  };
}

export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    status: (session.status ?? "open") as CheckoutSession["status"],
    paymentStatus: session.payment_status as CheckoutSession["paymentStatus"],
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    clientReferenceId: session.client_reference_id,
    successUrl: session.success_url,
    cancelUrl: session.cancel_url,
    metadata: session.metadata ?? {},
    created: session.created,
  };
}
