import type { Db } from "../db/open";

/** The kinds of item a member can share (the API's SharedItemType, lower-case). */
export const SHARED_ITEM_TYPES = ["habit", "event"] as const;
export type SharedItemType = (typeof SHARED_ITEM_TYPES)[number];

/** How one kind of item tells who owns an item: the owner's member id, or null when there is no such item. */
export type ItemKind = { ownerOf: (itemId: string, db: Db) => Promise<string | null> };
export type ItemKinds = Partial<Record<SharedItemType, ItemKind>>;

/**
 * The registry: each feature that has shareable items adds its kind here (habits and events come in
 * later issues). A kind not registered has no items, so sharing one answers 404 like any unknown item.
 * Services take `kinds` as an option so tests can bring their own.
 */
export const itemKinds: ItemKinds = {};
