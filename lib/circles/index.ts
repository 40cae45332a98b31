// Circles: who is in which circle, with which role; the Family plan's cover through a circle.
export {
  defaultCircleName,
  endMembership,
  ensureOwnedCircle,
  getCirclePeople,
  getMyCircles,
  leaveCircle,
  lockCircleOf,
  removeFromOwnedCircle,
  removeMemberFromCircles,
  setCircleMemberDetails,
  setCircleRole,
  type CirclePerson,
  type MyCircle,
} from "./circles";
export { childQuietHoursOf, childQuietHoursToManage, setChildQuietHours } from "./child-quiet-hours";
export { coverThroughCircles, type CircleCover } from "./cover";
export { CircleError, circleMessages, isCircleError } from "./errors";
export { circlesOf, membershipOf, ownedCircleOf, shareACircle, type Membership } from "./membership";
export {
  CIRCLE_ROLES,
  invitedRoleSchema,
  LABEL_MAX,
  PRONOUNS_MAX,
  roleChangeProblem,
  roleSchema,
  type CircleRole,
} from "./roles";
export {
  CHILD_CONSENT_VERSION,
  CHILD_CONSENT_WORDING,
  childCirclesOf,
  childrenInCareOf,
  childrenLeftAloneBy,
  exportChildAccounts,
  forgetChildConsents,
  circlesForChildren,
  createChildAccount,
  isUnder13,
  resetChildCredential,
  type ChildCircle,
  type ChildInCare,
  type CreatedChild,
} from "./children";
