import type { ReactNode } from "react";

/** One fact in a <dl> (a plan, a status, a date): its name above its value. */
export function Detail({
  term,
  children,
  className,
  testId,
}: {
  term: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-medium text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
