import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { boardLinks } from "@/lib/features";
import { loadGoalPage } from "@/lib/vision-board/page";
import { ActionButton } from "@/components/forms";
import { Panel } from "@/components/ui/panel";
import { CheerForm, GoalForms, ShareGoalForm } from "@/components/vision-board/goal-forms";
import { SharedWithList } from "@/components/circles/shared-with-list";
import { dayName, MomentPhoto } from "@/components/cam/moment-card";
import {
  addMilestoneAction,
  cheerGoalAction,
  completeMilestoneAction,
  goalPlanAction,
  goalStatusAction,
  shareGoalAction,
  stopSharingGoalAction,
} from "../../actions";

export const metadata: Metadata = { title: "Goal" };

const STATUS_WORDS = { active: "In progress", done: "Done", let_go: "Let go" } as const;

/** One goal: why it matters, its milestones (dated ones are in the calendar), linked habits, progress, status. */
export default async function GoalPage({ params }: { params: Promise<{ goalId: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const page = await loadGoalPage(member.memberId, (await params).goalId, { links: boardLinks });
  if (!page) notFound();
  const { goal, habits, shareTargets, shares, moments, concealMoments } = page;
  const title = goal.realTitle ?? goal.title ?? "Goal";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12">
      <p>
        <Link href={`/vision-board?board=${goal.boardId}`} className="underline">
          Back to the board
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-2 text-ink">
        {STATUS_WORDS[goal.status ?? "active"]}
        {goal.statusNote ? `: ${goal.statusNote}` : ""}
      </p>
      {goal.status === "let_go" && (
        <p className="mt-1 text-muted">
          You chose to let this one go. Making room for something else is part of the plan.
        </p>
      )}
      {goal.why && <p className="mt-4 text-lg text-ink">{goal.why}</p>}
      <dl className="mt-4 grid gap-1 text-ink">
        {goal.targetDate && (
          <div>
            <dt className="inline font-semibold">Target date: </dt>
            <dd className="inline">{goal.targetDate}</dd>
          </div>
        )}
        {goal.targetCount !== null && (
          <div>
            <dt className="inline font-semibold">Target: </dt>
            <dd className="inline">
              {goal.countDone ?? 0} of {goal.targetCount} {goal.targetUnit ?? ""}
            </dd>
          </div>
        )}
        {goal.progress !== null && (
          <div>
            <dt className="inline font-semibold">Progress: </dt>
            <dd className="inline">{Math.round(goal.progress * 100)}%</dd>
          </div>
        )}
      </dl>
      <Panel className="mt-8">
        <h2 className="text-xl font-semibold text-ink">Milestones</h2>
        {goal.milestones.length === 0 ? (
          <p className="mt-2 text-muted">No milestones yet.</p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {goal.milestones.map((milestone) => (
              <li key={milestone.id} className="flex flex-wrap items-center gap-3">
                <span className="text-ink">
                  {milestone.done ? "Done: " : ""}
                  {milestone.title}
                  {milestone.date ? ` (${milestone.date}, in your calendar)` : ""}
                </span>
                {goal.canEdit && (
                  <ActionButton
                    action={completeMilestoneAction}
                    fields={{ milestoneId: milestone.id, done: milestone.done ? "false" : "true" }}
                    label={milestone.done ? "Not done yet" : "Mark done"}
                    pendingLabel="Saving"
                    accessibleLabel={`${milestone.done ? "Not done yet" : "Mark done"}: ${milestone.title}`}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {goal.canEdit && (
        <GoalForms
          goalId={goal.id}
          mine={goal.mine}
          status={goal.status ?? "active"}
          countDone={goal.countDone}
          hasTarget={goal.targetCount !== null}
          habits={habits.map((habit) => ({ ...habit, linked: goal.habitIds.includes(habit.id) }))}
          addMilestone={addMilestoneAction}
          setStatus={goalStatusAction}
          savePlan={goalPlanAction}
        />
      )}
      <Panel aria-labelledby="moments-heading" className="mt-6">
        <h2 id="moments-heading" className="text-xl font-semibold text-ink">
          Moments
        </h2>
        <p className="mt-1 text-muted">
          Photos from Cam that mark progress on this goal
          {goal.mine ? ": private unless you share one in Cam." : ", those you may see."}
        </p>
        {moments.length === 0 ? (
          <p className="mt-2 text-muted">No moments yet.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {moments.map((moment) => (
              <li key={moment.id} className="grid content-start gap-2">
                <MomentPhoto moment={moment} size="thumbnail" concealed={concealMoments} />
                <Link href={`/cam/${moment.id}`} className="font-semibold text-ink underline">
                  {dayName(moment.day)}
                </Link>
                {!moment.mine && <span className="text-sm text-muted">{moment.ownerName}</span>}
                {moment.note && <p className="text-sm text-ink">{moment.note}</p>}
              </li>
            ))}
          </ul>
        )}
        {goal.mine && (
          <p className="mt-4">
            <Link href={`/cam?goal=${goal.id}`} className="underline">
              Add a moment
            </Link>
          </p>
        )}
      </Panel>
      {shareTargets.length > 0 && (
        <Panel aria-labelledby="share-heading" className="mt-6">
          <h2 id="share-heading" className="text-xl font-semibold text-ink">
            Share this goal
          </h2>
          <p className="mt-1 text-muted">With one person or your whole circle. Their cheers reach you alone.</p>
          <h3 className="mt-4 text-base font-semibold text-ink">Shared with</h3>
          <SharedWithList
            shares={shares.map((share) => ({
              shareId: share.id,
              circleId: share.circleId,
              name: share.targetName,
              permission: share.permission,
            }))}
            fields={{ itemId: goal.id }}
            stopSharing={stopSharingGoalAction}
            empty="Nobody: only you see it."
          />
          <ShareGoalForm goalId={goal.id} targets={shareTargets} action={shareGoalAction} />
        </Panel>
      )}
      {!goal.mine && goal.access !== "owner" && (
        <Panel className="mt-6">
          <h2 className="text-xl font-semibold text-ink">Cheer them on</h2>
          <CheerForm goalId={goal.id} action={cheerGoalAction} />
        </Panel>
      )}
      {goal.mine && goal.cheers.length > 0 && (
        <Panel className="mt-6">
          <h2 className="text-xl font-semibold text-ink">Cheers</h2>
          <p className="mt-1 text-muted">Only you see these.</p>
          <ul className="mt-3 grid gap-2">
            {goal.cheers.map((cheer) => (
              <li key={`${cheer.fromMemberId}`} className="text-ink">
                {cheer.fromName ?? "Someone in your circle"}
                {cheer.note ? `: ${cheer.note}` : ""}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
