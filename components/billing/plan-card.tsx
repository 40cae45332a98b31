import type { ReactNode } from "react";
import { planTiers, type PlanTier } from "@/config/plans";
import { formatMoney } from "@/lib/format/money";

/** The catalogue's tier for a provider product name ("Happr Family"), for what the plan includes. */
export function tierOfProductName(productName: string): PlanTier | undefined {
  return (Object.keys(planTiers) as PlanTier[]).find((tier) => planTiers[tier].name === productName);
}

type PlanCardProps = {
  name: string;
  description: string | null;
  includes: string[];
  /** The provider's price; null when it has none for this plan (shown as not available, never a made-up figure). */
  amount: number | null;
  currency: string | null;
  interval: "month" | "year";
  /** "Current plan" or "Selected": shown as a badge and as the card's outline. */
  badge?: string;
  /** Shown instead of the amount when there is none (default "Not available"). */
  unavailableLabel?: string;
  children?: ReactNode;
};

/** One plan: name, price for the chosen interval (the provider's, in its currency), what it includes, and its action. */
export function PlanCard({
  name,
  description,
  includes,
  amount,
  currency,
  interval,
  badge,
  unavailableLabel,
  children,
}: PlanCardProps) {
  return (
    <li
      className={`flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 sm:p-8 ${badge ? "ring-2 ring-brand-600" : "ring-black/10"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-2xl font-bold text-ink">{name}</h2>
        {badge ? (
          <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">{badge}</span>
        ) : null}
      </div>
      {description ? <p className="mt-2 text-muted">{description}</p> : null}
      {amount !== null && currency !== null ? (
        <p className="mt-6 flex items-baseline gap-2">
          <span className="text-3xl font-extrabold text-ink">{formatMoney(amount, currency)}</span>
          <span className="text-muted">per {interval}</span>
        </p>
      ) : (
        <p className="mt-6 text-lg font-semibold text-muted">{unavailableLabel ?? "Not available"}</p>
      )}
      <ul className="mt-6 flex-1 space-y-2">
        {includes.map((item) => (
          <li key={item} className="flex gap-2 text-muted">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-4 w-4 flex-none text-brand-600">
              <path fill="currentColor" d="M7.7 13.3 4.4 10l-1.4 1.4 4.7 4.7 9.3-9.3-1.4-1.4z" />
            </svg>
            {item}
          </li>
        ))}
      </ul>
      {children ? <div className="mt-8 grid">{children}</div> : null}
    </li>
  );
}
