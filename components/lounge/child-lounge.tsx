import { ActionButton } from "@/components/forms";
import { Panel } from "@/components/ui/panel";
import type { FormAction, FormState } from "@/lib/forms";
import type { ChildLoungePage } from "@/lib/lounge/page";

const STATUS_TEXT = {
  published: "Posted",
  held: "Held for a moderator: nobody else sees it until a person decides",
  removed: "Removed by a moderator",
} as const;

/**
 * A carer's view of one child's Lounge: the switch (off until a carer turns it on) and the child's own
 * posts, read-only, newest first. The child's /lounge page tells them their grown-ups can read these.
 */
export function ChildLounge({ page, action }: { page: ChildLoungePage; action: FormAction<FormState> }) {
  return (
    <>
      <h1 className="mt-2 text-3xl font-bold text-ink">{page.name}&rsquo;s Lounge</h1>
      <Panel aria-labelledby="switch-heading" className="mt-6">
        <h2 id="switch-heading" className="text-xl font-semibold text-ink">
          The Lounge for {page.name}
        </h2>
        <p className="mt-2 text-base text-ink" data-testid="child-lounge-state">
          {page.enabled
            ? `On: ${page.name} can join the Lounge's rooms for under-13s, in the daytime by their clock.`
            : `Off: ${page.name} cannot enter the Lounge. It stays off until you or another of their grown-ups turns it on.`}
        </p>
        <p className="mt-1 text-sm text-muted">
          You can read everything {page.name} posts there, and they are told that you can.
        </p>
        <div className="mt-3">
          <ActionButton
            action={action}
            fields={{ childId: page.childId, enabled: page.enabled ? "off" : "on" }}
            label={page.enabled ? "Turn the Lounge off" : "Turn the Lounge on"}
            pendingLabel="Saving…"
            variant={page.enabled ? "secondary" : "primary"}
          />
        </div>
      </Panel>
      <Panel aria-labelledby="posts-heading" className="mt-6">
        <h2 id="posts-heading" className="text-xl font-semibold text-ink">
          What {page.name} posted
        </h2>
        {page.posts.length === 0 ? (
          <p className="mt-2 text-base text-muted">Nothing yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {page.posts.map((post) => (
              <li key={post.id} className="rounded-2xl border border-slate-200 px-4 py-3">
                <p className="text-sm text-muted">
                  {post.reply ? "A reply in " : "In "}
                  {post.roomName}, {post.when}
                </p>
                <p className="mt-1 text-base whitespace-pre-wrap text-ink">{post.text}</p>
                <p className="mt-1 text-sm text-ink">{STATUS_TEXT[post.status]}</p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
