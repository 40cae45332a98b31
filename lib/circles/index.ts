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
export { childQuietHoursOf, childQuietHoursToManage, memberDeliverAt, setChildQuietHours } from "./quiet-hours";
export {
  carersOf,
  caresFor,
  childAccountOf,
  isCarerOf,
  isChildAccountSql,
  isUnder13,
  turns13At,
  type Carer,
  type ChildAccount,
} from "./carers";
export { assertChildMay, CHILD_LIMITS, childMay, childRefusal, type ChildAction } from "./child-limits";
export { CHILD_TURNS_13_JOB, circleJobHandlers } from "./growing-up";
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
  resetChildCredential,
  type ChildCircle,
  type ChildInCare,
  type CreatedChild,
} from "./children";
export { CIRCLE_CAPACITY, seatsTaken } from "./seats";
export { familyPlanFrom, type FamilyPlanLookup } from "./family-plan";
