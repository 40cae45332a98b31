"use client";

import { useId } from "react";

export type BillingInterval = "month" | "year";

/** Monthly or yearly prices: two radio buttons drawn as a segmented control (arrow keys move between them). */
export function IntervalSwitch({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const name = useId();
  const options: { value: BillingInterval; label: string }[] = [
    { value: "month", label: "Monthly" },
    { value: "year", label: "Yearly" },
  ];
  return (
    <fieldset className="mx-auto mb-8 flex w-fit rounded-full bg-brand-50 p-1 ring-1 ring-brand-200">
      <legend className="sr-only">Billing period</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`inline-flex min-h-11 cursor-pointer items-center rounded-full px-5 text-sm font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${value === option.value ? "bg-brand-600 text-white" : "text-ink"}`}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
