import { dateTimeFormat } from "@/lib/format/intl";
import type { Metadata } from "next";
import { Subpage } from "@/components/ui/subpage";
import { BACK_TO_MY_CALENDAR } from "@/config/members-navigation";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { describeRecurrence, type SeriesStart } from "@/lib/calendar";
import { addDays, localDateOf } from "@/lib/time";
import { loadEventPage, repeatFor } from "@/lib/calendar/page";
import { EventForm } from "@/components/calendar/event-form";
import { DeleteEventForm } from "@/components/calendar/delete-event-form";
import { dayLabel } from "@/components/calendar/views";
import { Panel } from "@/components/ui/panel";
import { deleteEventAction, saveEventAction } from "../../actions";
import { listTitle } from "@/lib/display";

export const metadata: Metadata = { title: "Event" };

const clock = (instant: number, timezone: string) =>
  dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: timezone }).format(
    instant * 1000,
  );

/** One event: its details; for whoever may change it the edit and delete forms and who said "got it". */
export default async function EventPage({
  params,
  searchParams,
}: {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<{ at?: string }>;
}) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { eventId } = await params;
  const at = Number((await searchParams).at);
  const loaded = await loadEventPage(member.memberId, eventId);
  if (!loaded) notFound();
  const { event, timezone, people, acknowledged, choices } = loaded;
  const occurrenceStart = event.rrule && Number.isSafeInteger(at) ? at : null;
  const series: SeriesStart = event.allDay
    ? { allDay: true, startDate: event.startDate! }
    : { allDay: false, start: event.start!, timezone: event.timezone! };
  const repeatsIn = event.rrule ? describeRecurrence(event.rrule, series) : null;
  // The form opens on the occurrence chosen in the agenda (its day and times), or on the event's start.
  const length = event.allDay ? 0 : event.end! - event.start!;
  const startAt = event.allDay ? 0 : (occurrenceStart ?? event.start!);
  const days = event.allDay ? Math.round((Date.parse(event.endDate!) - Date.parse(event.startDate!)) / 86_400_000) : 0;
  const firstDay = event.allDay
    ? occurrenceStart
      ? localDateOf(occurrenceStart, timezone)
      : event.startDate!
    : localDateOf(startAt, timezone);
  const nameOf = (id: string) => people.find((person) => person.memberId === id)?.name ?? "Someone";
  const repeat = repeatFor(series, event.rrule);
  return (
    <Subpage back={BACK_TO_MY_CALENDAR} title={listTitle(event)}>
      <dl className="mt-4 grid gap-2 text-base text-ink">
        <div>
          <dt className="inline font-semibold">When: </dt>
          <dd className="inline">
            {dayLabel(firstDay)}
            {event.allDay
              ? days > 1
                ? ` to ${dayLabel(addDays(firstDay, days - 1))}`
                : ", all day"
              : `, ${clock(startAt, timezone)}\u2013${clock(startAt + length, timezone)}`}
          </dd>
        </div>
        {repeatsIn ? (
          <div>
            <dt className="inline font-semibold">Repeats: </dt>
            <dd className="inline">{repeatsIn}</dd>
          </div>
        ) : null}
        {event.location ? (
          <div>
            <dt className="inline font-semibold">Place: </dt>
            <dd className="inline">{event.location}</dd>
          </div>
        ) : null}
        {event.notes ? (
          <div>
            <dt className="font-semibold">Notes</dt>
            <dd className="whitespace-pre-line">{event.notes}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-semibold">Calendar: </dt>
          <dd className="inline">{event.ownerId === member.memberId ? "Yours" : `${nameOf(event.ownerId)}\u2019s`}</dd>
        </div>
      </dl>
      {event.canEdit && event.requiresAcknowledgement ? (
        <Panel className="mt-8" aria-labelledby="acks-heading">
          <h2 id="acks-heading" className="text-xl font-semibold text-ink">
            Who said &ldquo;got it&rdquo;
          </h2>
          {acknowledged.length ? (
            <ul className="mt-3 grid gap-1 text-base text-ink">
              {acknowledged.map((ack) => (
                <li key={`${ack.memberId}-${ack.recurrenceId}`}>
                  {nameOf(ack.memberId)}, for{" "}
                  {dayLabel(
                    /^\d+$/.test(ack.recurrenceId) ? localDateOf(Number(ack.recurrenceId), timezone) : ack.recurrenceId,
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-base text-ink">Nobody yet.</p>
          )}
          <p className="mt-2 text-sm text-muted">
            Asked of: {event.people.map(nameOf).join(", ") || "nobody (add attendees below)"}
          </p>
        </Panel>
      ) : null}
      {event.canEdit && choices ? (
        <>
          <h2 className="mt-10 text-2xl font-semibold text-ink">Change it</h2>
          <EventForm
            action={saveEventAction}
            timezone={timezone}
            repeatOptions={repeat.options}
            {...choices}
            edit={{ eventId, occurrenceStart, recurring: Boolean(event.rrule), currentRrule: event.rrule }}
            initial={{
              title: event.title,
              privateTitle: event.privateTitle ?? "",
              location: event.location ?? "",
              notes: event.notes ?? "",
              allDay: event.allDay,
              startDate: firstDay,
              startTime: event.allDay ? "09:00" : clock(startAt, timezone),
              endDate: event.allDay
                ? addDays(firstDay, Math.max(days - 1, 0))
                : localDateOf(startAt + length, timezone),
              endTime: event.allDay ? "10:00" : clock(startAt + length, timezone),
              repeat: repeat.selected,
              repeatEnd: repeat.end.type,
              repeatCount: repeat.end.type === "COUNT" ? String(repeat.end.count) : "10",
              repeatUntil: repeat.end.type === "UNTIL" ? repeat.end.date : "",
              visibility: event.visibility,
              circleId: event.circleId ?? choices.circles[0]?.circleId ?? "",
              people: event.people,
              requiresAcknowledgement: event.requiresAcknowledgement,
              calendarOf: event.ownerId,
            }}
          />
          <h2 className="mt-10 text-2xl font-semibold text-ink">Delete it</h2>
          <div className="mt-4">
            <DeleteEventForm
              action={deleteEventAction}
              eventId={eventId}
              occurrenceStart={occurrenceStart}
              recurring={Boolean(event.rrule)}
            />
          </div>
        </>
      ) : null}
    </Subpage>
  );
}
