// Safe Circle operations: extensions of the public contract (graphql/schema.graphql stays as it is).
export const circleTypeDefs = /* GraphQL */ `
  extend type Query {
    "The caller's Safe Circle: as its owner (members, pending invitations), as a member (covered or not), or none."
    getMyCircle: CircleResult!
  }

  extend type Mutation {
    "Invites someone to the caller's Safe Circle by phone (E.164) or email, one of them. Needs a live Family plan (403 otherwise)."
    inviteToCircle(phone: String, email: String): CircleInvitationResult!
    "Sends a pending or expired invitation again with a new link, valid 7 days."
    resendCircleInvitation(invitationId: String!): CircleInvitationResult!
    "Withdraws a pending invitation: its link stops working."
    revokeCircleInvitation(invitationId: String!): Result!
    "Takes a member out of the caller's circle."
    removeCircleMember(memberId: String!): Result!
  }

  type CircleMember {
    memberId: String!
    name: String
    contact: String!
    joinedAt: Int!
    covered: Boolean!
  }

  type CircleInvitation {
    invitationId: String!
    "sms or email"
    channel: String!
    recipient: String!
    "pending or expired"
    status: String!
    expiresAt: Int!
    sentAt: Int!
  }

  type Circle {
    "owner, member or none"
    role: String!
    "Whether the caller is covered by a live Family plan through the circle (owner: their own plan)."
    covered: Boolean!
    canInvite: Boolean!
    cannotInviteReason: String
    seatsLeft: Int!
    "For a member: who invited them."
    ownerName: String
    members: [CircleMember!]!
    invitations: [CircleInvitation!]!
  }

  type CircleResult {
    message: String!
    statusCode: Int!
    circle: Circle
  }

  type CircleInvitationResult {
    message: String!
    statusCode: Int!
    invitation: CircleInvitation
  }
`;
