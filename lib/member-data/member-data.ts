import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { memberProfiles } from "../db/schema/profile";
import { findMemberCustomer, mirroredSubscriptions, mirroredTransactions } from "../billing/mirror/read-mirror";
import { isBillingError } from "../billing/errors";
import type { BillingService } from "../billing/service";
import type { SecurityCentre } from "../identity/security-centre";
import { exportCircle, removeFromCircles } from "../invitations";
import { getUserProfile } from "../profile";

/**
 * A member's own data as one JSON document (the download before deleting an account), and the
 * deletion itself: password first, then the subscription canceled at once, the circle, the profile
 * and finally the identity.
 */
export type MemberRef = { memberId: string; email: string; name: string | null };

export async function exportMemberData(member: MemberRef, deps: { security: SecurityCentre; now?: Date }) {
  const customer = await findMemberCustomer(member.memberId);
  const account = await deps.security.overview();
  return {
    exportedAt: Math.floor((deps.now ?? new Date()).getTime() / 1000),
    account: {
      memberId: member.memberId,
      name: member.name,
      email: account.email,
      emailVerified: account.emailVerified,
      phoneNumber: account.phoneNumber,
      phoneNumberVerified: account.phoneNumberVerified,
      mfa: account.mfa,
    },
    profile: await getUserProfile(member.memberId),
    // Every subscription the member ever had, ended ones included (the billing history).
    subscriptions: customer
      ? (await mirroredSubscriptions(customer.customerId)).map((s) => ({
          subscriptionId: s.subscriptionId,
          status: s.status,
          priceId: s.priceId,
          currentPeriodStart: s.currentPeriodStart,
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAt: s.cancelAt,
          created: s.created,
        }))
      : [],
    transactions: customer
      ? (await mirroredTransactions(customer.customerId)).map((t) => ({
          transactionId: t.transactionId,
          amount: t.amount,
          currency: t.currency,
          created: t.created,
          status: t.status,
          description: t.description,
        }))
      : [],
    circle: await exportCircle(member.memberId),
  };
}

const ENDED = new Set(["canceled", "incomplete_expired"]);

/** Deletes the member's account after checking their password; any subscription ends now, not at period end. */
export async function deleteMemberAccount(member: MemberRef, password: string, deps: { security: SecurityCentre; billing: BillingService; db?: Db }) {
  await deps.security.confirmPassword(password);
  // The current one first: canceling it drops an in-queue plan change too.
  for (const subscription of await deps.billing.getMySubscriptions(member.memberId)) {
    if (ENDED.has(subscription.status)) continue;
    try {
      await deps.billing.cancelSubscriptionImmediately(member, subscription.subscriptionId);
    } catch (error) {
      // Already ended by the cancellation before it (the in-queue one): nothing left to do.
      if (!(isBillingError(error) && error.status === 409)) throw error;
    }
  }
  await removeFromCircles(member.memberId, { db: deps.db });
  const db = deps.db ?? (await getDb());
  await db.delete(memberProfiles).where(eq(memberProfiles.memberId, member.memberId));
  await deps.security.deleteUser();
}
