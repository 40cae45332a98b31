import {
  getCircle,
  invitationMessages,
  inviteToCircle,
  removeCircleMember,
  resendInvitation,
  revokeInvitation,
  type CircleView,
} from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { getMyCircles, leaveCircle, setCircleMemberDetails, setCircleRole } from "@/lib/circles";
import { revokeShare, shareItem, type ShareView } from "@/lib/circles/sharing";
import type { GraphQLContext } from "./context";
import type { CircleRole, Resolvers, SharedItemType, SharePermission } from "./generated/resolvers-types";
import { forMember, forMemberId } from "./resolvers";

/** Thin resolvers for Safe Circle, circles and sharing: the rules are in lib/invitations, lib/circles, lib/circles/sharing. */
const optionsOf = (context: GraphQLContext) => ({
  familyPlan: familyPlanFrom(context.billing),
  siteUrl: context.siteUrl,
});

const circleOf = (view: CircleView) => ({
  role: view.role,
  circleId: view.role === "none" ? null : view.circleId,
  circleRole: view.role === "member" ? view.circleRole : null,
  covered: view.role === "none" ? false : view.covered,
  canInvite: view.role === "member" ? false : view.canInvite,
  cannotInviteReason: view.role === "member" ? invitationMessages.memberCannotInvite : view.cannotInviteReason,
  seatsLeft: view.role === "member" ? 0 : view.seatsLeft,
  ownerName: view.role === "member" ? view.ownerName : null,
  members: view.role === "owner" ? view.members : [],
  invitations: view.role === "owner" ? view.invitations : [],
});

// The API's enums are the lib's values in capitals.
const upper = <T extends string>(value: string) => value.toUpperCase() as T;
const lower = (value: string | null | undefined) => (typeof value === "string" ? value.toLowerCase() : value);

const shareOf = (share: ShareView) => ({
  ...share,
  itemType: upper<SharedItemType>(share.itemType),
  permission: upper<SharePermission>(share.permission),
});

export const circleResolvers: Resolvers = {
  Query: {
    getMyCircle: forMemberId({ circle: null }, async (member, _args, context) => ({
      statusCode: 200,
      message: "OK",
      circle: circleOf(await getCircle(member, optionsOf(context))),
    })),
    getMyCircles: forMemberId({ circles: [] }, async (member) => ({
      statusCode: 200,
      message: "OK",
      circles: (await getMyCircles(member.memberId)).map((circle) => ({
        ...circle,
        role: upper<CircleRole>(circle.role),
      })),
    })),
  },
  Mutation: {
    inviteToCircle: forMember({ invitation: null }, async (member, args, context) => ({
      statusCode: 201,
      message: "Invitation sent",
      invitation: await inviteToCircle(
        member,
        { phone: args.phone ?? undefined, email: args.email ?? undefined, role: lower(args.role) },
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
    leaveCircle: forMemberId({}, async (member, args) => {
      await leaveCircle(member.memberId, args.circleId);
      return { statusCode: 200, message: "You left the circle" };
    }),
    setCircleRole: forMemberId({}, async (member, args) => {
      await setCircleRole(member.memberId, {
        circleId: args.circleId,
        memberId: args.memberId,
        role: lower(args.role),
      });
      return { statusCode: 200, message: "Role changed" };
    }),
    setCircleMemberDetails: forMemberId({}, async (member, args) => {
      await setCircleMemberDetails(member.memberId, {
        circleId: args.circleId,
        memberId: args.memberId,
        label: args.label,
        pronouns: args.pronouns,
      });
      return { statusCode: 200, message: "Saved" };
    }),
    shareItem: forMemberId({ share: null }, async (member, args, context) => ({
      statusCode: 201,
      message: "Shared",
      share: shareOf(
        await shareItem(
          member.memberId,
          {
            itemType: lower(args.itemType),
            itemId: args.itemId,
            memberId: args.memberId,
            circleId: args.circleId,
            permission: lower(args.permission),
          },
          { kinds: context.itemKinds },
        ),
      ),
    })),
    revokeShare: forMemberId({}, async (member, args) => {
      await revokeShare(member.memberId, args.shareId);
      return { statusCode: 200, message: "Share ended" };
    }),
  },
};
