import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { habitPage } from "@/lib/habits/page";
import { Panel } from "@/components/ui/panel";
import { CheckInRow } from "@/components/habits/check-in-row";
import { CheckInForm } from "@/components/habits/check-in";
import { HabitForm } from "@/components/habits/habit-form";
import { HabitHeatMap } from "@/components/habits/heat-map";
import { ArchiveHabitForm, ShareHabitForm } from "@/components/habits/owner-forms";
import { checkInAction, saveHabitAction, shareHabitAction } from "../actions";
import { archiveHabitFromPageAction, tapCheckInAction } from "../check-in-actions";

export const metadata: Metadata = { title: "Habit" };

/**
 * One habit's own page: its last days to tap, a day filled in with an amount, a note or a rest day,
 * its history as a calendar, its CSV; for its owner also sharing, editing and archiving.
 */
export default async function HabitPage({ params }: { params: Promise<{ habitId: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { habitId } = await params;
  const page = await habitPage(member.memberId, habitId);
  if (!page) notFound();
  const { habit, title, days, today, owner, shareTargets: targets } = page;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-2 text-base text-muted">
        <Link href="/habits" className="underline">
          Back to My Habits
        </Link>
      </p>
      <Panel aria-labelledby="days-heading" compact className="mt-6">
        <h2 id="days-heading" className="text-xl font-semibold text-ink">
          Check in
        </h2>
        <CheckInRow habit={{ ...habit, title }} days={days} today={today} action={tapCheckInAction} />
        {habit.canCheckIn ? (
          <>
            <h3 className="mt-4 text-lg font-semibold text-ink">Fill in a day</h3>
            <CheckInForm
              habitId={habit.id}
              title={title}
              kind={habit.kind}
              unit={habit.unit}
              date={today}
              hasEntry={habit.todayState === "DONE" || habit.todayState === "REST"}
              action={checkInAction}
            />
          </>
        ) : (
          <p className="text-sm text-muted">Shared with you to see.</p>
        )}
      </Panel>
      <Panel aria-labelledby="history-heading" compact className="mt-6">
        <h2 id="history-heading" className="text-xl font-semibold text-ink">
          History
        </h2>
        <HabitHeatMap title={title} days={habit.recentDays} />
        <p className="mt-2 text-sm">
          <a href={`/habits/${habit.id}/csv`} className="underline">
            Download {title} as CSV
          </a>
        </p>
      </Panel>
      {owner ? (
        <>
          {targets.length > 0 ? (
            <Panel aria-labelledby="share-heading" compact className="mt-6">
              <h2 id="share-heading" className="text-xl font-semibold text-ink">
                Share
              </h2>
              <ShareHabitForm habitId={habit.id} title={title} targets={targets} action={shareHabitAction} />
            </Panel>
          ) : null}
          <Panel aria-labelledby="edit-heading" compact className="mt-6">
            <h2 id="edit-heading" className="text-xl font-semibold text-ink">
              Edit {title}
            </h2>
            <p className="mt-1 text-sm text-muted">A new target counts from today: past days keep the one they had.</p>
            <HabitForm values={{ ...habit, habitId: habit.id }} action={saveHabitAction} />
            <ArchiveHabitForm habitId={habit.id} title={title} action={archiveHabitFromPageAction} />
          </Panel>
        </>
      ) : null}
    </div>
  );
}
