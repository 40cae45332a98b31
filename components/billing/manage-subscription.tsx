"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { planName, useAccountStore } from "./account-store";
import { statusLabel } from "@/components/billing/subscription-summary";
import { callApi, succeeded } from "@/lib/graphql-client";
import { inQueueStartsAt } from "@/lib/billing/subscription-state";
import { formatDate } from "@/lib/format/date";
import { CancelSubscription } from "./cancel-subscription";
import { NoSubscription } from "./no-subscription";
import { ChangePlan } from "./change-plan";
import { PaymentMethods } from "./payment-methods";
import type { TokenizeSandboxCard } from "@/lib/billing/sandbox/cards";
import { TransactionHistory } from "./transaction-history";
import { Detail } from "@/components/ui/detail";
import { Panel } from "@/components/ui/panel";

/** The page's one place for the result of the last action: announced, and focusable for keyboards. */
function ResultMessage() {
  const { state } = useAccountStore();
  const message = state.subscription.message;
  return (
    <div aria-live="polite" className="min-h-0">
      {message ? (
        <p
          id="billing-result"
          tabIndex={-1}
          role={message.tone === "error" ? "alert" : "status"}
          className={`rounded-xl border p-3 font-medium ${message.tone === "error" ? "border-red-700 bg-red-50 text-red-800" : "border-green-700 bg-green-50 text-green-900"}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/** The current subscription and the in-queue one, with their dates; "Keep my plan" when it is set to end. */
function CurrentSubscription() {
  const { state, dispatch, refresh } = useAccountStore();
  const { active, inQueue, plans, loading } = state.subscription;
  const [pending, setPending] = useState(false);

  async function keep() {
    if (!active) return;
    setPending(true);
    const result = await callApi("resumeSubscription", { subscriptionId: active.subscriptionId });
    if (succeeded(result)) await refresh(["subscriptions"]);
    setPending(false);
    dispatch({
      type: "setMessage",
      message: succeeded(result)
        ? {
            tone: "success",
            text: `You kept ${planName(plans, active.planPriceId)}. It renews on ${formatDate(active.currentPeriodEnd)}.`,
          }
        : { tone: "error", text: result.message },
    });
  }

  return (
    <Panel compact aria-labelledby="current-plan" className="min-h-40" aria-busy={loading.subscriptions}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="current-plan" className="text-lg font-semibold text-ink">
          Your plan
        </h2>
        {loading.subscriptions ? <Spinner label="Updating your plan" /> : null}
      </div>
      {active ? (
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Detail term="Plan" testId="current-plan-name">
            {planName(plans, active.planPriceId)}
          </Detail>
          <Detail term="Status">{active.cancelAt && !inQueue ? "Set to end" : statusLabel(active.status)}</Detail>
          <Detail term={active.cancelAt ? "Ends on" : "Renews on"}>
            {formatDate(active.cancelAt ?? active.currentPeriodEnd)}
          </Detail>
          <Detail term="Current period">
            {formatDate(active.currentPeriodStart)} to {formatDate(active.currentPeriodEnd)}
          </Detail>
          {inQueue ? (
            <Detail term="Next plan (in queue)" className="sm:col-span-2">
              {planName(plans, inQueue.planPriceId)}, starts on {formatDate(inQueueStartsAt(inQueue))}
            </Detail>
          ) : null}
        </dl>
      ) : (
        <NoSubscription message="You have no active subscription." />
      )}
      {active?.cancelAt ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-2xl bg-brand-50 p-4">
          <p className="flex-1 text-ink">
            Your plan ends on {formatDate(active.cancelAt)}
            {inQueue ? ` and ${planName(plans, inQueue.planPriceId)} starts then` : ""}. Changed your mind?
          </p>
          <Button onClick={() => void keep()} pending={pending} pendingLabel="Keeping your plan…">
            Keep my plan
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}

/** /manage-subscription: the plan, changing it, cancelling, payment methods and transactions. */
/** `tokenizeSandboxCard`: the sandbox card field's server action (used when Stripe is not configured). */
export function ManageSubscription({
  stripePublishableKey,
  tokenizeSandboxCard,
  changeTo,
}: {
  stripePublishableKey: string | null;
  tokenizeSandboxCard: TokenizeSandboxCard;
  changeTo: string | null;
}) {
  return (
    // minmax(0, 1fr): the column may be narrower than a wide table inside it (which then scrolls itself).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <ResultMessage />
      <CurrentSubscription />
      <ChangePlan initialPriceId={changeTo} />
      <CancelSubscription />
      <PaymentMethods stripePublishableKey={stripePublishableKey} tokenizeSandboxCard={tokenizeSandboxCard} />
      <TransactionHistory />
    </div>
  );
}
