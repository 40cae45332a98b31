"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done, type FormState } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import { confirmTeenBand, setChildLounge } from "@/lib/lounge";

/** A carer's Lounge switch for one child (lib/lounge setChildLounge: the child's carers only, else 404). */
export const childLoungeAction = memberAction(
  z.object({ childId: formField, enabled: z.enum(["on", "off"], { message: "Choose on or off" }) }),
  async (member, form): Promise<FormState> => {
    const enabled = form.enabled === "on";
    await setChildLounge(member.memberId, { childId: form.childId, enabled });
    revalidatePath(`/circle/children/${encodeURIComponent(form.childId)}`);
    return done(
      enabled
        ? "The Lounge is on: they can join the rooms for under-13s, in the daytime."
        : "The Lounge is off: they are out of it now, everywhere.",
    );
  },
  { revalidate: false }, // hidden fields: a refusal is the form's message
);

/** A grown-up of the member's circle confirms their teen band (lib/lounge confirmTeenBand). */
export const confirmTeenBandAction = memberAction(
  z.object({ memberId: formField }),
  async (member, form): Promise<FormState> => {
    await confirmTeenBand(member.memberId, { memberId: form.memberId });
    revalidatePath("/circle");
    return done("Confirmed: the Lounge's teen rooms are open to them.");
  },
  { revalidate: false },
);
