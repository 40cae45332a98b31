import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getModerationPost, LoungeError } from "@/lib/lounge";
import { HOLD_REASON_LABEL, REPORT_REASON_LABEL } from "@/lib/lounge/labels";
import { Panel } from "@/components/ui/panel";
import { ModeratePostForm, ModeratorNoteForm } from "@/components/lounge/moderation/forms";
import { addModeratorNoteAction, moderatePostAction } from "../actions";
import { moderatorOrNotFound } from "../guard";

export const metadata: Metadata = { title: "Lounge moderation: a post" };

const when = (iso: string) => new Date(iso).toUTCString().slice(5, 22);

/** One post for a decision: its table's context, the reasons, the author's notes and history. */
export default async function ModerationPostPage({ params }: { params: Promise<{ postId: string }> }) {
  const member = await moderatorOrNotFound();
  const { postId } = await params;
  const detail = await getModerationPost(member.memberId, postId).catch((error: unknown) => {
    if (error instanceof LoungeError && error.status === 404) notFound();
    throw error;
  });
  const { post } = detail;
  return (
    <div className="grid gap-6">
      <p>
        <Link href="/lounge/moderation" className="underline">
          Back to the queue
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Post by {post.authorName}</h1>
      <Panel aria-labelledby="context-heading">
        <h2 id="context-heading" className="text-xl font-semibold">
          At the table
        </h2>
        <ol className="grid gap-2">
          {detail.context.map((before) => (
            <li key={before.id} className="text-muted">
              <strong>{before.authorName}</strong> ({when(before.createdAt)}): {before.text}
            </li>
          ))}
          <li>
            <strong>{post.authorName}</strong> ({when(post.createdAt)}): <mark>{post.text}</mark>
          </li>
        </ol>
        {detail.image?.url ? (
          // eslint-disable-next-line @next/next/no-img-element -- the image route checks on every request that the viewer moderates
          <img
            src={detail.image.url}
            alt={`The photo in ${post.authorName}'s post`}
            width={detail.image.width ?? undefined}
            height={detail.image.height ?? undefined}
            className="h-auto max-h-96 w-auto max-w-full rounded"
          />
        ) : detail.image ? (
          <p className="text-sm text-muted">
            {detail.image.status === "failed"
              ? `The photo could not be taken: ${detail.image.error}`
              : "The photo is still being processed."}
          </p>
        ) : null}
        <p className="text-sm">
          Status: {post.status}
          {post.holdReasons.length
            ? `; held for: ${post.holdReasons.map((reason) => HOLD_REASON_LABEL[reason]).join(", ")}`
            : ""}
          {detail.suspendedUntil ? `; author suspended until ${when(detail.suspendedUntil)} UTC` : ""}
        </p>
        {post.reports.length ? (
          <ul className="text-sm">
            {post.reports.map((report, index) => (
              <li key={index}>
                Reported: {REPORT_REASON_LABEL[report.reason]}
                {report.note ? `: "${report.note}"` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>
      {/* Always here, a removed post's too (its author may still be warned or suspended): the form
          stays in place after a decision, with its answer, while the page around it shows the new status. */}
      <Panel aria-labelledby="decide-heading">
        <h2 id="decide-heading" className="text-xl font-semibold">
          Decide
        </h2>
        <ModeratePostForm action={moderatePostAction} postId={post.postId} status={post.status} />
      </Panel>
      <Panel aria-labelledby="notes-heading">
        <h2 id="notes-heading" className="text-xl font-semibold">
          Notes on {post.authorName}
        </h2>
        <ul className="grid gap-1">
          {detail.notes.map((note, index) => (
            <li key={index}>
              {when(note.createdAt)}: {note.text}
            </li>
          ))}
        </ul>
        <ModeratorNoteForm action={addModeratorNoteAction} memberId={post.authorId} postId={post.postId} />
      </Panel>
      <Panel aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          Earlier decisions about {post.authorName}
        </h2>
        {detail.history.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {detail.history.map((entry) => (
              <li key={entry.id}>
                {when(entry.createdAt)}: {entry.action}
                {entry.days ? ` (${entry.days} days)` : ""}: {entry.reason}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
