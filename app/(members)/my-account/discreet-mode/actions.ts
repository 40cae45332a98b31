"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formField, memberAction } from "@/lib/account/member-action";
import { identityOf } from "@/lib/account/member-identity";
import { afterPasswordChange, passwordFieldOf } from "@/lib/account/password-change";
import { safetyReset } from "@/lib/account/safety-reset";
import { setDiscreetMode } from "@/lib/settings";
import { done } from "@/lib/forms";

/** Turns discreet mode on or off for the signed-in member. */
export const discreetModeAction = memberAction(
  z.object({ discreetMode: z.enum(["on", "off"], { message: "discreetMode must be on or off" }) }),
  async (member, { discreetMode }) => {
    await setDiscreetMode(member.memberId, discreetMode === "on");
    // The layout shows "Leave now" on every members' page: render them again.
    revalidatePath("/", "layout");
    return done(discreetMode === "on" ? "Discreet mode is on." : "Discreet mode is off.");
  },
  { field: "discreetMode" },
);

/**
 * The safety reset (lib/account/safety-reset.ts); then this browser is renewed (or signs in again) and
 * comes back to the page's recovery channels.
 */
export const safetyResetAction = memberAction(
  z
    .object({ currentPassword: formField, newPassword: formField, confirmPassword: formField, confirm: formField })
    .refine((input) => input.newPassword === input.confirmPassword, {
      message: "The new passwords do not match",
      path: ["confirmPassword"],
    })
    .refine((input) => input.confirm === "on", {
      message: "Tick the box to confirm the reset",
      path: ["confirm"],
    }),
  async (member, input) => {
    try {
      await safetyReset(member.memberId, input, { identity: identityOf(member) });
    } catch (error) {
      throw passwordFieldOf(error);
    }
    // Back to the reset's page at its next step: the ways back in, which the reset cannot check for them.
    return afterPasswordChange(member.memberId, {
      message: "Safety reset done. You are signed out everywhere else.",
      continuePath: "/my-account/discreet-mode#recovery",
    });
  },
  {
    revalidate: false,
    fields: { previousPassword: "currentPassword", proposedPassword: "newPassword", newPassword: "newPassword" },
    childAction: "safetyReset",
  },
);
