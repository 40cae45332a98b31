"use server";

import { z } from "zod";
import { formField, memberAction } from "@/lib/account/member-action";
import { done } from "@/lib/forms";
import { quietHoursSchema, setQuietHours } from "@/lib/settings";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The quiet-hours form: one checkbox per weekday (`day-1` … `day-7`), from and to; "off" clears them. */
const quietHoursForm = z
  .object({
    intent: z.enum(["save", "off"], { message: "intent must be save or off" }),
    from: formField,
    to: formField,
    ...Object.fromEntries(WEEKDAYS.map((day) => [`day-${day}`, formField])),
  })
  .transform((form, context) => {
    if (form.intent === "off") return null;
    const record = form as Record<string, string>;
    const parsed = quietHoursSchema.safeParse({
      days: WEEKDAYS.filter((day) => record[`day-${day}`] === "on"),
      from: form.from,
      to: form.to,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

export const quietHoursAction = memberAction(
  quietHoursForm,
  async (member, quietHours) => {
    await setQuietHours(member.memberId, quietHours);
    return done(quietHours ? "Quiet hours saved." : "Quiet hours are off.");
  },
  { fields: { days: "days", from: "from", to: "to" } },
);
