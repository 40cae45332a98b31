"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { plans, planTiers, type PlanTier } from "@/config/plans";
import { IntervalSwitch, type BillingInterval } from "@/components/billing/interval-switch";
import { PlanCard } from "@/components/billing/plan-card";
import { useSession } from "@/components/session/session-provider";
import { callApi, succeeded } from "@/lib/graphql-client";
import { isCurrentStatus } from "@/lib/billing/subscription-state";

/** The signed-in member's current plan as "<product name>:<interval>", asked of the API after the page loads. */
function useCurrentPlanKey(): string | null {
  const { isAuthenticated } = useSession();
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    if (!isAuthenticated) return;
    const controller = new AbortController();
    void (async () => {
      const subscriptions = await callApi("getMySubscriptions", {}, { signal: controller.signal });
      const current = subscriptions.subscriptionData?.find((s) => isCurrentStatus(s.status));
      if (!succeeded(subscriptions) || !current) return;
      const catalogue = await callApi("getPlans", {}, { signal: controller.signal });
      const plan = catalogue.plans?.find((candidate) => candidate.priceId === current.planPriceId);
      if (plan) setKey(`${plan.productName}:${plan.interval}`);
    })().catch(() => undefined);
    return () => controller.abort();
  }, [isAuthenticated]);
  return key;
}

/**
 * The public plan catalogue (static: prices from config/plans.ts) with a monthly/yearly switch.
 * Choosing a plan goes to /pricing with it selected; a visitor signs in first and comes back to it.
 */
export function PlanCards() {
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const currentKey = useCurrentPlanKey();
  const tiers = Object.keys(planTiers) as PlanTier[];
  return (
    <div>
      <IntervalSwitch value={interval} onChange={setBillingInterval} />
      <ul className="grid gap-6 md:grid-cols-2">
        {tiers.map((tier) => {
          const info = planTiers[tier];
          const plan = plans.find((candidate) => candidate.tier === tier && candidate.interval === interval)!;
          const current = currentKey === `${info.name}:${interval}`;
          return (
            <PlanCard
              key={tier}
              name={info.name}
              description={info.description}
              includes={info.includes}
              amount={plan.unitAmount}
              currency={plan.currency}
              interval={interval}
              badge={current ? "Current plan" : undefined}
            >
              <Link
                href={`/pricing?plan=${tier}&interval=${interval}`}
                prefetch={false}
                className="rounded-full bg-brand-600 px-5 py-3 text-center text-sm font-semibold text-white hover:bg-brand-700"
              >
                {current ? `Manage ${info.name}` : `Choose ${info.name}`}
              </Link>
            </PlanCard>
          );
        })}
      </ul>
    </div>
  );
}
