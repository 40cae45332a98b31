import type { LoungeHome } from "@/lib/lounge/page";

/** The house rules, short enough for one screen: what a member accepts on joining and reads again from a report. */
export function HouseRules({ rules, headingId }: { rules: LoungeHome["rules"]; headingId: string }) {
  return (
    <div>
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        House rules
      </h2>
      <ol className="mt-3 grid gap-2 text-base text-ink">
        {rules.rules.map((rule) => (
          <li key={rule.title}>
            <strong>{rule.title}.</strong> {rule.text}
          </li>
        ))}
      </ol>
      <ul className="mt-3 grid gap-1 text-sm text-muted">
        {rules.how.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
