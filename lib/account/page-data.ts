import "server-only";
import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { memberFromSession, type Member } from "@/lib/auth/caller";
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

/** The signed-in member, or off to sign-in (proxy.ts guards these pages; this is the second line). */
export async function requirePageMember(continuePath: string): Promise<Member> {
  const member = memberFromSession(await auth());
  if (!member) redirect(`/auth/sign-in?continue=${encodeURIComponent(continuePath)}`);
  return member;
}

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
