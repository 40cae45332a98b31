import Link from "next/link";
import type { ItemView } from "@/lib/vision-board";
import { Panel } from "@/components/ui/panel";

/**
 * My Vision Board on Today: the member's goals in progress with how far each has come (never a streak,
 * never "behind"). Lists name a goal by its code word when it has one.
 */
export function TodayGoals({ goals }: { goals: ItemView[] }) {
  return (
    <Panel aria-labelledby="today-goals" compact className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-goals" className="text-xl font-semibold text-ink">
          Goals in progress
        </h2>
        <Link href="/vision-board" className="text-sm font-semibold text-brand-700 underline">
          Open the board
        </Link>
      </div>
      {goals.length === 0 ? (
        <p className="mt-2 text-base text-muted">No goals in progress. A board is a good place to start one.</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {goals.map((goal) => (
            <li key={goal.id} className="flex flex-wrap items-center justify-between gap-2 text-base text-ink">
              <Link href={`/vision-board/goal/${goal.id}`} className="underline">
                {goal.title}
              </Link>
              {goal.progress !== null && (
                <span className="text-muted">{Math.round(goal.progress * 100)}% of the way</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
