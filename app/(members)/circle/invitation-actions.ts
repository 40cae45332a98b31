"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { done } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import { getBillingService } from "@/lib/billing/provider";
import { inviteToCircle, removeCircleMember, resendInvitation, revokeInvitation } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";

// The Safe Circle's invitations and people: /circle shows them, so /circle is what each action refreshes.
const options = () => ({ familyPlan: familyPlanFrom(getBillingService), siteUrl: getConfig().siteUrl });
const invitationForm = z.object({ invitationId: formField });
const onCircle = { revalidate: false } as const;

export const inviteAction = memberAction(
  z.object({ channel: formField, contact: formField, role: formField.optional() }),
  async (member, { channel, contact, role }) => {
    const invitation = await inviteToCircle(
      member,
      channel === "email" ? { email: contact, role } : { phone: contact, role },
      options(),
    );
    revalidatePath("/circle");
    return done(`Invitation sent to ${invitation.recipient}${invitation.role === "guardian" ? " as a guardian" : ""}.`);
  },
  { field: "contact", ...onCircle },
);

export const resendInvitationAction = memberAction(
  invitationForm,
  async (member, { invitationId }) => {
    const invitation = await resendInvitation(member, invitationId, options());
    revalidatePath("/circle");
    return done(`Invitation sent again to ${invitation.recipient}.`);
  },
  onCircle,
);

export const revokeInvitationAction = memberAction(
  invitationForm,
  async (member, { invitationId }) => {
    await revokeInvitation(member.memberId, invitationId, {});
    revalidatePath("/circle");
    return done("Invitation withdrawn: its link no longer works.");
  },
  onCircle,
);

export const removeMemberAction = memberAction(
  z.object({ memberId: formField }),
  async (member, { memberId }) => {
    await removeCircleMember(member.memberId, memberId, {});
    revalidatePath("/circle");
    return done("Removed from your Safe Circle: they are no longer covered by your plan.");
  },
  onCircle,
);
