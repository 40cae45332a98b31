import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isBillingError } from "@/lib/billing/errors";
import { asSandbox, getBillingProvider } from "@/lib/billing/provider";
import { getSandboxCheckoutSummary } from "@/lib/billing/sandbox/checkout";
import { formatMoney } from "@/lib/format/money";
import { SandboxCheckoutForm } from "@/components/billing/sandbox-checkout-form";
import { completeSandboxCheckoutAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout (sandbox)", robots: { index: false, follow: false } };

/**
 * The sandbox's stand-in for Stripe's hosted checkout page (only when Stripe is not configured). It
 * renders inside the layout's <main>, so it has none of its own.
 */
export default async function SandboxCheckoutPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  const provider = asSandbox(await getBillingProvider());
  if (!provider || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) notFound();
  const summary = await getSandboxCheckoutSummary(provider, sessionId).catch((error: unknown) => {
    if (isBillingError(error) && error.status === 404) notFound();
    throw error;
  });

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-4 py-12">
      <header className="grid gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Test mode: no real card is charged</p>
        <h1 className="text-3xl font-bold text-ink">Subscribe to {summary.productName}</h1>
        <p className="text-lg text-ink">
          {formatMoney(summary.unitAmount, summary.currency)} per {summary.interval}
        </p>
        {summary.productDescription ? <p className="text-muted">{summary.productDescription}</p> : null}
        {summary.customerEmail ? <p className="text-sm text-muted">Billed to {summary.customerEmail}</p> : null}
      </header>
      {summary.status === "open" ? (
        <SandboxCheckoutForm
          action={completeSandboxCheckoutAction.bind(null, sessionId)}
          cancelUrl={summary.cancelUrl}
        />
      ) : (
        <p role="status" className="rounded-xl border border-slate-300 p-4">
          {summary.status === "complete"
            ? "This checkout is already complete."
            : "This checkout has expired. Please start again."}{" "}
          <a className="underline" href={summary.cancelUrl}>
            Go back
          </a>
        </p>
      )}
      <p className="text-sm text-muted">
        Use Stripe&apos;s test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.
      </p>
    </div>
  );
}
