import type { Price } from "./port";
import type { BillingService } from "./service";

/**
 * The billing service's results in the API contract's shapes. The GraphQL resolvers answer with them,
 * and the members' pages render their first view from them, so the browser sees one shape either way.
 */
type SubscriptionRow = Awaited<ReturnType<BillingService["getMySubscriptions"]>>[number];
type PaymentMethodRow = Awaited<ReturnType<BillingService["getPaymentMethods"]>>[number];
type TransactionRow = Awaited<ReturnType<BillingService["getTransactionHistory"]>>[number];

export const subscriptionView = (s: SubscriptionRow) => ({
  subscriptionId: s.subscriptionId,
  status: s.status,
  subItemId: s.subItemId,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  planPriceId: s.priceId,
  defaultPaymentMethod: s.defaultPaymentMethod,
  cancelAt: s.cancelAt,
});

export const paymentMethodView = (row: PaymentMethodRow) => ({
  paymentId: row.paymentMethodId,
  paymentType: row.type,
  card:
    row.brand && row.last4 && row.expMonth !== null && row.expYear !== null
      ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
      : null,
  billingDetails: row.billingDetails ?? null,
  created: row.created,
  isDefault: row.isDefault,
});

export const transactionView = (row: TransactionRow) => ({
  transactionId: row.transactionId,
  amount: row.amount,
  currency: row.currency,
  created: row.created,
  status: row.status,
  description: row.description,
});

export const planView = (price: Price) => ({
  priceId: price.id,
  productName: price.productName,
  productDescription: price.productDescription,
  unitAmount: price.unitAmount,
  currency: price.currency,
  interval: price.interval,
});
