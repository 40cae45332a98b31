import type { FormAction, FormState } from "@/lib/forms";
import { ActionButton } from "@/components/forms";

/** One share of one item, as its owner's page lists it: with a circle (by its name) or one person. */
export type ItemShare = {
  shareId: string;
  circleId: string | null;
  /** The circle's name or the person's, as the owner knows them; null when unnamed. */
  name: string | null;
  permission: "view" | "edit";
};

/** "everyone in Family" or the person's name, as "What you share" on /circle says it. */
export const sharedWithName = (share: Pick<ItemShare, "circleId" | "name">) =>
  share.circleId
    ? share.name
      ? `everyone in ${share.name}`
      : "a circle you are in"
    : (share.name ?? "someone in your circles");

/**
 * Whom one item is shared with, each with a "Stop sharing" button: the one list an item's page shows
 * (a Cam moment, a Vision Board goal). `stopSharing` is the page's action: it gets `shareId` and
 * `fields` (the item's id, for its page to refresh) and takes the share back through the one sharing
 * rule (lib/circles/sharing `revokeShare`).
 */
export function SharedWithList({
  shares,
  fields,
  stopSharing,
  empty,
}: {
  shares: ItemShare[];
  fields: Record<string, string>;
  stopSharing: FormAction<FormState>;
  /** What to say when it is shared with nobody. */
  empty: string;
}) {
  if (shares.length === 0) return <p className="mt-2 text-base text-muted">{empty}</p>;
  return (
    <ul className="mt-2 grid gap-2">
      {shares.map((share) => {
        const target = sharedWithName(share);
        return (
          <li key={share.shareId} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-base text-ink">
              {target.charAt(0).toUpperCase() + target.slice(1)}:{" "}
              {share.permission === "edit" ? "can view and edit" : "can view"}
            </span>
            <ActionButton
              action={stopSharing}
              fields={{ ...fields, shareId: share.shareId }}
              label="Stop sharing"
              pendingLabel="Stopping…"
              accessibleLabel={`Stop sharing with ${target}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
