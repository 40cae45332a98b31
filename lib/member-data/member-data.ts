import "server-only";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { findMemberCustomer, mirroredSubscriptions, mirroredTransactions } from "../billing/mirror/read-mirror";
import { forgetMemberCustomer } from "../billing/mirror/write-mirror";
import type { BillingService } from "../billing/service";
import { forgetContactMessages } from "../contact";
import { queueChangeNotice } from "../identity/change-notices";
import { reauthenticate } from "../identity/reauthentication";
import type { IdentityPort } from "../identity/port";
import { assertChildMay, childrenLeftAloneBy, forgetChildConsents } from "../circles";
import { featureDownloads, forgetInFeatures } from "../features";
import { childAccounts, type ChildAccounts } from "../identity";
import { forgetJobsOf } from "../jobs";
import { logError } from "../log";
import { deliverPending, forgetMessagesOf } from "../mail";
import { deleteUserProfile, getUserProfile } from "../profile";
import { forgetPoolMember } from "../identity/cognito/pool-members";
import { forgetSubjects } from "../rate-limit";
import { exportSettings, forgetSettings } from "../settings";
import { forgetWaitlistEntries } from "../waitlist";
import { forgetStandingSessions } from "../identity/session-checks";
import { forgetSessionCutoff } from "../identity/session-cutoffs";
import type { Member } from "../auth/member";

/** A member's own data as one JSON document (the download), and the deletion of their account. */

export async function exportMemberData(
  member: Member,
  deps: { security: IdentityPort; now?: Date; asked?: Record<string, unknown> },
) {
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
    settings: await exportSettings(member.memberId),
    // Each members' feature's sections (lib/features.ts): circles, children, shares, calendar, habits.
    ...(await featureDownloads(member.memberId)),
    // The sections the member asked for (lib/features.ts askedFeatureDownloads: Cam's, in discreet mode's spirit).
    ...deps.asked,
  };
}

/** Who is deleting: the member, and when they last signed in (the password may be left out shortly after). */

export type DeletionDeps = {
  security: IdentityPort;
  billing: BillingService;
  /** Tests: the child accounts' adapter (by default the configured provider's). */
  children?: ChildAccounts;
  db?: Db;
  now?: Date;
};

/**
 * Everything the database keeps that names one person, removed in the caller's transaction (an
 * account's deletion, or a child account's that goes with its last grown-up).
 */
async function forgetPerson(
  tx: Parameters<typeof forgetMemberCustomer>[0],
  memberId: string,
  emails: string[],
  addresses: string[],
) {
  await forgetMemberCustomer(tx, memberId);
  await deleteUserProfile(memberId, { db: tx });
  await forgetSettings(tx, memberId);
  await forgetPoolMember(tx, memberId);
  // Each members' feature (lib/features.ts): the circles, the calendar, the habits.
  await forgetInFeatures(tx, { memberId, emails, addresses });
  await forgetJobsOf(tx, memberId);
  await forgetMessagesOf(tx, { memberId, addresses });
  await forgetWaitlistEntries(tx, emails);
  await forgetContactMessages(tx, emails);
  await forgetSubjects(tx, [memberId, ...addresses]);
  await forgetSessionCutoff(memberId, tx);
}

/**
 * Deletes the member's account after their current password (or a recent sign-in), leaving nothing
 * personal behind:
 * 1. the payment provider: any subscription ends now and the customer is deleted (sandbox or Stripe);
 * 2. in one database transaction: the guardian-made child accounts left without a grown-up who could
 *    look after them (lib/circles/README.md) with everything of theirs below, then the billing mirror's customer and cards, the profile (and, with
 *    Cognito, the API's copy of the pool's attributes), the Safe
 *    Circle (the circle they own ends; they leave every other; the invitations they sent and received;
 *    every share of their items and every share naming them), their calendar (events, "got it"s, feed
 *    link, their agenda's stamp, and their id in others' attendee lists), their habits and habit entries, their scheduled jobs
 *    (reminders), the outbox messages about them or to
 *    their addresses, their waitlist entry and contact-form messages, the rate-limit counters keyed
 *    by their id or address, and (built-in identity) the account with its codes, devices, sign-in
 *    failure counters and the issuer's sessions; the notice of the deletion is queued in the same transaction;
 * 3. Cognito: the user is deleted after the commit.
 * A child's account is refused first (403, lib/circles child-limits.ts: only the grown-ups who made it
 * delete it), whichever door calls, with nothing read or written.
 * Every step is safe to run again: a failure part-way leaves the member signed in, and deleting again
 * finishes the job. What stays is listed, with the reason, in SECURITY.md.
 */
export async function deleteMemberAccount(member: Member, password: string, deps: DeletionDeps): Promise<void> {
  const { security } = deps;
  const db = deps.db ?? (await getDb());
  await assertChildMay(member.memberId, "deleteAccount", { db });
  await reauthenticate(security, { password, authenticatedAtMs: member.authenticatedAtMs }, "to delete your account");
  const account = await security.overview();
  const profile = await getUserProfile(member.memberId, { db });
  const emails = [account.email, member.email];
  const addresses = [...emails, account.phoneNumber ?? "", profile.phone ?? ""];

  await deps.billing.closeMemberAccount(member);

  const children = deps.children ?? childAccounts();
  const leftAlone = await db.transaction(async (tx) => {
    // Read before anything changes: the children nobody else could look after go with this account.
    const alone = await childrenLeftAloneBy(tx, member.memberId);
    await forgetPerson(tx, member.memberId, emails, addresses);
    for (const child of alone) {
      await forgetPerson(tx, child.accountId, [], [child.signInName]);
      await forgetChildConsents(tx, child.accountId);
      if (children.accountsInDatabase) await children.remove(tx, child);
    }
    if (security.accountsInDatabase) await security.deleteUser(tx);
    // Not tied to the member (memberId null): it must reach them after everything else is gone.
    await queueChangeNotice(
      tx,
      { memberId: null, email: account.email, name: member.name },
      { kind: "account-deleted" },
      deps.now ?? new Date(),
    );
    return alone;
  });
  // The account is gone: its sessions' remembered checks go too (lib/identity/session-checks.ts).
  forgetStandingSessions();
  if (!children.accountsInDatabase)
    for (const child of leftAlone)
      await children
        .remove(db, child)
        .catch((error: unknown) => logError(`[member-data] the pool user of child ${child.accountId} stays`, error));
  if (!security.accountsInDatabase) await security.deleteUser();
  await deliverPending({ db }).catch((error: unknown) =>
    logError("[member-data] the deletion notice stays queued", error),
  );
}
