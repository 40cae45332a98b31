import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { formatDate } from "@/lib/format/date";
import type { SharedSince } from "@/lib/today/page";

const KIND_WORD = { habit: "a habit", event: "an event", moment: "a moment" } as const;
const hrefOf = (item: SharedSince) =>
  item.itemType === "habit"
    ? "/habits"
    : item.itemType === "moment"
      ? `/cam/${item.itemId}`
      : `/calendar/event/${item.itemId}`;

/** What people in the member's circles shared with them since their last visit, each linked to where it lives. */
export function TodayCircle({
  shared,
  more,
  since,
  firstVisit,
}: {
  shared: SharedSince[];
  more: number;
  since: Date;
  firstVisit: boolean;
}) {
  const sinceWords = firstVisit ? "In the last week" : `Since your last visit (${formatDate(since.getTime() / 1000)})`;
  return (
    <Panel aria-labelledby="today-circle" compact className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-circle" className="text-xl font-semibold text-ink">
          From your circle
        </h2>
        <Link href="/circle" className="text-sm font-semibold text-brand-700 underline">
          Your circle
        </Link>
      </div>
      <p className="mt-1 text-sm text-muted">{sinceWords}</p>
      {shared.length === 0 ? (
        <p className="mt-2 text-base text-muted">Nothing new shared with you.</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {shared.map((item) => (
            <li key={`${item.itemType}-${item.itemId}`} className="text-base text-ink">
              {`${item.ownerName ?? "Someone in your circle"} shared ${KIND_WORD[item.itemType]}: `}
              <Link href={hrefOf(item)} className="underline">
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? <p className="mt-2 text-sm text-muted">{`And ${more} more.`}</p> : null}
    </Panel>
  );
}
