import "server-only";
import type { Member } from "@/lib/auth/member";
import { getCataloguePlans } from "@/lib/billing/catalogue";
import { getBillingService } from "@/lib/billing/provider";
import { paymentMethodView, planView, subscriptionView, transactionView } from "@/lib/billing/views";
import { getConfig } from "@/lib/config";
import { getUserProfile } from "@/lib/profile";

/**
 * What the members' pages render first, loaded in-process through the same services the API's
 * resolvers call. Subscriptions, cards and transactions come from the local mirror and the plans from
 * the cached catalogue: a page view never calls the payment provider.
 */

export async function loadProfile(member: Member) {
  return getUserProfile(member.memberId);
}

export async function loadSubscriptions(member: Member) {
  const billing = await getBillingService();
  const [subscriptions, plans] = await Promise.all([billing.getMySubscriptions(member.memberId), getCataloguePlans()]);
  return { subscriptions: subscriptions.map(subscriptionView), plans: plans.map(planView) };
}

export async function loadBilling(member: Member) {
  const billing = await getBillingService();
  const [subscriptions, paymentMethods, transactions, plans] = await Promise.all([
    billing.getMySubscriptions(member.memberId),
    billing.getPaymentMethods(member.memberId),
    billing.getTransactionHistory(member.memberId),
    getCataloguePlans(),
  ]);
  return {
    subscriptions: subscriptions.map(subscriptionView),
    paymentMethods: paymentMethods.map(paymentMethodView),
    transactions: transactions.map(transactionView),
    plans: plans.map(planView),
  };
}

/** Stripe's publishable key when Stripe is configured (the card field uses Stripe Elements), else null (the sandbox form). */
export function stripePublishableKey(): string | null {
  const billing = getConfig().billing;
  return billing.kind === "stripe" ? billing.publishableKey : null;
}
