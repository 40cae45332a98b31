import { Panel } from "@/components/ui/panel";
import type { Metadata } from "next";
import { CheckoutConfirmation } from "@/components/billing/checkout-confirmation";

export const metadata: Metadata = { title: "Subscription confirmed" };

/** The checkout's success URL: the provider adds session_id. */
export default async function CheckoutSuccessPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = await searchParams;
  const sessionId =
    typeof search.session_id === "string" && /^cs_[A-Za-z0-9_]{1,200}$/.test(search.session_id)
      ? search.session_id
      : null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">Subscription</h1>
      <Panel as="div" className="mt-6">
        <CheckoutConfirmation sessionId={sessionId} />
      </Panel>
    </div>
  );
}
