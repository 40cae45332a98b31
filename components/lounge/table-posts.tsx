"use client";

// The whole table renders on the client side of the page (and on the server's SSR pass): the page
// sends its posts as data, not as 50 posts' element trees each holding three client components, which
// cost more to serialise and read back than to render (bench `lounge-page`).
import type { PostLine, Thread } from "@/lib/lounge/page";
import type { FormAction, FormState } from "@/lib/forms";
import { CheerButton, ReportForm } from "./post-tools";
import { Disclosure } from "@/components/ui/disclosure";
import { PostForm } from "./post-form";

type Actions = { post: FormAction<FormState>; cheer: FormAction<FormState>; report: FormAction<FormState> };

/**
 * One post: its author's Lounge name, when, its text. A removed post keeps its place, empty; a held
 * one reaches its author only (the library sees to that), marked held with why. Cheers are private:
 * the author reads that someone cheered, never who or how many; others get the button only.
 */
function Post({ post, actions }: { post: PostLine; actions: Actions }) {
  if (post.removed)
    return (
      <article aria-label="A removed post" className="rounded-2xl border border-dashed border-slate-300 px-4 py-3">
        <p className="text-sm text-muted">This post was removed by a moderator.</p>
      </article>
    );
  return (
    <article
      aria-label={`${post.mine ? "Your post" : `${post.authorName}'s post`}, ${post.when}`}
      className="lounge-post"
      data-held={post.held || undefined}
    >
      <p>
        <b>{post.authorName}</b>
        {post.mine ? " (you)" : ""} · <time dateTime={new Date(post.createdAt * 1000).toISOString()}>{post.when}</time>
      </p>
      <p>{post.text}</p>
      {post.image?.url ? (
        // eslint-disable-next-line @next/next/no-img-element -- the image route checks who may see it on every request
        <img
          src={post.image.url}
          alt={`A photo ${post.mine ? "you" : post.authorName} posted`}
          width={post.image.width ?? undefined}
          height={post.image.height ?? undefined}
          className="mt-2 h-auto max-h-96 w-auto max-w-full rounded-xl"
        />
      ) : post.image?.status === "processing" ? (
        <p className="mt-1 text-sm text-muted">The photo is being prepared.</p>
      ) : post.image?.status === "failed" ? (
        <p className="mt-1 text-sm text-muted">The photo could not be taken: {post.image.error}</p>
      ) : null}
      {post.held ? (
        <div className="mt-2 text-sm text-ink">
          <p className="font-semibold">
            {post.holdReasons.every((reason) => reason === "image-check")
              ? "Only you can see it until its photo is checked."
              : "Held for a moderator: only you can see it until a person decides."}
          </p>
          {post.heldBecause.length ? (
            <ul className="mt-1 list-disc pl-5">
              {post.heldBecause.map((why) => (
                <li key={why}>{why}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {post.mine && post.cheered ? <p className="mt-2 text-sm text-brand-700">Someone cheered this.</p> : null}
      {!post.mine && !post.held ? (
        <div className="lounge-tools">
          <CheerButton postId={post.id} authorName={post.authorName} action={actions.cheer} />
          <ReportForm postId={post.id} authorName={post.authorName} action={actions.report} />
        </div>
      ) : null}
    </article>
  );
}

/** The table's threads, newest first: each first post, its replies under it, and a way to reply (one level deep). */
export function TablePosts({
  roomId,
  threads,
  postMax,
  actions,
}: {
  roomId: string;
  threads: Thread[];
  postMax: number;
  actions: Actions;
}) {
  if (threads.length === 0)
    return <p className="mt-3 text-base text-muted">Nobody has posted at your table yet: say hello.</p>;
  return (
    <ol className="mt-3 grid gap-5">
      {threads.map(({ post, replies }) => (
        <li key={post.id} className="grid gap-2">
          <Post post={post} actions={actions} />
          {replies.length ? (
            <ol aria-label="Replies" className="ml-5 grid gap-2 border-l-2 border-slate-200 pl-4">
              {replies.map((reply) => (
                <li key={reply.id}>
                  <Post post={reply} actions={actions} />
                </li>
              ))}
            </ol>
          ) : null}
          {!post.replyTo && !post.removed && !post.held ? (
            <Disclosure
              className="lounge-reply"
              summary={
                <>
                  Reply<span className="sr-only"> to {post.mine ? "your post" : `${post.authorName}'s post`}</span>
                </>
              }
            >
              <div className="mt-2">
                <PostForm
                  roomId={roomId}
                  replyTo={post.id}
                  label={`Reply to ${post.mine ? "your post" : `${post.authorName}'s post`}`}
                  submitLabel="Send reply"
                  postMax={postMax}
                  action={actions.post}
                />
              </div>
            </Disclosure>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
