"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogError } from "@/components/ui/dialog";
import { planName, useAccountStore, type CancelSelection } from "./account-store";
import { callApi, succeeded } from "@/lib/graphql-client";
import { formatDate } from "@/lib/format/date";
import { Panel } from "@/components/ui/panel";

/** Cancel at the end of the period or now, each with what it means, confirmed in a dialog. */
export function CancelSubscription() {
  const { state, dispatch, refresh } = useAccountStore();
  const { active, inQueue, plans } = state.subscription;
  const selection = state.cancelSelection;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!active) return null;

  const name = planName(plans, active.planPriceId);
  const endDate = formatDate(active.currentPeriodEnd);
  const select = (next: CancelSelection | null) => {
    setError(null);
    dispatch({ type: "selectCancel", selection: next });
  };

  async function confirm(kind: CancelSelection) {
    if (!active) return;
    setPending(true);
    setError(null);
    const result = await callApi(kind === "period_end" ? "cancelSubscription" : "cancelSubscriptionImmediately", {
      subscriptionId: active.subscriptionId,
    });
    if (!succeeded(result)) {
      setPending(false);
      setError(result.message);
      return;
    }
    await refresh(kind === "period_end" ? ["subscriptions"] : ["subscriptions", "transactions"]);
    setPending(false);
    dispatch({ type: "selectCancel", selection: null });
    dispatch({
      type: "setMessage",
      message: {
        tone: "success",
        text: kind === "period_end" ? `Your subscription will end on ${endDate}.` : "Your subscription has ended.",
      },
    });
  }

  const consequences: Record<CancelSelection, { title: string; action: string; lines: string[] }> = {
    period_end: {
      title: "Cancel at the end of the period",
      action: "Cancel at period end",
      lines: [
        `You keep ${name} until ${endDate}. Then it ends and you are not charged again.`,
        ...(inQueue ? [`Your scheduled change to ${planName(plans, inQueue.planPriceId)} is dropped.`] : []),
        "You can keep your plan any time before then.",
      ],
    },
    immediately: {
      title: "Cancel now",
      action: "Cancel now",
      lines: [
        `${name} ends now: you lose its features today.`,
        `The rest of this period (to ${endDate}) is not refunded.`,
        ...(inQueue ? [`Your scheduled change to ${planName(plans, inQueue.planPriceId)} is dropped.`] : []),
        "To come back later you subscribe again.",
      ],
    },
  };

  // Set to end with no plan after it: only "now" is left. With a downgrade queued, cancelling at the
  // period end still means something (the queued plan is dropped).
  const cancelled = active.cancelAt !== null && !inQueue;
  const kinds: CancelSelection[] = cancelled ? ["immediately"] : ["period_end", "immediately"];
  return (
    <Panel compact aria-labelledby="cancel-plan">
      <h2 id="cancel-plan" className="text-lg font-semibold text-ink">
        Cancel subscription
      </h2>
      <p className="mt-2 mb-4 text-muted">
        {cancelled
          ? `Your plan already ends on ${formatDate(active.cancelAt!)}. You can still end it now.`
          : "End your plan when this period ends, or now."}
      </p>
      <div className="flex flex-wrap gap-3">
        {kinds.map((kind) => (
          <Dialog
            key={kind}
            open={selection === kind}
            onOpenChange={(open) => select(open ? kind : null)}
            title={consequences[kind].title}
            busy={pending}
            size="large"
            trigger={<Button variant="secondary">{consequences[kind].action}</Button>}
          >
            <ul className="grid list-disc gap-2 pl-5 text-ink">
              {consequences[kind].lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <DialogError message={error} />
            <div className="mt-6 flex flex-wrap gap-3">
              <Button
                onClick={() => void confirm(kind)}
                pending={pending}
                pendingLabel="Cancelling…"
                className="bg-red-700! hover:bg-red-800!"
              >
                {`Confirm: ${consequences[kind].action.toLowerCase()}`}
              </Button>
              <Button variant="secondary" disabled={pending} onClick={() => select(null)}>
                Go back
              </Button>
            </div>
          </Dialog>
        ))}
      </div>
    </Panel>
  );
}
