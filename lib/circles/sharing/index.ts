// Per-item sharing: the one visibility rule, the shares, and what a shareable kind of item gives (the
// kinds themselves come from the features, through lib/features.ts).
export {
  accessColumn,
  accessTo,
  itemsReaching,
  ownerWithinReach,
  ownersWithinReach,
  reachedThroughShare,
  shareReaches,
  type Access,
  type ItemRef,
} from "./rule";
export {
  endSharesAfterLeaving,
  endSharesOf,
  forgetShares,
  namedSharesOf,
  pruneMemberShares,
  revokeShare,
  shareItem,
  sharesOf,
  type NamedShare,
  type ShareView,
} from "./shares";
export { SHARED_ITEM_TYPES, type ItemKind, type ItemKinds, type SharedItemType } from "./item-kinds";
