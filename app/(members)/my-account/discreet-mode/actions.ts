"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/account/member-action";
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
