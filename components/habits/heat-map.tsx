import { dateTimeFormat } from "@/lib/format/intl";
import type { ScoredDay } from "@/lib/habits/score";
import { addDays, isoWeekday } from "@/lib/time";

const LOOK: Record<ScoredDay["state"], { className: string; word: string }> = {
  done: { className: "bg-brand-600 border-brand-700", word: "done" },
  rest: { className: "bg-sky-300 border-sky-500", word: "rest day" },
  missed: { className: "bg-slate-200 border-slate-400", word: "not done" },
  neutral: { className: "bg-white border-dashed border-slate-300", word: "not due" },
  open: { className: "bg-white border-brand-400", word: "today, open" },
};
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const FULL_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const short = (date: string) =>
  dateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/**
 * A habit's recent days as a calendar: a table with one row per week (Monday first) and one column per
 * weekday, each day a square in its state's colour with its date and state in words for screen
 * readers (and as a tooltip). A sentence under it sums the days up. Only the member's own past: no
 * comparison with anyone.
 */
export function HabitHeatMap({ title, days }: { title: string; days: ScoredDay[] }) {
  const counts = { done: 0, rest: 0, missed: 0 };
  for (const day of days) if (day.state in counts) counts[day.state as keyof typeof counts]++;
  const byDate = new Map(days.map((day) => [day.date, day]));
  const weeks: string[][] = [];
  if (days.length > 0) {
    const first = addDays(days[0]!.date, 1 - isoWeekday(days[0]!.date));
    const last = days.at(-1)!.date;
    for (let monday = first; monday <= last; monday = addDays(monday, 7))
      weeks.push(Array.from({ length: 7 }, (_, index) => addDays(monday, index)));
  }
  return (
    <figure className="mt-3">
      <table className="border-separate border-spacing-1 text-xs">
        <caption className="sr-only">{`${title}: the last ${days.length} days, a week a row`}</caption>
        <thead>
          <tr>
            <td />
            {WEEKDAYS.map((day, index) => (
              <th key={day} scope="col" className="w-6 font-medium text-muted">
                <abbr title={FULL_WEEKDAYS[index]} className="no-underline">
                  {day.slice(0, 1)}
                </abbr>
                <span className="sr-only">{day.slice(1)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              <th scope="row" className="pr-1 text-right font-medium whitespace-nowrap text-muted">
                <span className="sr-only">Week of </span>
                {short(week[0]!)}
              </th>
              {week.map((date) => {
                const day = byDate.get(date);
                return (
                  <td key={date} className="p-0">
                    {day ? (
                      <span
                        className={`block size-6 rounded border ${LOOK[day.state].className}`}
                        title={`${date}: ${LOOK[day.state].word}`}
                      >
                        <span className="sr-only">{`${date}: ${LOOK[day.state].word}`}</span>
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-2 text-sm text-muted">
        {`In these ${days.length} days: done on ${counts.done}, ${counts.rest} rest ${counts.rest === 1 ? "day" : "days"}, not done on ${counts.missed}.`}
      </figcaption>
    </figure>
  );
}
