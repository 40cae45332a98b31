import type { Metadata } from "next";
import Link from "next/link";
import { getModerationQueue, getOpenAppeals } from "@/lib/lounge";
import { HOLD_REASON_LABEL, REPORT_REASON_LABEL } from "@/lib/lounge/labels";
import { Panel } from "@/components/ui/panel";
import { DecideAppealForm } from "@/components/lounge/moderation/forms";
import { decideAppealAction } from "./actions";
import { moderatorOrNotFound } from "./guard";

export const metadata: Metadata = { title: "Lounge moderation" };

const when = (iso: string) => new Date(iso).toUTCString().slice(5, 22);

/** The moderators' queue (held and reported posts, oldest first) and the appeals to decide. */
export default async function ModerationPage() {
  const member = await moderatorOrNotFound();
  const [queue, appeals] = await Promise.all([getModerationQueue(member.memberId), getOpenAppeals(member.memberId)]);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Lounge moderation</h1>
      <p>
        <Link href="/lounge/moderation/log" className="underline">
          Audit log and monthly report
        </Link>
      </p>
      <Panel aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="text-xl font-semibold">
          Queue ({queue.length === 0 ? "empty" : `${queue.length} waiting`})
        </h2>
        {queue.length === 0 ? (
          <p>Nothing waits for a moderator.</p>
        ) : (
          <ol className="grid gap-3">
            {queue.map((item) => (
              <li key={item.postId} className="grid gap-1 border-b pb-3">
                <p>
                  <strong>{item.authorName}</strong>: {item.text}
                </p>
                <p className="text-sm">
                  {item.status === "held"
                    ? `Held (${item.holdReasons.map((reason) => HOLD_REASON_LABEL[reason]).join(", ")})`
                    : "Reported"}{" "}
                  since {when(item.since)} UTC
                  {item.reports.length
                    ? `; reports: ${item.reports.map((report) => REPORT_REASON_LABEL[report.reason] + (report.note ? ` ("${report.note}")` : "")).join("; ")}`
                    : ""}
                </p>
                <Link href={`/lounge/moderation/${item.postId}`} className="underline">
                  Decide on the post by {item.authorName}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel aria-labelledby="appeals-heading">
        <h2 id="appeals-heading" className="text-xl font-semibold">
          Appeals
        </h2>
        {appeals.length === 0 ? (
          <p>No appeal waits.</p>
        ) : (
          <ul className="grid gap-4">
            {appeals.map((appeal) => (
              <li key={appeal.id} className="grid gap-2 border-b pb-3">
                <p>
                  Appeal of a {appeal.entry.action === "suspend" ? `${appeal.entry.days}-day suspension` : "removal"}{" "}
                  (reason given: {appeal.entry.reason}):
                </p>
                <blockquote className="border-l-4 pl-3">{appeal.text}</blockquote>
                {appeal.mayDecide ? (
                  <DecideAppealForm action={decideAppealAction} appealId={appeal.id} />
                ) : (
                  <p className="text-sm">You made this decision: another moderator decides the appeal.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
