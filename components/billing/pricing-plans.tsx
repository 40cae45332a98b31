"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { planTiers, type PlanTier } from "@/config/plans";
import { Button } from "@/components/ui/button";
import { useAccountStore } from "./account-store";
import { callApi, succeeded, type ApiPlan } from "@/lib/graphql-client";
import { IntervalSwitch } from "./interval-switch";
import { PlanCard, tierOfProductName } from "./plan-card";

/** The plans for a signed-in member: the current one marked; Subscribe goes to the hosted checkout. */
export function PricingPlans() {
  const { state, dispatch } = useAccountStore();
  const { plans, active, selectedInterval, selectedPriceId, message } = state.subscription;
  const [pendingPriceId, setPendingPriceId] = useState<string | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const shown = plans.filter((plan) => plan.interval === selectedInterval);
  // Plans the provider has no price for at this interval: listed, as not available (no made-up amount).
  const missing = (Object.keys(planTiers) as PlanTier[]).filter(
    (tier) => !shown.some((plan) => tierOfProductName(plan.productName) === tier),
  );

  async function subscribe(plan: ApiPlan) {
    setPendingPriceId(plan.priceId);
    dispatch({ type: "selectPlan", priceId: plan.priceId });
    dispatch({ type: "setMessage", message: null });
    const origin = window.location.origin;
    const result = await callApi("createSubscriptionCheckoutSession", {
      priceId: plan.priceId,
      successUrl: `${origin}/pricing/success`,
      cancelUrl: `${origin}/pricing?checkout=canceled`,
    });
    if (succeeded(result) && result.url) {
      // Stays pending: the browser is leaving for the checkout page.
      window.location.assign(result.url);
      return;
    }
    setPendingPriceId(null);
    dispatch({ type: "setMessage", message: { tone: "error", text: result.message } });
    requestAnimationFrame(() => messageRef.current?.focus());
  }

  return (
    <div>
      <p
        ref={messageRef}
        tabIndex={-1}
        role={message?.tone === "error" ? "alert" : "status"}
        className={
          message
            ? `mx-auto mb-6 max-w-2xl rounded-xl border p-3 text-center font-medium ${message.tone === "error" ? "border-red-700 bg-red-50 text-red-800" : "border-brand-200 bg-brand-50 text-ink"}`
            : "sr-only"
        }
      >
        {message?.text ?? ""}
      </p>
      <IntervalSwitch
        value={selectedInterval}
        onChange={(interval) => dispatch({ type: "selectInterval", interval })}
      />
      <ul className="grid gap-6 md:grid-cols-2">
        {shown.map((plan) => {
          const tier = tierOfProductName(plan.productName);
          const current = active?.planPriceId === plan.priceId;
          const selected = !current && selectedPriceId === plan.priceId;
          return (
            <PlanCard
              key={plan.priceId}
              name={plan.productName}
              description={plan.productDescription}
              includes={tier ? planTiers[tier].includes : []}
              amount={plan.unitAmount}
              currency={plan.currency}
              interval={plan.interval === "year" ? "year" : "month"}
              badge={current ? "Current plan" : selected ? "Selected" : undefined}
            >
              {current ? (
                <Link
                  href="/manage-subscription"
                  className="rounded-full border border-brand-200 px-5 py-3 text-center text-sm font-semibold text-ink hover:bg-brand-50"
                >
                  Manage your plan
                </Link>
              ) : active ? (
                <Link
                  href={`/manage-subscription?change=${encodeURIComponent(plan.priceId)}`}
                  className="rounded-full bg-brand-600 px-5 py-3 text-center text-sm font-semibold text-white hover:bg-brand-700"
                >
                  Change to {plan.productName}
                </Link>
              ) : (
                <Button
                  onClick={() => void subscribe(plan)}
                  pending={pendingPriceId === plan.priceId}
                  disabled={pendingPriceId !== null}
                  pendingLabel="Starting checkout…"
                  aria-label={`Subscribe to ${plan.productName}, ${plan.interval === "year" ? "yearly" : "monthly"}`}
                >
                  Subscribe
                </Button>
              )}
            </PlanCard>
          );
        })}
        {missing.map((tier) => (
          <PlanCard
            key={tier}
            name={planTiers[tier].name}
            description={planTiers[tier].description}
            includes={planTiers[tier].includes}
            amount={null}
            currency={null}
            interval={selectedInterval}
          />
        ))}
      </ul>
    </div>
  );
}
