"use server";

import { headers } from "next/headers";
import { after } from "next/server";
import { deliverPending } from "@/lib/mail";
import { joinWaitlist, type WaitlistFormState } from "@/lib/waitlist";
import { clientAddress } from "@/lib/request/client-address";
import { logError } from "@/lib/log";
import { publicAction } from "@/lib/request/public-action";

/** Joins the waitlist; a failure on our side is logged and shown as one sentence, keeping what was typed. */
export const joinWaitlistAction = publicAction(
  ["email", "firstName"],
  async (values): Promise<WaitlistFormState> => {
    const result = await joinWaitlist(values, { clientAddress: clientAddress(await headers()) });
    switch (result.status) {
      case "joined":
        // The entry and its confirmation email are committed; hand the email to SMTP once the response is out.
        after(() => deliverPending().catch((error: unknown) => logError("outbox delivery failed", error)));
        return {
          status: result.status,
          message: result.message,
          fieldErrors: {},
          values: { email: "", firstName: "" },
        };
      case "already-joined":
        return {
          status: result.status,
          message: result.message,
          fieldErrors: {},
          values: { email: "", firstName: "" },
        };
      case "invalid":
        return { status: "invalid", message: result.message, fieldErrors: result.fieldErrors, values };
      case "rate-limited":
        return { status: "rate-limited", message: result.message, fieldErrors: {}, values };
    }
  },
  (error, values): WaitlistFormState => {
    logError("joinWaitlistAction failed", error);
    return {
      status: "error",
      message: "Something went wrong on our side. Please try again in a moment.",
      fieldErrors: {},
      values,
    };
  },
);
