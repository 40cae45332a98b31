import { dateTimeFormat } from "@/lib/format/intl";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { REACTION_LABELS, REACTIONS } from "@/lib/cam";
import { concealsPhotos, loadMoment } from "@/lib/cam/page";
import { Panel } from "@/components/ui/panel";
import { dayName, MomentPhoto } from "@/components/cam/moment-card";
import { ProcessingRefresh } from "@/components/cam/processing-refresh";
import { DeleteMoment, EditMomentForm, ReactionForm, ShareMomentForm } from "@/components/cam/moment-forms";
import { SharedWithList } from "@/components/circles/shared-with-list";
import {
  deleteMomentAction,
  reactAction,
  shareMomentAction,
  stopSharingMomentAction,
  updateMomentAction,
} from "../actions";
import { habitChoices } from "../habit-choices";
import { goalChoices } from "@/lib/vision-board";

export const metadata: Metadata = { title: "Moment" };

const timeOf = (seconds: number) =>
  dateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(seconds * 1000);

/**
 * One moment: its photo at display size, note and day. For its owner: editing, deleting, with whom it is
 * shared (the circle, one person, or nobody) and the reactions, seen by them alone. For someone it is
 * shared with: a short reaction.
 */
export default async function MomentPage({ params }: { params: Promise<{ momentId: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { momentId } = await params;
  const [loaded, discreet] = await Promise.all([loadMoment(member, momentId), concealsPhotos(member.memberId)]);
  if (!loaded) notFound();
  const { moment, albums, shareTargets, mayShare } = loaded;
  const owner = moment.mine;
  const [ownHabits, goals] = owner
    ? await Promise.all([habitChoices(member.memberId), goalChoices(member.memberId, { include: moment.goalId })])
    : [[], []];
  const goal = goals.find((choice) => choice.id === moment.goalId);
  const targets = [
    ...shareTargets.circles.map((circle) => ({ value: `circle:${circle.id}`, label: `Everyone in ${circle.name}` })),
    ...shareTargets.people.map((person) => ({ value: `member:${person.memberId}`, label: person.name })),
  ];
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">{owner ? "Your moment" : `${moment.ownerName}'s moment`}</h1>
      <p className="mt-2 text-base text-muted">
        <Link href="/cam" className="underline">
          Back to Cam
        </Link>
      </p>
      <Panel aria-labelledby="photo-heading" compact className="mt-6">
        <h2 id="photo-heading" className="text-xl font-semibold text-ink">
          {dayName(moment.day)}
        </h2>
        <div className="mt-3">
          <MomentPhoto moment={moment} size="display" concealed={discreet} />
        </div>
        <ProcessingRefresh pending={moment.image.status === "processing"} href={`/cam/${moment.id}`} />
        {moment.alt ? <p className="mt-3 text-sm text-muted">Photo: {moment.alt}</p> : null}
        {moment.note ? <p className="mt-3 whitespace-pre-line text-base text-ink">{moment.note}</p> : null}
        {goal ? (
          <p className="mt-3 text-base text-ink">
            Goal:{" "}
            <Link href={`/vision-board/goal/${goal.id}`} className="underline">
              {goal.title}
            </Link>
          </p>
        ) : null}
      </Panel>

      {owner ? (
        <>
          <Panel aria-labelledby="sharing-heading" compact className="mt-6">
            <h2 id="sharing-heading" className="text-xl font-semibold text-ink">
              Who can see it
            </h2>
            <SharedWithList
              shares={moment.shares.map((share) => ({ ...share, permission: "view" as const }))}
              fields={{ momentId: moment.id }}
              stopSharing={stopSharingMomentAction}
              empty="Only you."
            />
            {!mayShare ? (
              <p className="mt-3 text-sm text-muted">Your grown-ups have kept your moments private for now.</p>
            ) : targets.length > 0 ? (
              <ShareMomentForm momentId={moment.id} targets={targets} action={shareMomentAction} />
            ) : (
              <p className="mt-3 text-sm text-muted">Nobody to share with yet: your circle is on My Account.</p>
            )}
          </Panel>
          <Panel aria-labelledby="reactions-heading" compact className="mt-6">
            <h2 id="reactions-heading" className="text-xl font-semibold text-ink">
              Reactions
            </h2>
            <p className="mt-1 text-sm text-muted">Only you see these.</p>
            {moment.reactions.length === 0 ? (
              <p className="mt-2 text-base text-muted">None yet.</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {moment.reactions.map((reaction) => (
                  <li key={`${reaction.fromName}-${reaction.at}`} className="text-base text-ink">
                    {reaction.fromName}: {REACTION_LABELS[reaction.reaction]}
                    {reaction.note ? ` “${reaction.note}”` : ""}{" "}
                    <span className="text-sm text-muted">({timeOf(reaction.at)})</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel aria-labelledby="edit-heading" compact className="mt-6">
            <h2 id="edit-heading" className="text-xl font-semibold text-ink">
              Edit
            </h2>
            <EditMomentForm
              moment={moment}
              habits={ownHabits}
              albums={albums}
              goals={goals}
              action={updateMomentAction}
            />
            <div className="mt-6">
              <DeleteMoment momentId={moment.id} action={deleteMomentAction} />
            </div>
          </Panel>
        </>
      ) : (
        <Panel aria-labelledby="react-heading" compact className="mt-6">
          <h2 id="react-heading" className="text-xl font-semibold text-ink">
            React
          </h2>
          <p className="mt-1 text-sm text-muted">Only {moment.ownerName} sees it.</p>
          <ReactionForm
            momentId={moment.id}
            reactions={REACTIONS.map((reaction) => ({ value: reaction, label: REACTION_LABELS[reaction] }))}
            action={reactAction}
          />
        </Panel>
      )}
    </div>
  );
}
