import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { loadLoungeRoom, loungeTitle } from "@/lib/lounge/page";
import { Panel } from "@/components/ui/panel";
import { LeaveNow } from "@/components/discreet/leave-now";
import { LiveTable } from "@/components/lounge/live-table";
import { PostForm } from "@/components/lounge/post-form";
import { TablePosts } from "@/components/lounge/table-posts";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads";
import { cheerLoungeAction, postToLoungeAction, reportLoungeAction } from "../actions";
import { startUploadAction } from "../../upload-actions";

// The room's name says nothing personal; in discreet mode even that gives way to a neutral word.
export async function generateMetadata(): Promise<Metadata> {
  return { title: await loungeTitle((await getMember())?.memberId, "Lounge room") };
}

const actions = { post: postToLoungeAction, cheer: cheerLoungeAction, report: reportLoungeAction };

/**
 * A room of the Lounge (an opaque id): the member's table in it, newest first, kept current live; the
 * post form with the daily limit and slow mode said plainly; at night, the room's closed notice with
 * its hours by the member's clock. Another band's room, or one that does not exist, is a 404.
 */
export default async function LoungeRoomPage({
  params,
  searchParams,
}: {
  params: Promise<{ room: string }>;
  searchParams?: Promise<{ before?: string | string[] }>;
}) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  // ?before=<Unix s>: an older page (the "Older posts" link); anything else shows the newest.
  const cursor = (await searchParams)?.before;
  const before = typeof cursor === "string" && /^[1-9]\d{0,11}$/.test(cursor) ? Number(cursor) : null;
  const page = await loadLoungeRoom(member.memberId, (await params).room, { before });
  if (!page) notFound();
  if (page.kind === "join") redirect("/lounge");
  const { room } = page;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <p>
        <Link href="/lounge" className="text-sm underline">
          Back to the rooms
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">{room.name}</h1>
      <p className="mt-1 text-base text-muted">{room.theme}</p>
      {page.kind === "closed" ? (
        <Panel aria-labelledby="closed-heading" className="mt-6">
          <h2 id="closed-heading" className="text-xl font-semibold text-ink">
            Closed for the night
          </h2>
          <p className="mt-2 text-base text-ink">{page.message}</p>
          <p className="mt-2 text-sm text-muted">
            Reports are still taken at any hour. Rest well: the table will be here in the morning.
          </p>
        </Panel>
      ) : (
        <>
          <Panel aria-labelledby="new-post-heading" className="mt-6">
            <h2 id="new-post-heading" className="text-xl font-semibold text-ink">
              Post as {page.loungeName}
            </h2>
            {page.slowMode ? (
              <p className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-ink">
                {page.slowMode.reason} Until {page.slowMode.until}.
              </p>
            ) : null}
            <div className="mt-3">
              <PostForm
                roomId={room.id}
                label="New post"
                submitLabel="Post"
                hint={`Up to ${page.limits.dailyPosts} posts a day. Contact details and links to other sites are held for a moderator.`}
                postMax={page.limits.postMax}
                action={actions.post}
                // Photos are for teens and adults (issue 42); a moderator sees each before the table does.
                photo={
                  room.ageBand === "under13"
                    ? undefined
                    : { startUpload: startUploadAction, maxBytes: MAX_UPLOAD_BYTES }
                }
              />
            </div>
          </Panel>
          <Panel aria-labelledby="table-heading" compact className="mt-6">
            <h2 id="table-heading" className="text-xl font-semibold text-ink">
              Your table
            </h2>
            <p className="mt-1 text-sm text-muted">
              A few people sit at each table. New posts appear here as they are posted.
            </p>
            <LiveTable roomId={room.id} />
            {page.before ? (
              <p className="mt-3 text-sm">
                You are reading older posts.{" "}
                <Link href={`/lounge/${room.id}`} className="underline">
                  Back to the newest posts
                </Link>
              </p>
            ) : null}
            <TablePosts roomId={room.id} threads={page.threads} postMax={page.limits.postMax} actions={actions} />
            {page.olderBefore ? (
              <p className="mt-4">
                <Link href={`/lounge/${room.id}?before=${page.olderBefore}`} className="underline">
                  Older posts
                </Link>
              </p>
            ) : null}
          </Panel>
        </>
      )}
      {page.discreet ? null : <LeaveNow />}
    </div>
  );
}
