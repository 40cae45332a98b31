import { Fragment, type ReactNode } from "react";
import { MEMBERS_FEATURES, type MembersFeatureKey } from "@/config/members-navigation";
import { Panel } from "@/components/ui/panel";
import type { FormAction, FormState } from "@/lib/forms";
import type { TodayPage } from "@/lib/today/page";
import { TodayHabits } from "./habits-section";
import { TodayEvents } from "./events-section";
import { TodayCircle } from "./circle-section";
import { TodayMoments } from "./cam-section";
import { TodayGoals } from "./goals-section";

type SectionProps = { page: TodayPage; checkIn: FormAction<FormState> };

/**
 * Each members' feature's section on Today, in the order of MEMBERS_FEATURES (only live ones show).
 * A feature that joins adds its section here: Cam this week's moments, the Vision Board the goals in
 * progress, the Lounge what is new there. Until then there is nothing to show for them, so nothing is.
 */
const TODAY_SECTIONS: Partial<Record<MembersFeatureKey, (props: SectionProps) => ReactNode>> = {
  habits: ({ page, checkIn }) => (
    <TodayHabits
      habits={page.habits}
      notDueToday={page.notDueToday}
      suggestions={page.suggestions.length}
      today={page.today}
      checkIn={checkIn}
    />
  ),
  calendar: ({ page }) => (
    <TodayEvents events={page.events} truncated={page.eventsTruncated} timezone={page.timezone} />
  ),
  cam: ({ page }) => <TodayMoments moments={page.moments} concealed={page.concealPhotos} />,
  "vision-board": ({ page }) => <TodayGoals goals={page.goals} />,
};

const longDateFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});
const longDate = (date: string) => longDateFormat.format(new Date(`${date}T00:00:00Z`));

/** The members' home: the day's habits, events and what the circle shared; a child's version greets them and names their grown-ups. */
export function TodayView({
  name,
  page,
  checkIn,
}: {
  name: string | null;
  page: TodayPage;
  checkIn: FormAction<FormState>;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">{page.child ? `Hi${name ? `, ${name}` : ""}!` : "Today"}</h1>
      <p className="mt-1 text-base text-muted">
        {page.child ? `Today is ${longDate(page.today)}.` : longDate(page.today)}
      </p>
      {MEMBERS_FEATURES.filter((feature) => feature.live).map((feature) => (
        <Fragment key={feature.key}>{TODAY_SECTIONS[feature.key]?.({ page, checkIn })}</Fragment>
      ))}
      <TodayCircle shared={page.shared} more={page.sharedMore} since={page.sharedSince} firstVisit={page.firstVisit} />
      {page.child ? (
        <Panel aria-labelledby="today-grown-ups" compact className="mt-6">
          <h2 id="today-grown-ups" className="text-xl font-semibold text-ink">
            Your grown-ups
          </h2>
          <ul className="mt-2 grid gap-1 text-base text-ink">
            {page.child.flatMap((circle) =>
              circle.grownUps.map((person, index) => <li key={`${circle.circleId}-${index}`}>{person.name}</li>),
            )}
          </ul>
        </Panel>
      ) : null}
    </div>
  );
}
