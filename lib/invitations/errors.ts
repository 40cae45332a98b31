import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type InvitationStatus = 400 | 403 | 404 | 409 | 429;

/** The invitations domain's one error: an HTTP-like status and a message safe to show the member. */
export class InvitationError extends DomainError<CodeOf<InvitationStatus>, InvitationStatus> {
  constructor(status: InvitationStatus, message: string, options: { field?: string; namesField?: boolean } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "InvitationError";
  }
}

export function isInvitationError(error: unknown): error is InvitationError {
  return error instanceof InvitationError;
}

/** What members read (the pages and the API show exactly these). */
export const invitationMessages = {
  notFound: "Invitation not found",
  noTexts: "Invitations by text message are not available on this site yet: invite them by email",
  used: "This invitation has already been used",
  expired: "This invitation has expired. Ask the person who invited you to send a new one.",
  revoked: "This invitation was withdrawn by the person who sent it",
  full: "This Safe Circle is full: a Family plan covers 6 people",
  planEnded: "The Family plan behind this invitation has ended",
  notFamily: "Only members with a live Family plan can invite people to a Safe Circle",
  memberCannotInvite: "Members of someone else's Safe Circle cannot invite people",
  ownInvitation: "You cannot accept your own invitation",
  alreadyInCircle: "You are already in this Safe Circle",
  sentToEmail: (masked: string) => `This invitation was sent to ${masked}: sign in with that address to join.`,
  verifyEmailFirst: (masked: string) =>
    `This invitation was sent to ${masked}: verify that address in your security centre, then open the link again.`,
  sentToPhone: (masked: string) =>
    `This invitation was sent by text to ${masked}: add and verify that number in your security centre, then open the link again.`,
  verifyPhoneFirst: (masked: string) =>
    `This invitation was sent by text to ${masked}: verify that number in your security centre, then open the link again.`,
} as const;
