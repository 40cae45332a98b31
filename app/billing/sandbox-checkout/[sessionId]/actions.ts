"use server";

import { redirect } from "next/navigation";
import { getBillingProvider } from "@/lib/billing/provider";
import { isSandboxProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { submitSandboxCheckout, type SandboxCheckoutState } from "./submit";

/** The sandbox card form's action: on success the browser goes to the session's success URL. */
export async function completeSandboxCheckoutAction(sessionId: string, previous: SandboxCheckoutState, form: FormData): Promise<SandboxCheckoutState> {
  const provider = await getBillingProvider();
  if (!isSandboxProvider(provider)) redirect("/");
  const result = await submitSandboxCheckout(provider, sessionId, form, previous.attempt + 1);
  if ("redirectUrl" in result) redirect(result.redirectUrl);
  return result.state;
}
