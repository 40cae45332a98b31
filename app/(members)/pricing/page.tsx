import type { Metadata } from "next";
import { AccountStoreProvider, type Interval } from "@/components/billing/account-store";
import { PricingPlans } from "@/components/billing/pricing-plans";
import { tierOfProductName } from "@/components/billing/plan-card";
import { loadSubscriptions } from "@/lib/account/page";
import { getMember } from "@/lib/auth/member";

export const metadata: Metadata = { title: "Pricing" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Plans for a signed-in member. `?plan=<tier>&interval=<month|year>` (from /planform) preselects one. */
export default async function PricingPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { subscriptions, plans } = await loadSubscriptions(member);
  const interval: Interval | undefined =
    one(search.interval) === "year" ? "year" : one(search.interval) === "month" ? "month" : undefined;
  const tier = one(search.plan);
  const selected = tier
    ? plans.find((plan) => tierOfProductName(plan.productName) === tier && plan.interval === (interval ?? "month"))
    : undefined;
  const message =
    one(search.checkout) === "canceled"
      ? ({
          tone: "success",
          text: "Checkout canceled: you have not been charged. Choose a plan whenever you are ready.",
        } as const)
      : selected
        ? ({ tone: "success", text: `You chose ${selected.productName}. Press Subscribe to continue.` } as const)
        : null;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12">
      <h1 className="mb-8 text-center text-3xl font-bold text-ink">Choose your plan</h1>
      <AccountStoreProvider
        initial={{
          email: member.email,
          subscriptions,
          plans,
          selectedInterval: interval,
          selectedPriceId: selected?.priceId ?? null,
          message,
          continue: "/pricing",
        }}
      >
        <PricingPlans />
      </AccountStoreProvider>
    </div>
  );
}
