"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogError } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { planName, useAccountStore } from "./account-store";
import { planChangeDirection } from "@/lib/billing/plan-change";
import { callApi, succeeded, type ApiPlan, type ApiProrationPreview } from "@/lib/graphql-client";
import { inQueueStartsAt } from "@/lib/billing/subscription-state";
import { formatDate } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { IntervalSwitch } from "./interval-switch";
import { Panel } from "@/components/ui/panel";

const asPrice = (plan: ApiPlan) => ({ id: plan.priceId, unitAmount: plan.unitAmount, interval: plan.interval });

type Preview =
  { phase: "loading" } | { phase: "ready"; preview: ApiProrationPreview } | { phase: "failed"; message: string };

/**
 * Change plan: choose one, see what it costs now ("due now", the figure the API answers: its lines add
 * up to it) and what follows (the next invoice, and in words when the billing date moves), then
 * confirm in a dialog. An upgrade applies now; a downgrade starts when the current period ends.
 */
export function ChangePlan({ initialPriceId }: { initialPriceId: string | null }) {
  const { state, dispatch, refresh } = useAccountStore();
  const { active, inQueue, plans, selectedInterval } = state.subscription;
  const selection = state.planChange;
  // The figure fetched for one selection and round; any other key shows "loading" until its own arrives.
  const [fetched, setFetched] = useState<{ key: string; preview: Preview } | null>(null);
  // Bumped to ask for a fresh figure (the one shown went out of date before it was confirmed).
  const [previewRound, setPreviewRound] = useState(0);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Opens the change dialog for `plan`; false when it is the member's current plan. */
  const select = (plan: ApiPlan) => {
    if (!active) return false;
    const current = plans.find((candidate) => candidate.priceId === active.planPriceId);
    const direction = current ? planChangeDirection(asPrice(current), asPrice(plan)) : "upgrade";
    if (direction === "same") return false;
    dispatch({ type: "selectPlanChange", selection: { priceId: plan.priceId, direction } });
    return true;
  };
  const choose = (plan: ApiPlan) => {
    if (select(plan)) setError(null);
  };

  // Arriving from /pricing with ?change=<price>: open that choice once. An effect event reads the
  // latest plans and subscription without making them reasons to run again (that would reopen it).
  const openArrivalChoice = useEffectEvent(() => {
    const plan = initialPriceId ? plans.find((candidate) => candidate.priceId === initialPriceId) : undefined;
    if (plan && active && !inQueue) {
      dispatch({ type: "selectInterval", interval: plan.interval === "year" ? "year" : "month" });
      select(plan);
    }
  });
  useEffect(() => openArrivalChoice(), []);

  // The figure is asked for when the dialog opens: the server records its date, and confirming uses it.
  const previewKey = selection && active ? `${active.subscriptionId} ${selection.priceId} ${previewRound}` : null;
  const preview: Preview = fetched && fetched.key === previewKey ? fetched.preview : { phase: "loading" };
  useEffect(() => {
    if (!selection || !active || !previewKey) return;
    let live = true;
    void callApi("previewProration", { subscriptionId: active.subscriptionId, priceId: selection.priceId }).then(
      (result) => {
        if (!live) return;
        const answer: Preview = succeeded(result)
          ? { phase: "ready", preview: result as ApiProrationPreview }
          : { phase: "failed", message: result.message };
        setFetched({ key: previewKey, preview: answer });
      },
    );
    return () => {
      live = false;
    };
  }, [selection, active, previewKey]);

  async function confirm() {
    if (!selection || !active || preview.phase !== "ready") return;
    const shown = preview.preview;
    setPending(true);
    setError(null);
    const result = await callApi("changeSubscriptionPlan", {
      subscriptionId: active.subscriptionId,
      newPriceId: selection.priceId,
      subItemId: active.subItemId,
    });
    if (!succeeded(result)) {
      setPending(false);
      setError(result.message);
      // A conflict means the figure shown no longer holds (it went out of date): show the current one.
      if (result.statusCode === 409) setPreviewRound((round) => round + 1);
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
        text:
          shown.change === "upgrade"
            ? upgradedMessage(name, shown)
            : `${name} starts on ${formatDate(result.currentPeriodEnd ?? active.currentPeriodEnd)}.`,
      },
    });
  }

  if (!active) return null;
  const shown = plans.filter((plan) => plan.interval === selectedInterval);
  const chosen = selection ? plans.find((plan) => plan.priceId === selection.priceId) : undefined;
  const title =
    selection && chosen
      ? `${selection.direction === "upgrade" ? "Upgrade" : "Downgrade"} to ${planName(plans, chosen.priceId)}`
      : "Change plan";

  return (
    <Panel compact aria-labelledby="change-plan">
      <h2 id="change-plan" className="text-lg font-semibold text-ink">
        Change plan
      </h2>
      {inQueue ? (
        <p className="mt-2 text-muted">
          {planName(plans, inQueue.planPriceId)} is already scheduled to start on {formatDate(inQueueStartsAt(inQueue))}
          . Keep your plan to choose another.
        </p>
      ) : (
        <>
          <p className="mt-2 mb-4 text-muted">
            An upgrade starts now: the unused time on your plan is credited against the new one, and moving between
            monthly and yearly billing moves your billing date to today. A downgrade starts when this period ends.
          </p>
          <IntervalSwitch
            value={selectedInterval}
            onChange={(interval) => dispatch({ type: "selectInterval", interval })}
          />
          <ul className="grid gap-3 sm:grid-cols-2">
            {shown.map((plan) => {
              const current = plan.priceId === active.planPriceId;
              const currentPlan = plans.find((candidate) => candidate.priceId === active.planPriceId);
              const direction = currentPlan ? planChangeDirection(asPrice(currentPlan), asPrice(plan)) : "upgrade";
              return (
                <li
                  key={plan.priceId}
                  className={`flex flex-col gap-3 rounded-2xl p-4 ring-1 ${current ? "ring-2 ring-brand-600" : "ring-black/10"}`}
                >
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
                      onOpenChange={(open) =>
                        open ? choose(plan) : dispatch({ type: "selectPlanChange", selection: null })
                      }
                      title={title}
                      busy={pending}
                      trigger={
                        <Button variant="secondary">
                          {direction === "upgrade" ? "Upgrade" : "Downgrade"} to {plan.productName} (
                          {plan.interval === "year" ? "yearly" : "monthly"})
                        </Button>
                      }
                    >
                      <ChangePreview
                        preview={preview}
                        currentPlan={planName(plans, active.planPriceId)}
                        newPlan={planName(plans, plan.priceId)}
                        interval={plan.interval}
                      />
                      <DialogError message={error} />
                      <div className="mt-6 flex flex-wrap gap-3">
                        <Button
                          onClick={() => void confirm()}
                          pending={pending}
                          pendingLabel="Changing your plan…"
                          disabled={preview.phase !== "ready"}
                        >
                          {selection?.direction === "upgrade" ? "Confirm upgrade" : "Confirm downgrade"}
                        </Button>
                        <Button
                          variant="secondary"
                          disabled={pending}
                          onClick={() => dispatch({ type: "selectPlanChange", selection: null })}
                        >
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
    </Panel>
  );
}

const per = (interval: string) => (interval === "year" ? "year" : "month");

/** The page's words after an upgrade: the figure charged (or credited) and, when it moved, the new billing date. */
function upgradedMessage(name: string, shown: ApiProrationPreview): string {
  const amount = shown.prorationAmount ?? 0;
  const currency = shown.upcomingInvoice?.currency ?? "usd";
  const paid =
    amount > 0
      ? ` ${formatMoney(amount, currency)} was charged now.`
      : amount < 0
        ? ` ${formatMoney(-amount, currency)} was credited to you for your next invoices.`
        : "";
  const moved = shown.nextBillingDate !== null && shown.nextBillingDate !== shown.currentBillingDate;
  const when =
    shown.endsAt !== null
      ? ` It ends on ${formatDate(shown.endsAt)}.`
      : moved && shown.nextBillingDate !== null
        ? ` Your billing date has moved: it now renews on ${formatDate(shown.nextBillingDate)}.`
        : "";
  return `Your plan is now ${name}.${paid}${when}`;
}

/** What the change costs now and what follows, as the API answered it (the same figure everywhere). */
function ChangePreview({
  preview,
  currentPlan,
  newPlan,
  interval,
}: {
  preview: Preview;
  currentPlan: string;
  newPlan: string;
  interval: string;
}) {
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
  const {
    prorationAmount,
    invoiceItems,
    upcomingInvoice,
    change,
    currentBillingDate,
    nextBillingDate,
    nextInvoiceAmount,
    endsAt,
  } = preview.preview;
  const dueNow = prorationAmount ?? 0;
  const currency = upcomingInvoice?.currency ?? invoiceItems?.[0]?.currency ?? "usd";
  const money = (amount: number) => formatMoney(amount, currency);
  const label = dueNow < 0 ? "Credited to you now" : "Due now";
  const moved = nextBillingDate !== null && currentBillingDate !== null && nextBillingDate !== currentBillingDate;
  return (
    <div className="grid min-h-32 gap-4">
      <p className="text-lg text-ink">
        {label}:{" "}
        <strong data-testid="proration-amount" data-amount={dueNow}>
          {money(Math.abs(dueNow))}
        </strong>
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
                <td className="py-2 pr-2 text-ink">
                  {line.description ?? (line.amount < 0 ? "Unused time on your current plan" : `${newPlan} from now`)}
                </td>
                <td className="py-2 text-right whitespace-nowrap text-ink">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-2 pr-2 font-semibold text-ink">
                Total {dueNow < 0 ? "credited" : "due"} now
              </th>
              <td className="py-2 text-right font-semibold whitespace-nowrap text-ink">{money(dueNow)}</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
      <p className="text-ink" data-testid="billing-date-words">
        {change === "downgrade" ? (
          <>
            You keep {currentPlan} until {formatDate(currentBillingDate ?? 0)}. {newPlan} starts on{" "}
            <strong>{formatDate(nextBillingDate ?? 0)}</strong>: your next invoice is {money(nextInvoiceAmount ?? 0)}{" "}
            then, and every {per(interval)} after. Nothing is charged now.
          </>
        ) : endsAt !== null ? (
          <>
            Your plan is set to end, and still will: with this change it ends on <strong>{formatDate(endsAt)}</strong>
            {moved ? ` instead of ${formatDate(currentBillingDate ?? 0)}` : ""}, with nothing more to pay.
          </>
        ) : moved ? (
          <>
            Your billing date moves: {newPlan} starts a new {per(interval)} today, so you next pay{" "}
            {money(nextInvoiceAmount ?? 0)} on <strong>{formatDate(nextBillingDate ?? 0)}</strong> instead of on{" "}
            {formatDate(currentBillingDate ?? 0)}, then every {per(interval)}.
          </>
        ) : (
          <>
            Your billing date stays the same: your next invoice is {money(nextInvoiceAmount ?? 0)} on{" "}
            <strong>{formatDate(nextBillingDate ?? 0)}</strong>.
          </>
        )}
        {dueNow < 0 ? " The credit pays toward your next invoices." : ""}
      </p>
    </div>
  );
}
