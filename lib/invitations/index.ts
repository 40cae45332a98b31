// Safe Circle invitations: the service, its errors, and how a member's Family plan is looked up.
export {
  acceptInvitation,
  canInviteByText,
  CIRCLE_CAPACITY,
  exportCircle,
  getCircle,
  INVITATION_LIFETIME_MS,
  invitationLink,
  inviteToCircle,
  previewInvitation,
  removeCircleMember,
  removeFromCircles,
  resendInvitation,
  revokeInvitation,
  type CircleMemberIdentity,
  type CircleMemberView,
  type CircleOptions,
  type CircleView,
  type InvitationPreview,
  type InvitationView,
} from "./circle";
export { InvitationError, isInvitationError, invitationMessages } from "./errors";
export { familyPlanFrom, type FamilyPlanLookup } from "./family-plan";
