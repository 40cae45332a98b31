"use server";

import { MemberRequiredError } from "@/lib/auth/member";
import { actingMember } from "@/lib/account/member-action";
import { TooManyRequestsError } from "@/lib/rate-limit/member-limits";
import { isBillingError } from "@/lib/billing/errors";
import { asSandbox, getBillingProvider } from "@/lib/billing/provider";
import { readExpiry, tokenizeTestCard, type SandboxCard } from "@/lib/billing/sandbox/cards";

/**
 * The sandbox card form's first step (Stripe.js's createPaymentMethod when Stripe is configured): the
 * typed card becomes a test token, which the browser then attaches with addNewPaymentMethod. Within
 * the member's rate of forms (actingMember).
 */
export async function tokenizeSandboxCardAction(card: SandboxCard): Promise<{ token: string } | { error: string }> {
  try {
    await actingMember();
    const provider = asSandbox(await getBillingProvider());
    if (!provider) return { error: "Cards are added with the payment provider's card field." };
    const expiry = readExpiry(String(card.expiry ?? ""));
    if (!expiry) return { error: "Expiry must be a month and year such as 12 / 30" };
    const token = tokenizeTestCard(
      {
        number: String(card.number ?? "").slice(0, 40),
        ...expiry,
        cvc: String(card.cvc ?? "").trim(),
        name: String(card.name ?? "").slice(0, 200),
      },
      await provider.now(),
    );
    return { token };
  } catch (error) {
    if (
      error instanceof MemberRequiredError ||
      error instanceof TooManyRequestsError ||
      (isBillingError(error) && error.status !== 502)
    )
      return { error: error.message };
    throw error;
  }
}
