import type { Db } from "../../db/open";

/** The kinds of item a member can share (the API's SharedItemType, lower-case). */
export const SHARED_ITEM_TYPES = ["habit", "event", "moment", "goal"] as const;
export type SharedItemType = (typeof SHARED_ITEM_TYPES)[number];

/** How one kind of item tells who owns an item, and what lists call it. */
export type ItemKind = {
  /** The owner's member id, or null when there is no such item. */
  ownerOf: (itemId: string, db: Db) => Promise<string | null>;
  /**
   * What the owner's lists call each item: its private title (the code word) when set, else its title.
   * Items that no longer exist are left out. Without it a list names the kind alone.
   */
  listTitlesOf?: (itemIds: string[], db: Db) => Promise<Map<string, string>>;
  /**
   * The kind's own refusals, asked in the share's transaction after the rule's (the target is in the
   * owner's circles): a moment is view only, and a child's stays in their circle. Throws a DomainError.
   */
  checkShare?: (
    tx: Db,
    share: {
      ownerId: string;
      itemId: string;
      memberId: string | null;
      circleId: string | null;
      permission: "view" | "edit";
    },
  ) => Promise<void>;
};
/**
 * Sharing imports no feature: each feature that has shareable items gives its kind to the one list of
 * the members' features (lib/features.ts, `itemKinds`), and the services take the kinds as an option
 * (tests bring their own). A kind not given has no items, so sharing one answers 404 like any unknown item.
 */
export type ItemKinds = Partial<Record<SharedItemType, ItemKind>>;
