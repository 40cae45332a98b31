import type { Metadata } from "next";
import { AccountStoreProvider } from "@/components/billing/account-store";
import { ManageSubscription } from "@/components/billing/manage-subscription";
import { loadBilling, stripePublishableKey } from "@/lib/account/page";
import { getMember } from "@/lib/auth/member";
import { tokenizeSandboxCardAction } from "./actions";

export const metadata: Metadata = { title: "Manage subscription" };

/** The member's subscription, cards and transactions, all from the local mirror (no provider call). */
export default async function ManageSubscriptionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = await searchParams;
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { subscriptions, paymentMethods, transactions, plans } = await loadBilling(member);
  const changeTo =
    typeof search.change === "string" && /^price_[A-Za-z0-9_]{1,200}$/.test(search.change) ? search.change : null;
  const interval = plans.find((plan) => plan.priceId === (changeTo ?? subscriptions[0]?.planPriceId))?.interval;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold text-ink">Manage subscription</h1>
      <AccountStoreProvider
        initial={{
          email: member.email,
          subscriptions,
          paymentMethods,
          transactions,
          plans,
          selectedInterval: interval === "year" ? "year" : interval === "month" ? "month" : undefined,
        }}
      >
        <ManageSubscription
          stripePublishableKey={stripePublishableKey()}
          tokenizeSandboxCard={tokenizeSandboxCardAction}
          changeTo={changeTo}
        />
      </AccountStoreProvider>
    </div>
  );
}
