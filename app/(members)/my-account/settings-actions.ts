"use server";

import { z } from "zod";
import { formField, memberAction } from "@/lib/account/member-action";
import { done } from "@/lib/forms";
import { setChildQuietHours } from "@/lib/circles";
import { quietHoursSchema, setQuietHours, type QuietHours } from "@/lib/settings";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The quiet-hours form's fields: one checkbox per weekday (`day-1` … `day-7`), from and to, and save or off. */
const quietHoursFields = {
  intent: z.enum(["save", "off"], { message: "intent must be save or off" }),
  from: formField,
  to: formField,
  ...Object.fromEntries(WEEKDAYS.map((day) => [`day-${day}`, formField])),
};

/** The quiet hours the form describes ("off": null); a problem is reported on its field. */
function quietHoursOf(form: Record<string, unknown>, context: z.RefinementCtx): QuietHours | null {
  if (form.intent === "off") return null;
  const parsed = quietHoursSchema.safeParse({
    days: WEEKDAYS.filter((day) => form[`day-${day}`] === "on"),
    from: form.from,
    to: form.to,
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
}

const fields = { fields: { days: "days", from: "from", to: "to" } };

/** The member's own quiet hours. */
export const quietHoursAction = memberAction(
  z.object(quietHoursFields).transform((form, context) => quietHoursOf(form, context)),
  async (member, quietHours) => {
    await setQuietHours(member.memberId, quietHours);
    return done(quietHours ? "Quiet hours saved." : "Quiet hours are off.");
  },
  fields,
);

/** A circle's children's quiet hours (its owner or a guardian; the circle's id travels with the form). */
export const childQuietHoursAction = memberAction(
  z
    .object({ circleId: formField, ...quietHoursFields })
    .transform((form, context) => ({ circleId: form.circleId, quietHours: quietHoursOf(form, context) })),
  async (member, input) => {
    await setChildQuietHours(member.memberId, input);
    return done(input.quietHours ? "The children's quiet hours are saved." : "The children's quiet hours are off.");
  },
  fields,
);
