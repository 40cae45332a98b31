"use server";

import { z } from "zod";
import { getConfig } from "@/lib/config";
import { done } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import { getBillingService } from "@/lib/billing/provider";
import { inviteToCircle, removeCircleMember, resendInvitation, revokeInvitation } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";

const options = () => ({ familyPlan: familyPlanFrom(getBillingService), siteUrl: getConfig().siteUrl });
const invitationForm = z.object({ invitationId: formField });

export const inviteAction = memberAction(
  z.object({ channel: formField, contact: formField, role: formField.optional() }),
  async (member, { channel, contact, role }) => {
    const invitation = await inviteToCircle(
      member,
      channel === "email" ? { email: contact, role } : { phone: contact, role },
      options(),
    );
    return done(`Invitation sent to ${invitation.recipient}${invitation.role === "guardian" ? " as a guardian" : ""}.`);
  },
  { field: "contact" },
);

export const resendInvitationAction = memberAction(invitationForm, async (member, { invitationId }) => {
  const invitation = await resendInvitation(member, invitationId, options());
  return done(`Invitation sent again to ${invitation.recipient}.`);
});

export const revokeInvitationAction = memberAction(invitationForm, async (member, { invitationId }) => {
  await revokeInvitation(member.memberId, invitationId, {});
  return done("Invitation withdrawn: its link no longer works.");
});

export const removeMemberAction = memberAction(z.object({ memberId: formField }), async (member, { memberId }) => {
  await removeCircleMember(member.memberId, memberId, {});
  return done("Removed from your Safe Circle: they are no longer covered by your plan.");
});
