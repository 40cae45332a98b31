import type { Metadata } from "next";
import Link from "next/link";
import { getModerationLog, getMonthlyModerationReport } from "@/lib/lounge";
import { Panel } from "@/components/ui/panel";
import { ModerationCounts } from "@/components/lounge/moderation-counts";
import { moderatorOrNotFound } from "../guard";

export const metadata: Metadata = { title: "Lounge moderation: audit log" };

type SearchParams = Promise<{ month?: string }>;

/** The audit log (newest first, read only) and a month's counts. */
export default async function ModerationLogPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await moderatorOrNotFound();
  const requested = (await searchParams).month;
  const month =
    requested && /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? requested : new Date().toISOString().slice(0, 7);
  const [log, report] = await Promise.all([
    getModerationLog(member.memberId),
    getMonthlyModerationReport(member.memberId, month),
  ]);
  return (
    <div className="grid gap-6">
      <p>
        <Link href="/lounge/moderation" className="underline">
          Back to the queue
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <Panel aria-labelledby="report-heading">
        <h2 id="report-heading" className="text-xl font-semibold">
          Report for {month}
        </h2>
        <form method="get" className="flex items-end gap-2">
          <label htmlFor="report-month" className="grid gap-1 text-sm font-semibold">
            Month
            <input
              id="report-month"
              name="month"
              type="month"
              defaultValue={month}
              className="rounded border px-2 py-1"
            />
          </label>
          <button type="submit" className="rounded border px-3 py-1">
            Show
          </button>
        </form>
        <ModerationCounts counts={report} />
        <p className="text-sm">
          The public page:{" "}
          <Link href={`/moderation-report/${month}`} className="underline">
            moderation report for {month}
          </Link>
          .
        </p>
      </Panel>
      <Panel aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-semibold">
          Latest decisions
        </h2>
        {log.length === 0 ? (
          <p>No decision yet.</p>
        ) : (
          <table>
            <caption className="sr-only">Moderation decisions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Moderator</th>
                <th scope="col">Action</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {log.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.createdAt.slice(0, 16).replace("T", " ")}</td>
                  <td>{entry.moderatorId === member.memberId ? "You" : entry.moderatorId}</td>
                  <td>
                    {entry.action}
                    {entry.days ? ` (${entry.days} days)` : ""}
                  </td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
