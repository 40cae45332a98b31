import type { MonthlyModerationReport } from "@/lib/lounge";
import { HOLD_REASON_LABEL, REPORT_REASON_LABEL } from "@/lib/lounge/labels";

/** "1 h 35 min", "12 min", "2 days 3 h": the median wait in words. */
export function waitText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

function CountTable({ caption, rows }: { caption: string; rows: [string, number | string][] }) {
  return (
    <table className="w-full max-w-md text-left text-base">
      <caption className="pb-2 text-left text-lg font-semibold text-ink">{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="border-t border-black/10">
            <th scope="row" className="py-1.5 pr-4 font-normal text-ink">
              {label}
            </th>
            <td className="py-1.5 text-right font-semibold tabular-nums text-ink">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A month's moderation counts as tables: the public report's and the moderators' audit log page's one
 * way of showing them. Numbers only: nobody and nothing a member wrote.
 */
export function ModerationCounts({ counts }: { counts: MonthlyModerationReport }) {
  return (
    <div className="grid gap-8">
      <CountTable
        caption="Posts held by the automatic checks"
        rows={[
          ["Posts held for a person to decide", counts.holds],
          ...Object.entries(HOLD_REASON_LABEL).map(([reason, label]): [string, number] => [
            `Held for ${label}`,
            counts.holdsByReason[reason as keyof typeof counts.holdsByReason],
          ]),
        ]}
      />
      <CountTable
        caption="Reports from members"
        rows={[
          ["Reports made", counts.reports],
          ...Object.entries(REPORT_REASON_LABEL).map(([reason, label]): [string, number] => [
            `Reported as “${label}”`,
            counts.reportsByReason[reason as keyof typeof counts.reportsByReason],
          ]),
        ]}
      />
      <CountTable
        caption="Moderators’ decisions"
        rows={[
          ["Held posts published", counts.published],
          ["Posts removed", counts.removals],
          ["Reported posts kept", counts.dismissals],
          ["Warnings", counts.warnings],
          ["Suspensions from posting", counts.suspensions],
          [
            "Median time to a decision",
            counts.medianMinutesToDecision === null ? "No decisions" : waitText(counts.medianMinutesToDecision),
          ],
        ]}
      />
      <CountTable
        caption="Appeals (each decided by a moderator other than the one who acted)"
        rows={[
          ["Appeals made", counts.appeals],
          ["Upheld: the decision undone", counts.appealsUpheld],
          ["Rejected: the decision stands", counts.appealsRejected],
        ]}
      />
    </div>
  );
}
