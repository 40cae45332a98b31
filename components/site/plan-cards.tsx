"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { IntervalSwitch, type BillingInterval } from "@/components/billing/interval-switch";
import { PlanCard } from "@/components/billing/plan-card";
import { useSession } from "@/components/session/session-provider";
import { callApi, succeeded } from "@/lib/graphql-client";
import type { PlanOffers } from "@/lib/billing/plan-offers";
import { isCurrentStatus } from "@/lib/billing/subscription-state";

/** The signed-in member's current plan's price id, asked of the API after the page loads. */
function useCurrentPriceId(): string | null {
  const { isAuthenticated } = useSession();
  const [priceId, setPriceId] = useState<string | null>(null);
  useEffect(() => {
    if (!isAuthenticated) return;
    const controller = new AbortController();
    void (async () => {
      const subscriptions = await callApi("getMySubscriptions", {}, { signal: controller.signal });
      const current = subscriptions.subscriptionData?.find((s) => isCurrentStatus(s.status));
      if (succeeded(subscriptions) && current) setPriceId(current.planPriceId);
    })().catch(() => undefined);
    return () => controller.abort();
  }, [isAuthenticated]);
  return priceId;
}

/**
 * The public plan catalogue with a monthly/yearly switch: the plans and features of config/plans.ts
 * with the payment provider's amounts (`offers`, from the server's cached read). A plan the provider
 * has no price for is shown as not available. Choosing a plan goes to /pricing with it selected; a
 * visitor signs in first and comes back to it.
 */
export function PlanCards({ offers }: { offers: PlanOffers }) {
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const currentPriceId = useCurrentPriceId();
  const shown = offers.offers.filter((offer) => offer.interval === interval);
  return (
    <div>
      {offers.pricesKnown ? null : (
        <p
          role="status"
          className="mx-auto mb-6 max-w-2xl rounded-xl border border-brand-200 bg-brand-50 p-3 text-center"
        >
          We can’t show prices right now. Please try again in a few minutes: the plans and what they include are below.
        </p>
      )}
      <IntervalSwitch value={interval} onChange={setBillingInterval} />
      <ul className="grid gap-6 md:grid-cols-2">
        {shown.map((offer) => {
          const current = offer.price !== null && offer.price.priceId === currentPriceId;
          return (
            <PlanCard
              key={offer.lookupKey}
              name={offer.name}
              description={offer.description}
              includes={offer.includes}
              amount={offer.price?.unitAmount ?? null}
              currency={offer.price?.currency ?? null}
              interval={offer.interval}
              badge={current ? "Current plan" : undefined}
              unavailableLabel={offers.pricesKnown ? "Not available" : "Price not available right now"}
            >
              {offer.price || !offers.pricesKnown ? (
                <Link
                  href={`/pricing?plan=${offer.tier}&interval=${offer.interval}`}
                  prefetch={false}
                  className="rounded-full bg-brand-600 px-5 py-3 text-center text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {current ? `Manage ${offer.name}` : `Choose ${offer.name}`}
                </Link>
              ) : null}
            </PlanCard>
          );
        })}
      </ul>
    </div>
  );
}
