"use server";

import { getConfig } from "@/lib/config";
import { done, type AccountFormState } from "@/lib/auth/account-forms";
import { getBillingService } from "@/lib/billing/provider";
import { familyPlanFrom, inviteToCircle, removeCircleMember, resendInvitation, revokeInvitation } from "@/lib/invitations";
import { formText } from "@/lib/request/form-text";
import { asMember } from "./member-action";


const options = () => ({ familyPlan: familyPlanFrom(getBillingService), siteUrl: getConfig().siteUrl });


export async function inviteAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  const channel = formText(formData, "channel") === "email" ? "email" : "phone";
  return asMember(async (member) => {
    const contact = formText(formData, "contact");
    const invitation = await inviteToCircle(member, channel === "email" ? { email: contact } : { phone: contact }, options());
    return done(`Invitation sent to ${invitation.recipient}.`);
  }, "contact");
}

export async function resendInvitationAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const invitation = await resendInvitation(member, formText(formData, "invitationId"), options());
    return done(`Invitation sent again to ${invitation.recipient}.`);
  });
}

export async function revokeInvitationAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    await revokeInvitation(member.memberId, formText(formData, "invitationId"), {});
    return done("Invitation withdrawn: its link no longer works.");
  });
}

export async function removeMemberAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    await removeCircleMember(member.memberId, formText(formData, "memberId"), {});
    return done("Removed from your Safe Circle: they are no longer covered by your plan.");
  });
}
