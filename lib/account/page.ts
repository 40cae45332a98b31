import "server-only";
import { cache } from "react";
import type { Member } from "@/lib/auth/member";
import { getCataloguePlans } from "@/lib/billing/catalogue";
import { getBillingService } from "@/lib/billing/provider";
import { paymentMethodView, planView, subscriptionView, transactionView } from "@/lib/billing/views";
import { getConfig } from "@/lib/config";
import { getUserProfile } from "@/lib/profile";
import { getMemberSettings } from "@/lib/settings";
import { authenticatorStatusOf } from "@/lib/identity/totp";
import { identityOf } from "./member-identity";

/**
 * What the members' pages render first, loaded in-process through the same services the API's
 * resolvers call. Subscriptions, cards and transactions come from the local mirror and the plans from
 * the cached catalogue: a page view never calls the payment provider.
 */

// Once per request, keyed by the member id: the layout and the page (or two sections of one page)
// ask for the same rows.
const profileOf = cache((memberId: string) => getUserProfile(memberId));
const settingsOf = cache((memberId: string) => getMemberSettings(memberId));
// The security centre and the authenticator card show the same account: one read (one GetUser on
// Cognito). Keyed by the member object, which getMember() returns once per request.
const securityOverviewOf = cache((member: Member) => identityOf(member).overview());

export async function loadProfile(member: Member) {
  return profileOf(member.memberId);
}

/** Whether the member chose discreet mode (the members' layout and the pages that show it). */
export async function loadDiscreetMode(member: Member) {
  return (await settingsOf(member.memberId)).discreetMode;
}

export async function loadQuietHours(member: Member) {
  return (await settingsOf(member.memberId)).quietHours;
}

/** Email, phone and MFA methods, as the security centre shows them. */
export async function loadSecurityOverview(member: Member) {
  return securityOverviewOf(member);
}

export async function loadAuthenticatorStatus(member: Member) {
  return authenticatorStatusOf((await securityOverviewOf(member)).mfa.enabled);
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
