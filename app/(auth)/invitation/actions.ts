"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getMember } from "@/lib/auth/member";
import { memberAction } from "@/lib/account/member-action";
import { getBillingService } from "@/lib/billing/provider";
import { getConfig } from "@/lib/config";
import { acceptInvitation, invitationMessages, verifiedContactsOf } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { forgetInvitationToken, invitationTokenOfBrowser } from "@/lib/invitations/invitation-cookie";
import { InvitationError } from "@/lib/invitations/errors";

/**
 * Join: the member's yes to the invitation this browser opened (its cookie, never a form field), by
 * the rules of acceptInvitation: only the account whose verified address it was sent to. No page
 * revalidates (the form follows its redirect to /circle, the circle they joined, which reads everything afresh).
 */
export const joinInvitationAction = memberAction(
  z.object({}),
  async (member) => {
    const token = await invitationTokenOfBrowser();
    if (!token) throw new InvitationError(404, invitationMessages.notFound);
    const contacts = await verifiedContactsOf(member);
    const { ownerName } = await acceptInvitation({ memberId: member.memberId, name: member.name, contacts }, token, {
      familyPlan: familyPlanFrom(getBillingService),
      siteUrl: getConfig().siteUrl,
    });
    return {
      status: "redirect",
      redirectTo: "/circle",
      message: `You joined ${ownerName || "your family"}'s Safe Circle`,
      fieldErrors: {},
      values: {},
    };
  },
  { revalidate: false },
);

/** "Not now": this browser forgets the invitation; nothing is written (the link works again until it expires). */
export async function notNowAction() {
  await forgetInvitationToken();
  redirect((await getMember()) ? "/my-account" : "/");
}
