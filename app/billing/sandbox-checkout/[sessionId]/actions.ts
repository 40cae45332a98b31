"use server";

import { redirect } from "next/navigation";
import { asSandbox, getBillingProvider } from "@/lib/billing/provider";
import { submitSandboxCheckout, type SandboxCheckoutState } from "@/lib/billing/sandbox-checkout-submit";

/** The sandbox card form's action: on success the browser goes to the session's success URL. */
export async function completeSandboxCheckoutAction(
  sessionId: string,
  previous: SandboxCheckoutState,
  form: FormData,
): Promise<SandboxCheckoutState> {
  const provider = asSandbox(await getBillingProvider());
  if (!provider) redirect("/");
  const result = await submitSandboxCheckout(provider, sessionId, form, previous.attempt + 1);
  if ("redirectUrl" in result) redirect(result.redirectUrl);
  return result.state;
}
