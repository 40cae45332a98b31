"use server";

import { revalidatePath } from "next/cache";
import { getConfig } from "@/lib/config";
import { accountFailure, done, type AccountFormState } from "@/lib/auth/account-forms";
import { currentMember } from "@/lib/auth/member-session";
import { getBillingService } from "@/lib/billing/provider";
import { familyPlanFrom, inviteToCircle, removeCircleMember, resendInvitation, revokeInvitation } from "@/lib/invitations";
import { messages } from "@/lib/identity";

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

const options = () => ({ familyPlan: familyPlanFrom(getBillingService), siteUrl: getConfig().siteUrl });

async function asMember(body: (member: NonNullable<Awaited<ReturnType<typeof currentMember>>>) => Promise<AccountFormState>, field?: string) {
  const member = await currentMember();
  if (!member) return { status: "error", message: messages.notAuthenticated, fieldErrors: {} } satisfies AccountFormState;
  try {
    const state = await body(member);
    revalidatePath("/my-account");
    return state;
  } catch (error) {
    return accountFailure(error, field);
  }
}

export async function inviteAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  const channel = text(formData, "channel") === "email" ? "email" : "phone";
  return asMember(async (member) => {
    const contact = text(formData, "contact");
    const invitation = await inviteToCircle(member, channel === "email" ? { email: contact } : { phone: contact }, options());
    return done(`Invitation sent to ${invitation.recipient}.`);
  }, "contact");
}

export async function resendInvitationAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    const invitation = await resendInvitation(member, text(formData, "invitationId"), options());
    return done(`Invitation sent again to ${invitation.recipient}.`);
  });
}

export async function revokeInvitationAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    await revokeInvitation(member.memberId, text(formData, "invitationId"), {});
    return done("Invitation withdrawn: its link no longer works.");
  });
}

export async function removeMemberAction(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  return asMember(async (member) => {
    await removeCircleMember(member.memberId, text(formData, "memberId"), {});
    return done("Removed from your Safe Circle: they are no longer covered by your plan.");
  });
}
