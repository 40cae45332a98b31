import type { CirclePerson, CircleRole, MyCircle } from "@/lib/circles";
import type { NamedShare } from "@/lib/circles/sharing";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionButton } from "@/components/forms";
import { Panel } from "@/components/ui/panel";

const roleNames: Record<CircleRole, string> = {
  owner: "Owner",
  guardian: "Guardian",
  member: "Member",
  child: "Child",
};
const kindNames: Record<string, string> = { habit: "Habit", event: "Event", moment: "Moment" };

export type CircleWithPeople = { circle: MyCircle; people: CirclePerson[] };

/** One share's target as the member reads it: a person's name or a circle's name. */
export function shareTarget(share: NamedShare): string {
  if (share.circleId) return share.targetName ? `everyone in ${share.targetName}` : "a circle you are in";
  return share.targetName ?? "someone in your circles";
}

/** Which circles the member is in, who is in them, and what the member shares with whom. */
export function WhoCanSeeWhat({
  circles,
  shares,
  memberId,
  stopSharing,
}: {
  circles: CircleWithPeople[];
  shares: NamedShare[];
  memberId: string;
  stopSharing: FormAction<FormState>;
}) {
  return (
    <>
      <Panel aria-labelledby="circles" className="mt-8">
        <h2 id="circles" className="text-lg font-semibold text-ink">
          Your circles
        </h2>
        {circles.length === 0 ? (
          <p className="mt-2 text-sm text-muted">
            You are not in a circle. When you invite someone or accept an invitation, the circle shows here.
          </p>
        ) : (
          <ul className="mt-4 grid gap-6">
            {circles.map(({ circle, people }) => (
              <li key={circle.circleId}>
                <section aria-labelledby={`circle-${circle.circleId}`} className="grid gap-2">
                  <h3 id={`circle-${circle.circleId}`} className="text-base font-semibold text-ink">
                    {circle.name}
                  </h3>
                  <p className="text-sm text-muted">Your role: {roleNames[circle.role]}</p>
                  <ul className="grid gap-2" aria-label={`People in ${circle.name}`}>
                    {people.map((person) => (
                      <li key={person.memberId} className="text-base text-ink">
                        <span className="font-medium">
                          {person.name ?? "Unnamed"}
                          {person.memberId === memberId ? " (you)" : ""}
                        </span>
                        {person.pronouns ? <span className="text-muted"> ({person.pronouns})</span> : null}
                        {": "}
                        {roleNames[person.role]}
                        {person.label ? `, ${person.label}` : ""}
                      </li>
                    ))}
                  </ul>
                </section>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel aria-labelledby="what-you-share" className="mt-6">
        <h2 id="what-you-share" className="text-lg font-semibold text-ink">
          What you share
        </h2>
        <p className="mt-2 text-sm text-muted">
          Only the people or circles you share an item with see it. Circle owners and guardians cannot see adults&apos;
          private items.
        </p>
        {shares.length === 0 ? (
          <p className="mt-4 text-base text-ink">
            You are not sharing anything. Everything you add is private until you share it.
          </p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {shares.map((share) => {
              const kind = kindNames[share.itemType] ?? share.itemType;
              const item = share.itemTitle ? `${kind} “${share.itemTitle}”` : kind;
              const target = shareTarget(share);
              return (
                <li key={share.id} className="grid gap-2 sm:flex sm:items-start sm:justify-between">
                  <p className="text-base text-ink">
                    <span className="font-medium">{item}</span>, shared with {target}:{" "}
                    {share.permission === "edit" ? "can view and edit" : "can view"}
                  </p>
                  <ActionButton
                    action={stopSharing}
                    fields={{ shareId: share.id }}
                    label="Stop sharing"
                    pendingLabel="Stopping…"
                    accessibleLabel={`Stop sharing ${item} with ${target}`}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </>
  );
}
