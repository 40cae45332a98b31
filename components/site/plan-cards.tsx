import Link from "next/link";
import { plans, planTiers, type PlanTier } from "@/config/plans";
import { formatMoney } from "@/lib/format/money";

/** The public plan catalogue: each tier with its monthly and yearly price and what it includes. */
export function PlanCards() {
  const tiers = Object.keys(planTiers) as PlanTier[];
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {tiers.map((tier) => {
        const info = planTiers[tier];
        const monthly = plans.find((plan) => plan.tier === tier && plan.interval === "month");
        const yearly = plans.find((plan) => plan.tier === tier && plan.interval === "year");
        return (
          <li key={tier} className="flex flex-col rounded-3xl p-8 shadow-sm ring-1 ring-black/10">
            <h2 className="text-2xl font-bold text-ink">{info.name}</h2>
            <p className="mt-2 text-muted">{info.description}</p>
            <dl className="mt-6 space-y-1">
              {monthly ? (
                <div className="flex items-baseline gap-2">
                  <dt className="sr-only">Monthly</dt>
                  <dd className="text-3xl font-extrabold text-ink">{formatMoney(monthly.unitAmount, monthly.currency)}</dd>
                  <dd className="text-muted">per month</dd>
                </div>
              ) : null}
              {yearly ? (
                <div className="flex items-baseline gap-2">
                  <dt className="sr-only">Yearly</dt>
                  <dd className="text-lg font-semibold text-ink">{formatMoney(yearly.unitAmount, yearly.currency)}</dd>
                  <dd className="text-muted">per year</dd>
                </div>
              ) : null}
            </dl>
            <ul className="mt-6 flex-1 space-y-2">
              {info.includes.map((item) => (
                <li key={item} className="flex gap-2 text-muted">
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-4 w-4 flex-none text-brand-600">
                    <path fill="currentColor" d="M7.7 13.3 4.4 10l-1.4 1.4 4.7 4.7 9.3-9.3-1.4-1.4z" />
                  </svg>
                  {item}
                </li>
              ))}
            </ul>
            <Link href={`/pricing?plan=${tier}`} prefetch={false} className="mt-8 rounded-full bg-brand-600 px-5 py-3 text-center text-sm font-semibold text-white hover:bg-brand-700">
              Choose {info.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
