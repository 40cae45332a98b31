// Safe Circle invitations (./invitations.ts), the owner's view of their circle (./owner-circle.ts) and their errors (the Family-plan lookup is lib/circles/family-plan.ts).
export {
  acceptInvitation,
  addresseeProblem,
  canInviteByText,
  INVITATION_LIFETIME_MS,
  invitationLink,
  maskedRecipient,
  inviteToCircle,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  verifiedContactsOf,
  type CircleMemberIdentity,
  type CircleOptions,
  type InvitationPreview,
  type InvitationView,
  type Invitee,
  type VerifiedContacts,
} from "./invitations";
export {
  exportCircle,
  getCircle,
  removeCircleMember,
  removeFromCircles,
  type CircleMemberView,
  type CircleView,
} from "./owner-circle";
export { InvitationError, isInvitationError, invitationMessages } from "./errors";
