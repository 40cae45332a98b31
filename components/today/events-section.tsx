import { dateTimeFormat } from "@/lib/format/intl";
import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import type { TodayEvent } from "@/lib/today/page";

const timeOf = (event: TodayEvent, format: Intl.DateTimeFormat) =>
  event.allDay ? "All day" : `${format.format(event.start * 1000)}\u2013${format.format(event.end * 1000)}`;

/** The next events: today's and tomorrow's from the member's agenda, each a link to the event. */
export function TodayEvents({
  events,
  truncated,
  timezone,
}: {
  events: TodayEvent[];
  truncated: boolean;
  timezone: string;
}) {
  const days = [
    { key: "today", heading: "Today", empty: "Nothing on today." },
    { key: "tomorrow", heading: "Tomorrow", empty: "Nothing on tomorrow." },
  ] as const;
  // One formatter for every event (making one costs more than using it).
  const format = dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: timezone });
  return (
    <Panel aria-labelledby="today-events" compact className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-events" className="text-xl font-semibold text-ink">
          Next events
        </h2>
        <Link href="/calendar" className="text-sm font-semibold text-brand-700 underline">
          Open the calendar
        </Link>
      </div>
      {days.map((day) => {
        const ofDay = events.filter((event) => event.day === day.key);
        return (
          <div key={day.key} className="mt-3">
            <h3 className="text-base font-semibold text-ink">{day.heading}</h3>
            {ofDay.length === 0 ? (
              <p className="text-sm text-muted">{day.empty}</p>
            ) : (
              <ul className="mt-1 grid gap-1">
                {ofDay.map((event) => (
                  <li key={`${event.eventId}-${event.recurrenceId}`} className="flex flex-wrap gap-x-3 text-base">
                    <span className="w-28 shrink-0 text-muted tabular-nums">{timeOf(event, format)}</span>
                    {event.busyOnly ? (
                      <span className="text-ink">{event.title}</span>
                    ) : (
                      <Link href={`/calendar/event/${event.eventId}?at=${event.start}`} className="text-ink underline">
                        {event.title}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      {truncated ? <p className="mt-2 text-sm text-muted">More than fit here: the calendar has them all.</p> : null}
    </Panel>
  );
}
