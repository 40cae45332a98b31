"use server";

import { auth } from "@/auth";
import { isBillingError } from "@/lib/billing/errors";
import { asSandbox, getBillingProvider } from "@/lib/billing/provider";
import { readExpiry, tokenizeTestCard } from "@/lib/billing/sandbox/cards";

export type TokenizeResult = { token: string } | { error: string };

/**
 * The sandbox card form's first step (Stripe.js's createPaymentMethod when Stripe is configured): the
 * typed card becomes a test token, which the browser then attaches with addNewPaymentMethod.
 */
export async function tokenizeSandboxCardAction(card: { number: string; expiry: string; cvc: string; name: string }): Promise<TokenizeResult> {
  if (!(await auth())?.user) return { error: "User is not authenticated" };
  const provider = asSandbox(await getBillingProvider());
  if (!provider) return { error: "Cards are added with the payment provider's card field." };
  const expiry = readExpiry(String(card.expiry ?? ""));
  if (!expiry) return { error: "Expiry must be a month and year such as 12 / 30" };
  try {
    const token = tokenizeTestCard({ number: String(card.number ?? "").slice(0, 40), ...expiry, cvc: String(card.cvc ?? "").trim(), name: String(card.name ?? "").slice(0, 200) }, await provider.now());
    return { token };
  } catch (error) {
    if (isBillingError(error) && error.status !== 502) return { error: error.message };
    throw error;
  }
}
