import type { ScoredDay } from "@/lib/habits/score";

const LOOK: Record<ScoredDay["state"], { className: string; word: string }> = {
  done: { className: "bg-brand-600", word: "done" },
  rest: { className: "bg-sky-300", word: "rest day" },
  missed: { className: "bg-slate-300", word: "not done" },
  neutral: { className: "bg-white", word: "not due" },
  open: { className: "bg-white", word: "today, open" },
};

/**
 * A habit's recent days as a calendar heat map, one square a day, weeks as columns. Each square names
 * its day and state for screen readers, and a sentence sums the weeks up in words. Only the
 * member's own past: no comparison with anyone.
 */
export function HabitHeatMap({ title, days }: { title: string; days: ScoredDay[] }) {
  const counts = { done: 0, rest: 0, missed: 0 };
  for (const day of days) if (day.state in counts) counts[day.state as keyof typeof counts]++;
  return (
    <figure className="mt-3">
      <ol className="grid grid-flow-col grid-rows-7 gap-1" aria-label={`${title}: the last ${days.length} days`}>
        {days.map((day) => (
          <li
            key={day.date}
            className={`size-3.5 rounded-sm border border-slate-300 ${LOOK[day.state].className}`}
            title={`${day.date}: ${LOOK[day.state].word}`}
          >
            <span className="sr-only">{`${day.date}: ${LOOK[day.state].word}`}</span>
          </li>
        ))}
      </ol>
      <figcaption className="mt-2 text-sm text-muted">
        {`In these ${days.length} days: done on ${counts.done}, ${counts.rest} rest ${counts.rest === 1 ? "day" : "days"}, not done on ${counts.missed}.`}
      </figcaption>
    </figure>
  );
}
