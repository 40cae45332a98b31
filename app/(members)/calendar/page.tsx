import { dateTimeFormat } from "@/lib/format/intl";
import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { CALENDAR_VIEWS, loadCalendarPage, stepDate, type CalendarView } from "@/lib/calendar/page";
import { buttonClass } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { FeedPanel } from "@/components/calendar/feed-panel";
import { AgendaList, ChildView, dayLabel, MonthView, PeopleKey, WeekView } from "@/components/calendar/views";
import { acknowledgeAction, revokeFeedAction, rotateFeedAction } from "./actions";

export const metadata: Metadata = { title: "My Calendar" };

const VIEW_NAMES: Record<CalendarView, string> = { agenda: "Agenda", week: "Week", month: "Month" };
const when = (date: Date, timezone: string) =>
  dateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: timezone }).format(date);

/** My Calendar: the agenda (default, and the accessible view), week and month; a child gets today and tomorrow. */
export default async function CalendarPage({
  searchParams,
}: {
  searchParams: Promise<{ view?: string; date?: string }>;
}) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { timezone, today, isChild, view, date, range, people, days, truncated, feed } = await loadCalendarPage(
    member.memberId,
    await searchParams,
  );
  const props = { days, timezone, people, acknowledge: acknowledgeAction };
  if (isChild) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <h1 className="text-4xl font-bold text-ink">My Calendar</h1>
        <ChildView {...props} />
      </div>
    );
  }
  const link = (next: { view?: CalendarView; date?: string }) =>
    `/calendar?view=${next.view ?? view}&date=${next.date ?? date}`;
  const heading =
    view === "month"
      ? dayLabel(`${date.slice(0, 7)}-01`, { month: "long", year: "numeric" })
      : view === "week"
        ? `Week of ${dayLabel(range.first, { day: "numeric", month: "long" })}`
        : `From ${dayLabel(range.first)}`;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">My Calendar</h1>
      <p className="mt-2 text-base text-muted">
        Yours and what your circle shares with you, each person in their colour. Times are in {timezone}.{" "}
        <Link href="/my-account" className="underline">
          Back to My Account
        </Link>
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Link href={`/calendar/new?date=${date}`} className={buttonClass("primary")}>
          New event
        </Link>
        <Link href="/calendar/import" className={buttonClass("secondary")}>
          Import a file
        </Link>
      </div>
      <nav aria-label="Calendar views" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {CALENDAR_VIEWS.map((name) => (
            <li key={name}>
              <Link
                href={link({ view: name })}
                aria-current={name === view ? "page" : undefined}
                className={buttonClass(name === view ? "primary" : "secondary")}
              >
                {VIEW_NAMES[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">{heading}</h2>
        <div className="flex gap-2">
          <Link href={link({ date: stepDate(view, date, -1) })} className={buttonClass("secondary")}>
            Earlier
          </Link>
          <Link href={link({ date: today })} className={buttonClass("secondary")}>
            Today
          </Link>
          <Link href={link({ date: stepDate(view, date, 1) })} className={buttonClass("secondary")}>
            Later
          </Link>
        </div>
      </div>
      <PeopleKey people={people} />
      {truncated ? <p className="mt-4 text-base text-ink">Only the first 5000 occurrences are shown.</p> : null}
      {view === "agenda" ? <AgendaList {...props} /> : null}
      {view === "week" ? <WeekView {...props} /> : null}
      {view === "month" ? <MonthView {...props} month={date.slice(0, 7)} /> : null}
      <Panel className="mt-10" aria-labelledby="feed-heading">
        <h2 id="feed-heading" className="text-xl font-semibold text-ink">
          Your calendar in other apps
        </h2>
        <p className="mt-2 text-base text-muted">
          A private link that Google Calendar, Outlook or Apple Calendar can subscribe to. Anyone with the link sees
          what you see here, so keep it to yourself; turn it off at any time.{" "}
          <a href="/calendar/download" className="underline" download>
            Download a copy (.ics)
          </a>
        </p>
        <div className="mt-4">
          <FeedPanel
            status={
              feed
                ? {
                    neutralTitles: feed.neutralTitles,
                    createdAt: when(feed.createdAt, timezone),
                    lastUsedAt: feed.lastUsedAt ? when(feed.lastUsedAt, timezone) : null,
                  }
                : null
            }
            rotate={rotateFeedAction}
            revoke={revokeFeedAction}
          />
        </div>
      </Panel>
    </div>
  );
}
