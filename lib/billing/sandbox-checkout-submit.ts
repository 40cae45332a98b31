import { isBillingError } from "@/lib/billing/errors";
import { formText, type FormState } from "@/lib/forms";
import { readExpiry } from "@/lib/billing/sandbox/cards";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";

/** What the card form shows after a submit: the message, and what was typed (never the card number). */
export type SandboxCheckoutState = FormState<
  { expiry: string; cvc: string; name: string; postalCode: string },
  "idle" | "declined" | "invalid",
  {
    /** Counts failed submits, so the form can clear the card number after each one. */
    attempt: number;
  }
>;

export const initialCheckoutState: SandboxCheckoutState = {
  status: "idle",
  message: "",
  fieldErrors: {},
  values: { expiry: "", cvc: "", name: "", postalCode: "" },
  attempt: 0,
};

const text = (form: FormData, name: string) => formText(form, name).slice(0, 200);

/**
 * The hosted sandbox checkout's submit: completes the session with the test card, answering where
 * to send the browser, or the state to show (422 decline or 400 bad field message).
 */
export async function submitSandboxCheckout(
  provider: SandboxBillingProvider,
  sessionId: string,
  form: FormData,
  attempt = 1,
): Promise<{ redirectUrl: string } | { state: SandboxCheckoutState }> {
  const values = {
    expiry: text(form, "expiry"),
    cvc: text(form, "cvc"),
    name: text(form, "name"),
    postalCode: text(form, "postalCode"),
  };
  const expiry = readExpiry(values.expiry);
  if (!expiry)
    return {
      state: {
        status: "invalid",
        message: "Expiry must be a month and year such as 12 / 30",
        fieldErrors: {},
        values,
        attempt,
      },
    };
  try {
    const done = await provider.completeSandboxCheckout(sessionId, {
      number: text(form, "number"),
      ...expiry,
      cvc: values.cvc.trim(),
      name: values.name,
      postalCode: values.postalCode.trim() || undefined,
    });
    return { redirectUrl: done.redirectUrl };
  } catch (error) {
    if (isBillingError(error) && error.status !== 502) {
      return {
        state: {
          status: error.status === 422 ? "declined" : "invalid",
          message: error.message,
          fieldErrors: {},
          values,
          attempt,
        },
      };
    }
    throw error;
  }
}
