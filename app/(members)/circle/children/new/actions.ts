"use server";

import { z } from "zod";
import { formField, memberAction } from "@/lib/account/member-action";
import { getBillingService } from "@/lib/billing/provider";
import { createChildAccount } from "@/lib/circles";
import { familyPlanFrom } from "@/lib/circles";
import type { ChildFormState } from "@/components/circles/child-account-form";

/** Creates a child's account (lib/circles/children.ts); the answer shows the sign-in name once. */
export const createChildAction = memberAction(
  z.object({
    circleId: formField,
    firstName: formField,
    birthMonth: formField,
    credential: z.enum(["password", "code"], { message: "Choose a first password or a one-time sign-in code" }),
    password: formField,
    consent: formField,
  }),
  async (member, input): Promise<ChildFormState> => {
    const created = await createChildAccount(
      member,
      {
        circleId: input.circleId,
        firstName: input.firstName,
        birthMonth: input.birthMonth,
        credential: input.credential === "code" ? { oneTimeCode: true } : { password: input.password },
        consent: input.consent === "on",
      },
      { familyPlan: familyPlanFrom(getBillingService) },
    );
    return {
      status: "ok",
      message: `${input.firstName.trim()}'s account is ready.`,
      fieldErrors: {},
      values: {},
      created: { firstName: input.firstName.trim(), signInName: created.signInName, oneTimeCode: created.oneTimeCode },
    };
  },
  {
    fields: {
      circleId: "circleId",
      firstName: "firstName",
      birthMonth: "birthMonth",
      password: "password",
      consent: "consent",
    },
  },
);
