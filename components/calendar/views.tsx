import { dateTimeFormat } from "@/lib/format/intl";
import Link from "next/link";
import { ActionButton } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";
import type { AgendaEntry } from "@/lib/calendar/store";
import type { CalendarDay, CalendarPerson, PersonColour } from "@/lib/calendar/page";

/** /calendar's views, server-rendered: the agenda list (the default, and the accessible one), week, month, and a child's simple view. */

const BORDER: Record<PersonColour, string> = {
  teal: "border-teal-600",
  violet: "border-violet-600",
  amber: "border-amber-600",
  rose: "border-rose-600",
  sky: "border-sky-600",
  lime: "border-lime-700",
};

export type ViewProps = {
  days: CalendarDay[];
  timezone: string;
  people: CalendarPerson[];
  acknowledge: FormAction<FormState>;
};

export function dayLabel(
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" },
) {
  return dateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

function timeLabel(occurrence: AgendaEntry, timezone: string) {
  if (occurrence.allDay) return "All day";
  const format = dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: timezone });
  return `${format.format(occurrence.start * 1000)}\u2013${format.format(occurrence.end * 1000)}`;
}

function personOf(people: CalendarPerson[], memberId: string): CalendarPerson {
  return (
    people.find((person) => person.memberId === memberId) ?? {
      memberId,
      name: "Someone",
      colour: "sky",
      isChild: false,
      canManage: false,
    }
  );
}

/** One occurrence: time, title (a link unless it is "Busy"), whose it is, and the "got it" when asked. */
function OccurrenceItem({
  occurrence,
  timezone,
  people,
  acknowledge,
  large = false,
}: { occurrence: AgendaEntry; large?: boolean } & Omit<ViewProps, "days">) {
  const person = personOf(people, occurrence.ownerId);
  const href = `/calendar/event/${occurrence.eventId}?at=${occurrence.start}`;
  return (
    <li className={`grid gap-1 border-l-4 py-2 pl-3 ${BORDER[person.colour]}`}>
      <span className={large ? "text-2xl font-semibold text-ink" : "text-sm text-muted"}>
        {timeLabel(occurrence, timezone)}
      </span>
      <span className={large ? "text-3xl font-bold text-ink" : "text-base font-semibold text-ink"}>
        {occurrence.busyOnly ? (
          occurrence.title
        ) : (
          <Link href={href} className="underline">
            {occurrence.title}
          </Link>
        )}
      </span>
      <span className={large ? "text-xl text-ink" : "text-sm text-muted"}>
        {person.name === "You" ? "Your calendar" : `${person.name}\u2019s calendar`}
      </span>
      {occurrence.asksViewer ? (
        occurrence.acknowledged ? (
          <span className={large ? "text-xl font-semibold text-green-800" : "text-sm font-semibold text-green-800"}>
            {"Got it \u2713"}
          </span>
        ) : (
          <ActionButton
            action={acknowledge}
            fields={{ eventId: occurrence.eventId, occurrenceStart: String(occurrence.start) }}
            label="Got it"
            pendingLabel="Saving"
            accessibleLabel={`Got it: ${occurrence.title}, ${dateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: timezone }).format(occurrence.start * 1000)}`}
            variant="primary"
          />
        )
      ) : null}
    </li>
  );
}

/** The agenda: one heading per day that has something, then its events in order. */
export function AgendaList({ days, ...rest }: ViewProps) {
  const busy = days.filter((day) => day.occurrences.length > 0);
  if (busy.length === 0) return <p className="mt-6 text-base text-ink">Nothing in these four weeks.</p>;
  return (
    <div className="mt-6 grid gap-6">
      {busy.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`} className="text-lg font-semibold text-ink">
            {dayLabel(day.date)}
          </h2>
          <ul className="mt-2 grid gap-2">
            {day.occurrences.map((occurrence) => (
              <OccurrenceItem
                key={`${occurrence.eventId}-${occurrence.recurrenceId}`}
                occurrence={occurrence}
                {...rest}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The week: its seven days side by side on wide screens, one under another on narrow ones. */
export function WeekView({ days, ...rest }: ViewProps) {
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-7">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`} className="rounded-2xl border border-slate-200 p-3">
          <h2 id={`day-${day.date}`} className="text-base font-semibold text-ink">
            {dayLabel(day.date, { weekday: "short", day: "numeric", month: "short" })}
          </h2>
          {day.occurrences.length ? (
            <ul className="mt-2 grid gap-2">
              {day.occurrences.map((occurrence) => (
                <OccurrenceItem
                  key={`${occurrence.eventId}-${occurrence.recurrenceId}`}
                  occurrence={occurrence}
                  {...rest}
                />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted">Nothing</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** The month as a table of weeks (the agenda is the accessible view of the same events). */
export function MonthView({ days, month, timezone, people }: ViewProps & { month: string }) {
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  return (
    <div className="mt-6 overflow-x-auto" role="region" aria-labelledby="month-caption" tabIndex={0}>
      <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm">
        <caption id="month-caption" className="sr-only">
          {dayLabel(`${month}-01`, { month: "long", year: "numeric" })}
        </caption>
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th key={day.date} scope="col" className="p-1 text-left font-semibold text-ink">
                {dayLabel(day.date, { weekday: "short" })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <td
                  key={day.date}
                  className={`h-24 border border-slate-200 p-1 align-top ${day.date.slice(0, 7) === month ? "" : "bg-slate-50"}`}
                >
                  <span className="font-semibold text-ink">{Number(day.date.slice(8))}</span>
                  <ul className="mt-1 grid gap-1">
                    {day.occurrences.slice(0, 4).map((occurrence) => (
                      <li
                        key={`${occurrence.eventId}-${occurrence.recurrenceId}`}
                        className={`truncate border-l-4 pl-1 text-ink ${BORDER[personOf(people, occurrence.ownerId).colour]}`}
                      >
                        {occurrence.allDay ? "" : `${timeLabel(occurrence, timezone).slice(0, 5)} `}
                        {occurrence.title}
                      </li>
                    ))}
                    {day.occurrences.length > 4 ? (
                      <li className="text-muted">{day.occurrences.length - 4} more</li>
                    ) : null}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A child's view: today and tomorrow, in large type, with the "got it" buttons. */
export function ChildView({ days, ...rest }: ViewProps) {
  return (
    <div className="mt-6 grid gap-8">
      {days.slice(0, 2).map((day, index) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`} className="text-3xl font-bold text-ink">
            {index === 0 ? "Today" : "Tomorrow"}
          </h2>
          {day.occurrences.length ? (
            <ul className="mt-3 grid gap-4">
              {day.occurrences.map((occurrence) => (
                <OccurrenceItem
                  key={`${occurrence.eventId}-${occurrence.recurrenceId}`}
                  occurrence={occurrence}
                  large
                  {...rest}
                />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-2xl text-ink">Nothing planned.</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** Whose colour is whose: names beside the colours (colour is never the only cue). */
export function PeopleKey({ people }: { people: CalendarPerson[] }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-3 text-sm text-ink" aria-label="Whose colour is whose">
      {people.map((person) => (
        <li key={person.memberId} className={`border-l-4 pl-2 ${BORDER[person.colour]}`}>
          {person.name}
        </li>
      ))}
    </ul>
  );
}
