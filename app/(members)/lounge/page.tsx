import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { loadLoungePage, loungeTitle, NEUTRAL_TITLE } from "@/lib/lounge/page";
import { Panel } from "@/components/ui/panel";
import { LeaveNow } from "@/components/discreet/leave-now";
import { HouseRules } from "@/components/lounge/house-rules";
import { JoinLoungeForm, RenameLoungeForm } from "@/components/lounge/join-form";
import { ActionButton } from "@/components/forms";
import { joinLoungeAction, renameLoungeAction, replyEmailsAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await loungeTitle((await getMember())?.memberId, "Lounge") };
}

/**
 * Happr Lounge: before joining, the house rules (one screen) and a Lounge name; once joined, the rooms
 * of the member's age band, each open or when it opens, with slow mode at their table. No member
 * lists, counts or presence: nothing here says who else is in. Leave now on every Lounge page (the
 * members' layout gives it in discreet mode; here it is given to everyone else).
 */
export default async function LoungePage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const page = await loadLoungePage(member.memberId);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">{page.discreet ? NEUTRAL_TITLE : "Lounge"}</h1>
      <p className="mt-2 text-base text-muted">
        Small, slow rooms with a few people at each table. People decide, automation only holds.
      </p>
      {page.moderator ? (
        // Only for the members the operator named: the console itself answers 404 to everyone else.
        <p className="mt-2 text-base">
          <Link href="/lounge/moderation" className="underline">
            Moderators&rsquo; console
          </Link>
        </p>
      ) : null}
      {page.readByCarers ? (
        <p className="mt-2 text-base text-ink" data-testid="read-by-carers">
          Your grown-ups can read what you post in the Lounge.
        </p>
      ) : null}
      {page.notice ? (
        <Panel aria-labelledby="notice-heading" className="mt-6">
          <h2 id="notice-heading" className="text-xl font-semibold text-ink">
            Not open to you yet
          </h2>
          <p className="mt-2 text-base text-ink">{page.notice}</p>
        </Panel>
      ) : !page.joined ? (
        <Panel aria-labelledby="rules-heading" className="mt-6">
          <HouseRules rules={page.rules} headingId="rules-heading" />
          <JoinLoungeForm rulesVersion={page.rules.version} action={joinLoungeAction} />
        </Panel>
      ) : (
        <Panel aria-labelledby="rooms-heading" compact className="mt-6">
          <h2 id="rooms-heading" className="text-xl font-semibold text-ink">
            Rooms
          </h2>
          <p className="mt-1 text-sm text-muted">
            You are {page.loungeName} here.{" "}
            <Link href="/lounge/guidelines" className="underline">
              House rules
            </Link>
            {" · "}
            {/* Where a removed post or a suspension is appealed, to another moderator. */}
            <Link href="/lounge/appeals" className="underline">
              Moderators&rsquo; decisions about you
            </Link>
          </p>
          <ul className="mt-3 grid gap-3">
            {page.rooms.map((room) => (
              <li key={room.id} className="rounded-2xl border border-slate-200 px-4 py-3">
                <h3 className="text-lg font-semibold text-ink">
                  <Link href={`/lounge/${room.id}`} className="underline">
                    {room.name}
                  </Link>
                </h3>
                <p className="text-base text-ink">{room.theme}</p>
                <p className="mt-1 text-sm text-muted">
                  {room.open ? "Open now." : `Closed for the night: opens at ${room.opensAtText}, your time.`}
                </p>
                {room.slowMode ? <p className="mt-1 text-sm text-ink">{room.slowMode.reason}</p> : null}
                {room.newReplies ? (
                  <p className="mt-1 text-sm font-semibold text-ink">New replies to your posts.</p>
                ) : null}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {page.joined && !page.notice ? (
        <Panel aria-labelledby="replies-heading" compact className="mt-6">
          <h2 id="replies-heading" className="text-xl font-semibold text-ink">
            Replies to your posts
          </h2>
          {page.readByCarers ? (
            <p className="mt-1 text-base text-ink">When someone replies to your post, its room says so here.</p>
          ) : (
            <div className="mt-1 grid gap-2">
              <p className="text-base text-ink">
                {page.replyEmails
                  ? "You get an email when someone replies to your post: it names nobody and quotes nothing, and waits for your quiet hours."
                  : "Rooms with new replies say so here. You can also ask for an email when someone replies to your post."}
              </p>
              <ActionButton
                action={replyEmailsAction}
                fields={{ replyEmails: page.replyEmails ? "off" : "on" }}
                label={page.replyEmails ? "Stop reply emails" : "Email me about replies"}
                pendingLabel="Saving…"
              />
            </div>
          )}
        </Panel>
      ) : null}
      {page.joined && !page.notice ? (
        <Panel aria-labelledby="name-heading" compact className="mt-6">
          <h2 id="name-heading" className="text-xl font-semibold text-ink">
            Your Lounge name
          </h2>
          <RenameLoungeForm
            loungeName={page.loungeName ?? ""}
            rulesVersion={page.rules.version}
            action={renameLoungeAction}
          />
        </Panel>
      ) : null}
      {page.discreet ? null : <LeaveNow />}
    </div>
  );
}
