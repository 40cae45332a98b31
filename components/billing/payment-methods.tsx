"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useAccountStore } from "./account-store";
import { callApi, succeeded } from "@/lib/graphql-client";
import { SandboxCardForm } from "./sandbox-card-form";
import type { TokenizeSandboxCard } from "@/lib/billing/sandbox/cards";
import { Panel } from "@/components/ui/panel";

// Stripe.js is fetched only when Stripe is configured and the member opens "Add a card".
const StripeCardForm = lazy(() => import("./stripe-card-form"));

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
};
const brandName = (brand: string) => brandNames[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** The member's cards: brand, last four, expiry, which one is the default; set the default; add a card. */
export function PaymentMethods({
  stripePublishableKey,
  tokenizeSandboxCard,
}: {
  stripePublishableKey: string | null;
  tokenizeSandboxCard: TokenizeSandboxCard;
}) {
  const { state, dispatch, refresh } = useAccountStore();
  const { paymentMethods, loading } = state.subscription;
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addPending, setAddPending] = useState(false);

  async function makeDefault(paymentId: string, label: string) {
    setPendingId(paymentId);
    const result = await callApi("setDefaultPaymentMethod", { newPaymentMethodId: paymentId });
    if (succeeded(result)) await refresh(["paymentMethods", "subscriptions"]);
    setPendingId(null);
    dispatch({
      type: "setMessage",
      message: succeeded(result)
        ? { tone: "success", text: `${label} is now your default card.` }
        : { tone: "error", text: result.message },
    });
  }

  /** Attaches the token from the card form; the form shows a failure itself and keeps what was typed. */
  async function attach(token: string): Promise<string | null> {
    const result = await callApi("addNewPaymentMethod", { token });
    if (!succeeded(result)) return result.message;
    await refresh(["paymentMethods"]);
    setAdding(false);
    dispatch({ type: "setMessage", message: { tone: "success", text: "Card added." } });
    return null;
  }

  return (
    <Panel compact aria-labelledby="payment-methods" className="min-h-40" aria-busy={loading.paymentMethods}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="payment-methods" className="text-lg font-semibold text-ink">
          Payment methods
        </h2>
        {loading.paymentMethods ? <Spinner label="Updating your cards" /> : null}
      </div>
      {paymentMethods.length === 0 ? <p className="mt-4 text-muted">No card saved yet.</p> : null}
      <ul className="mt-4 grid gap-3">
        {paymentMethods.map((method) => {
          const label = method.card
            ? `${brandName(method.card.brand)} ending in ${method.card.last4}`
            : method.paymentType;
          return (
            <li
              key={method.paymentId}
              className="flex flex-wrap items-center gap-3 rounded-2xl p-4 ring-1 ring-black/10"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  {method.card ? brandName(method.card.brand) : method.paymentType} <span aria-hidden="true">••••</span>
                  <span className="sr-only">ending in</span> {method.card?.last4}
                  {method.isDefault ? (
                    <span className="ml-2 rounded-full bg-brand-600 px-2.5 py-0.5 align-middle text-xs font-semibold text-white">
                      Default
                    </span>
                  ) : null}
                </p>
                {method.card ? (
                  <p className="text-sm text-muted">
                    Expires {String(method.card.expMonth).padStart(2, "0")}/{method.card.expYear}
                  </p>
                ) : null}
              </div>
              {method.isDefault ? null : (
                <Button
                  variant="secondary"
                  onClick={() => void makeDefault(method.paymentId, label)}
                  pending={pendingId === method.paymentId}
                  disabled={pendingId !== null}
                  pendingLabel="Saving…"
                  aria-label={`Make ${label} the default`}
                >
                  Make default
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-4">
        <Dialog
          open={adding}
          onOpenChange={setAdding}
          title="Add a card"
          description="Your card is kept by our payment provider; Happr never sees its number."
          busy={addPending}
          trigger={<Button>Add a card</Button>}
        >
          {stripePublishableKey ? (
            <Suspense
              fallback={
                <div className="flex min-h-40 items-center justify-center">
                  <Spinner label="Loading the card form" className="h-8 w-8" />
                </div>
              }
            >
              <StripeCardForm publishableKey={stripePublishableKey} attach={attach} onPendingChange={setAddPending} />
            </Suspense>
          ) : (
            <SandboxCardForm tokenize={tokenizeSandboxCard} attach={attach} onPendingChange={setAddPending} />
          )}
        </Dialog>
      </div>
    </Panel>
  );
}
