// Safe Circle invitations: the service, its errors, and how a member's Family plan is looked up.
export {
  acceptInvitation,
  addresseeProblem,
  canInviteByText,
  CIRCLE_CAPACITY,
  exportCircle,
  getCircle,
  INVITATION_LIFETIME_MS,
  invitationLink,
  maskedRecipient,
  inviteToCircle,
  previewInvitation,
  removeCircleMember,
  removeFromCircles,
  resendInvitation,
  revokeInvitation,
  verifiedContactsOf,
  type CircleMemberIdentity,
  type CircleMemberView,
  type CircleOptions,
  type CircleView,
  type InvitationPreview,
  type InvitationView,
  type Invitee,
  type VerifiedContacts,
} from "./circle";
export { InvitationError, isInvitationError, invitationMessages } from "./errors";
export { familyPlanFrom, type FamilyPlanLookup } from "./family-plan";
