"use server";

import { headers } from "next/headers";
import { after } from "next/server";
import { sendContactMessage, type ContactFormState } from "@/lib/contact";
import { deliverPending } from "@/lib/mail";
import { clientAddress } from "@/lib/request/client-address";
import { logError } from "@/lib/log";
import { publicAction } from "@/lib/request/public-action";

/** Sends a message to the team; a failure on our side is logged and shown as one sentence, keeping what was typed. */
export const sendContactAction = publicAction(
  ["name", "email", "topic", "message"],
  async (values): Promise<ContactFormState> => {
    const result = await sendContactMessage(values, { clientAddress: clientAddress(await headers()) });
    switch (result.status) {
      case "sent":
        // The message and its email are committed; hand the email to SMTP once the response is out.
        after(() => deliverPending().catch((error: unknown) => logError("outbox delivery failed", error)));
        return {
          status: "sent",
          message: result.message,
          fieldErrors: {},
          values: { name: "", email: "", topic: "", message: "" },
        };
      case "invalid":
        return { status: "invalid", message: result.message, fieldErrors: result.fieldErrors, values };
      case "rate-limited":
        return { status: "rate-limited", message: result.message, fieldErrors: {}, values };
    }
  },
  (error, values): ContactFormState => {
    logError("sendContactAction failed", error);
    return {
      status: "error",
      message: "Something went wrong on our side. Please try again in a moment.",
      fieldErrors: {},
      values,
    };
  },
);
