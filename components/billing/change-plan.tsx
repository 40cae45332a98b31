"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogError } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { planName, useAccountStore } from "@/components/account/account-store";
import { planChangeDirection } from "@/lib/billing/plan-change";
import { callApi, succeeded, type ApiPlan, type ApiProrationPreview } from "@/lib/graphql-client";
import { inQueueStartsAt } from "@/lib/billing/subscription-state";
import { formatDate } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { IntervalSwitch } from "./interval-switch";
import { sectionClass } from "./manage-subscription";

const asPrice = (plan: ApiPlan) => ({ id: plan.priceId, unitAmount: plan.unitAmount, interval: plan.interval });

type Preview = { phase: "loading" } | { phase: "ready"; preview: ApiProrationPreview } | { phase: "failed"; message: string };

/**
 * Change plan: choose one, see whether it is an upgrade (applies now, the proration charged now: the
 * preview shows the amount, its lines and the next invoice) or a downgrade (starts when the current
 * period ends), then confirm in a dialog.
 */
export function ChangePlan({ initialPriceId }: { initialPriceId: string | null }) {
  const { state, dispatch, refresh } = useAccountStore();
  const { active, inQueue, plans, selectedInterval } = state.subscription;
  const selection = state.planChange;
  const [preview, setPreview] = useState<Preview>({ phase: "loading" });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = (plan: ApiPlan) => {
    if (!active) return;
    const current = plans.find((candidate) => candidate.priceId === active.planPriceId);
    const direction = current ? planChangeDirection(asPrice(current), asPrice(plan)) : "upgrade";
    if (direction === "same") return;
    setError(null);
    dispatch({ type: "selectPlanChange", selection: { priceId: plan.priceId, direction } });
  };

  // Arriving from /pricing with ?change=<price>: open that choice once.
  useEffect(() => {
    const plan = initialPriceId ? plans.find((candidate) => candidate.priceId === initialPriceId) : undefined;
    if (plan && active && !inQueue) {
      dispatch({ type: "selectInterval", interval: plan.interval === "year" ? "year" : "month" });
      choose(plan);
    }
    // Only on arrival.
  }, []);

  // An upgrade's preview is asked for when the dialog opens.
  useEffect(() => {
    if (!selection || selection.direction !== "upgrade" || !active) return;
    let live = true;
    setPreview({ phase: "loading" });
    void callApi("previewProration", { subscriptionId: active.subscriptionId, priceId: selection.priceId }).then((result) => {
      if (!live) return;
      setPreview(succeeded(result) ? { phase: "ready", preview: result as ApiProrationPreview } : { phase: "failed", message: result.message });
    });
    return () => {
      live = false;
    };
  }, [selection, active]);

  async function confirm() {
    if (!selection || !active) return;
    setPending(true);
    setError(null);
    const result = await callApi("changeSubscriptionPlan", { subscriptionId: active.subscriptionId, newPriceId: selection.priceId, subItemId: active.subItemId });
    if (!succeeded(result)) {
      setPending(false);
      setError(result.message);
      return;
    }
    await refresh(["subscriptions", "transactions"]);
    setPending(false);
    const name = planName(plans, selection.priceId);
    dispatch({ type: "selectPlanChange", selection: null });
    dispatch({
      type: "setMessage",
      message: {
        tone: "success",
        text: selection.direction === "upgrade" ? `Your plan is now ${name}.` : `${name} starts on ${formatDate(result.currentPeriodEnd ?? active.currentPeriodEnd)}.`,
      },
    });
  }

  if (!active) return null;
  const shown = plans.filter((plan) => plan.interval === selectedInterval);
  const chosen = selection ? plans.find((plan) => plan.priceId === selection.priceId) : undefined;
  const title = selection && chosen ? `${selection.direction === "upgrade" ? "Upgrade" : "Downgrade"} to ${planName(plans, chosen.priceId)}` : "Change plan";

  return (
    <section aria-labelledby="change-plan" className={sectionClass}>
      <h2 id="change-plan" className="text-lg font-semibold text-ink">
        Change plan
      </h2>
      {inQueue ? (
        <p className="mt-2 text-muted">
          {planName(plans, inQueue.planPriceId)} is already scheduled to start on {formatDate(inQueueStartsAt(inQueue))}. Keep your plan to choose another.
        </p>
      ) : (
        <>
          <p className="mt-2 mb-4 text-muted">An upgrade starts now and you pay the difference for the rest of this period. A downgrade starts when this period ends.</p>
          <IntervalSwitch value={selectedInterval} onChange={(interval) => dispatch({ type: "selectInterval", interval })} />
          <ul className="grid gap-3 sm:grid-cols-2">
            {shown.map((plan) => {
              const current = plan.priceId === active.planPriceId;
              const currentPlan = plans.find((candidate) => candidate.priceId === active.planPriceId);
              const direction = currentPlan ? planChangeDirection(asPrice(currentPlan), asPrice(plan)) : "upgrade";
              return (
                <li key={plan.priceId} className={`flex flex-col gap-3 rounded-2xl p-4 ring-1 ${current ? "ring-2 ring-brand-600" : "ring-black/10"}`}>
                  <p className="font-semibold text-ink">
                    {plan.productName}{" "}
                    <span className="font-normal text-muted">
                      {formatMoney(plan.unitAmount, plan.currency)} per {plan.interval}
                    </span>
                  </p>
                  {current ? (
                    <p className="text-sm font-semibold text-brand-700">Your current plan</p>
                  ) : (
                    <Dialog
                      open={selection?.priceId === plan.priceId}
                      onOpenChange={(open) => (open ? choose(plan) : dispatch({ type: "selectPlanChange", selection: null }))}
                      title={title}
                      busy={pending}
                      trigger={
                        <Button variant="secondary">
                          {direction === "upgrade" ? "Upgrade" : "Downgrade"} to {plan.productName} ({plan.interval === "year" ? "yearly" : "monthly"})
                        </Button>
                      }
                    >
                      {selection?.direction === "upgrade" ? (
                        <UpgradePreview preview={preview} next={{ amount: plan.unitAmount, currency: plan.currency, date: active.currentPeriodEnd }} />
                      ) : (
                        <p className="text-ink">
                          You keep {planName(plans, active.planPriceId)} until {formatDate(active.currentPeriodEnd)}. {planName(plans, plan.priceId)} starts on{" "}
                          <strong>{formatDate(active.currentPeriodEnd)}</strong> and costs {formatMoney(plan.unitAmount, plan.currency)} per {plan.interval} from then. Nothing is
                          charged now.
                        </p>
                      )}
                      <DialogError message={error} />
                      <div className="mt-6 flex flex-wrap gap-3">
                        <Button
                          onClick={() => void confirm()}
                          pending={pending}
                          pendingLabel="Changing your plan…"
                          disabled={selection?.direction === "upgrade" && preview.phase !== "ready"}
                        >
                          {selection?.direction === "upgrade" ? "Confirm upgrade" : "Confirm downgrade"}
                        </Button>
                        <Button variant="secondary" disabled={pending} onClick={() => dispatch({ type: "selectPlanChange", selection: null })}>
                          Not now
                        </Button>
                      </div>
                    </Dialog>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function UpgradePreview({ preview, next }: { preview: Preview; next: { amount: number; currency: string; date: number } }) {
  if (preview.phase === "loading") {
    return (
      <div className="flex min-h-32 items-center gap-3">
        <Spinner className="h-6 w-6" />
        <p role="status">Working out what you pay now…</p>
      </div>
    );
  }
  if (preview.phase === "failed") {
    return (
      <p role="alert" className="rounded-xl border border-red-700 bg-red-50 p-3 font-medium text-red-800">
        {preview.message}
      </p>
    );
  }
  const { prorationAmount, invoiceItems, upcomingInvoice } = preview.preview;
  const currency = upcomingInvoice?.currency ?? invoiceItems?.[0]?.currency ?? "usd";
  return (
    <div className="grid min-h-32 gap-4">
      <p className="text-lg text-ink">
        Due now: <strong data-testid="proration-amount">{formatMoney(prorationAmount ?? 0, currency)}</strong>
      </p>
      {invoiceItems?.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What the amount due now is made of</caption>
          <thead>
            <tr className="border-b border-slate-200 text-muted">
              <th scope="col" className="py-2 pr-2 font-semibold">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoiceItems.map((line, index) => (
              <tr key={index} className="border-b border-slate-100">
                <td className="py-2 pr-2 text-ink">{line.description ?? (line.amount < 0 ? "Unused time on your current plan" : "Remaining time on the new plan")}</td>
                <td className="py-2 text-right whitespace-nowrap text-ink">{formatMoney(line.amount, line.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {upcomingInvoice ? (
          <div>
            <dt className="text-muted">Invoiced now</dt>
            <dd className="font-medium text-ink">{formatMoney(upcomingInvoice.total, upcomingInvoice.currency)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted">Next invoice</dt>
          <dd className="font-medium text-ink">
            {formatMoney(next.amount, next.currency)} on {formatDate(next.date)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
