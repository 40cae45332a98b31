"use client";

import Link from "next/link";
import { inQueueStartsAt } from "@/lib/billing/subscription-state";
import { formatDate } from "@/lib/format/date";
import { planName, useAccountStore } from "./account-store";
import { NoSubscription } from "@/components/billing/no-subscription";
import { buttonClass } from "@/components/ui/button";
import { Detail } from "@/components/ui/detail";

const statusLabels: Record<string, string> = {
  active: "Active",
  past_due: "Payment overdue",
  trialing: "Starts later",
  unpaid: "Unpaid",
  paused: "Paused",
  incomplete: "Awaiting payment",
};
export const statusLabel = (status: string) => statusLabels[status] ?? status.replaceAll("_", " ");

/** The member's plan at a glance: status, when it renews or ends, what comes next, and where to manage it. */
export function SubscriptionSummary() {
  const { state } = useAccountStore();
  const { active, inQueue, plans } = state.subscription;
  if (!active) {
    return <NoSubscription message="You have no subscription yet." className="mt-4 grid gap-4" />;
  }
  const ends = active.cancelAt !== null;
  return (
    <div className="mt-4 grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Detail term="Plan">{planName(plans, active.planPriceId)}</Detail>
        <Detail term="Status">{statusLabel(active.status)}</Detail>
        <Detail term={ends ? "Ends on" : "Renews on"}>
          {formatDate(ends ? active.cancelAt! : active.currentPeriodEnd)}
        </Detail>
        {inQueue ? (
          <Detail term="Next plan" className="sm:col-span-3">
            {planName(plans, inQueue.planPriceId)}, starts on {formatDate(inQueueStartsAt(inQueue))}
          </Detail>
        ) : null}
      </dl>
      <p className="flex flex-wrap gap-3">
        <Link href="/manage-subscription" className={buttonClass()}>
          Manage subscription
        </Link>
        <Link href="/pricing" className={buttonClass("secondary")}>
          Compare plans
        </Link>
      </p>
    </div>
  );
}
