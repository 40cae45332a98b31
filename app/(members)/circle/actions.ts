"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import { revokeShare } from "@/lib/sharing";

/** Stops one of the member's shares at once; someone else's share answers "Share not found" like a missing one. */
export const stopSharingAction = memberAction(
  z.object({ shareId: formField }),
  async (member, { shareId }) => {
    await revokeShare(member.memberId, shareId);
    revalidatePath("/circle");
    return done("Stopped sharing: they no longer see it.");
  },
  { revalidate: false },
);
