"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";

import type { TokenizeSandboxCard } from "@/lib/billing/sandbox/cards";

type Props = {
  tokenize: TokenizeSandboxCard;
  attach: (token: string) => Promise<string | null>;
  onPendingChange: (pending: boolean) => void;
};

/**
 * The sandbox's card field (no Stripe configured): the card is turned into a test token on the server,
 * then attached. A decline shows the provider's message; everything typed stays but the card number
 * is kept too, so the member can correct a typo.
 */
export function SandboxCardForm({ tokenize, attach, onPendingChange }: Props) {
  const id = useId();
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "", name: "" });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof card) => (event: { target: { value: string } }) =>
    setCard((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    onPendingChange(true);
    setError(null);
    let message: string | null;
    try {
      const tokenized = await tokenize(card);
      message = "token" in tokenized ? await attach(tokenized.token) : tokenized.error;
    } catch {
      message = "We could not add your card. Please try again.";
    }
    setPending(false);
    onPendingChange(false);
    setError(message);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-describedby={error ? `${id}-error` : undefined}>
      <p className="text-sm text-muted">
        Test mode: use Stripe&apos;s test cards, such as 4242 4242 4242 4242 (4000 0000 0000 0002 is declined).
      </p>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="rounded-xl border border-red-700 bg-red-50 p-3 font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
      <TextField
        id={`${id}-number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        value={card.number}
        onChange={set("number")}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id={`${id}-expiry`}
          label="Expiry"
          hint="MM / YY"
          autoComplete="cc-exp"
          required
          value={card.expiry}
          onChange={set("expiry")}
        />
        <TextField
          id={`${id}-cvc`}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          value={card.cvc}
          onChange={set("cvc")}
        />
      </div>
      <TextField
        id={`${id}-name`}
        label="Name on card"
        autoComplete="cc-name"
        required
        value={card.name}
        onChange={set("name")}
      />
      <div>
        <Button type="submit" pending={pending} pendingLabel="Adding your card…">
          Save card
        </Button>
      </div>
    </form>
  );
}
