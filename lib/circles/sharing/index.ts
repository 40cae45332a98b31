// Per-item sharing: the one visibility rule, the shares, and the registry of shareable item kinds.
export {
  accessColumn,
  accessTo,
  itemsReaching,
  ownerWithinReach,
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
export { itemKinds, SHARED_ITEM_TYPES, type ItemKind, type ItemKinds, type SharedItemType } from "./item-kinds";
