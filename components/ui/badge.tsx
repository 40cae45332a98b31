import type { ReactNode } from "react";

/** A small status pill: brand colours when good, amber when it needs attention. */
export function Badge({ good, children }: { good: boolean; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${good ? "bg-brand-50 text-brand-900" : "bg-amber-50 text-amber-900"}`}
    >
      {children}
    </span>
  );
}
