"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import { resetChildCredential } from "@/lib/circles";
import { revokeShare } from "@/lib/circles/sharing";
import type { ChildPasswordFormState } from "@/components/circles/child-password-form";

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

/** A guardian gives a child a new password or one-time code (lib/circles/children.ts); the code is shown once. */
export const resetChildPasswordAction = memberAction(
  z.object({
    childId: formField,
    credential: z.enum(["password", "code"], { message: "Choose a new password or a one-time sign-in code" }),
    password: formField,
  }),
  async (member, input): Promise<ChildPasswordFormState> => {
    const reset = await resetChildCredential(member, {
      childId: input.childId,
      credential: input.credential === "code" ? { oneTimeCode: true } : { password: input.password },
    });
    return {
      status: "ok",
      message:
        input.credential === "code"
          ? "Done: the new one-time code works now, and the old password no longer does."
          : "Done: the new password works now, and the old one no longer does.",
      fieldErrors: {},
      values: {},
      reset: { signInName: reset.signInName, oneTimeCode: reset.oneTimeCode },
    };
  },
  { fields: { childId: "childId", password: "password" }, revalidate: false },
);
