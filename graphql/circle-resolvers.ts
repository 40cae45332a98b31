import {
  familyPlanFrom,
  getCircle,
  invitationMessages,
  inviteToCircle,
  removeCircleMember,
  resendInvitation,
  revokeInvitation,
  type CircleView,
} from "@/lib/invitations";
import type { GraphQLContext } from "./context";
import type { Resolvers } from "./generated/resolvers-types";
import { forMember, forMemberId } from "./resolvers";

/** Thin resolvers for the Safe Circle extension: the rules are in lib/invitations. */
const optionsOf = (context: GraphQLContext) => ({
  familyPlan: familyPlanFrom(context.billing),
  siteUrl: context.siteUrl,
});

const circleOf = (view: CircleView) => ({
  role: view.role,
  covered: view.role === "none" ? false : view.covered,
  canInvite: view.role === "member" ? false : view.canInvite,
  cannotInviteReason: view.role === "member" ? invitationMessages.memberCannotInvite : view.cannotInviteReason,
  seatsLeft: view.role === "member" ? 0 : view.seatsLeft,
  ownerName: view.role === "member" ? view.ownerName : null,
  members: view.role === "owner" ? view.members : [],
  invitations: view.role === "owner" ? view.invitations : [],
});

export const circleResolvers: Resolvers = {
  Query: {
    getMyCircle: forMemberId({ circle: null }, async (member, _args, context) => ({
      statusCode: 200,
      message: "OK",
      circle: circleOf(await getCircle(member, optionsOf(context))),
    })),
  },
  Mutation: {
    inviteToCircle: forMember({ invitation: null }, async (member, args, context) => ({
      statusCode: 201,
      message: "Invitation sent",
      invitation: await inviteToCircle(
        member,
        { phone: args.phone ?? undefined, email: args.email ?? undefined },
        optionsOf(context),
      ),
    })),
    resendCircleInvitation: forMember({ invitation: null }, async (member, args, context) => ({
      statusCode: 200,
      message: "Invitation sent again",
      invitation: await resendInvitation(member, args.invitationId, optionsOf(context)),
    })),
    revokeCircleInvitation: forMemberId({}, async (member, args) => {
      await revokeInvitation(member.memberId, args.invitationId, {});
      return { statusCode: 200, message: "Invitation withdrawn" };
    }),
    removeCircleMember: forMemberId({}, async (member, args) => {
      await removeCircleMember(member.memberId, args.memberId, {});
      return { statusCode: 200, message: "Member removed from your Safe Circle" };
    }),
  },
};
