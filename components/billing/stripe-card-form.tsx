"use client";

import { useState, type FormEvent } from "react";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { Button } from "@/components/ui/button";

type Props = {
  publishableKey: string;
  attach: (token: string) => Promise<string | null>;
  onPendingChange: (pending: boolean) => void;
};

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/** Stripe Elements' card field (16px text, so phones do not zoom; no postal code): a payment method, then attached. */
export default function StripeCardForm({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ attach, onPendingChange }: Omit<Props, "publishableKey">) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPending(true);
    onPendingChange(true);
    setError(null);
    const created = await stripe.createPaymentMethod({ type: "card", card });
    const message = created.error
      ? (created.error.message ?? "Your card could not be used.")
      : await attach(created.paymentMethod.id);
    setPending(false);
    onPendingChange(false);
    setError(message);
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      {error ? (
        <p role="alert" className="rounded-xl border border-red-700 bg-red-50 p-3 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <span className="text-sm font-semibold text-ink" id="stripe-card-label">
          Card
        </span>
        <div
          role="group"
          className="rounded-xl border border-slate-300 px-3.5 py-3"
          aria-labelledby="stripe-card-label"
        >
          <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: "16px", color: "#14172b" } } }} />
        </div>
      </div>
      <div>
        <Button type="submit" pending={pending} disabled={!stripe} pendingLabel="Adding your card…">
          Save card
        </Button>
      </div>
    </form>
  );
}
