"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import { initialCheckoutState, type SandboxCheckoutState } from "@/lib/billing/sandbox-checkout-submit";
import type { FormAction } from "@/lib/forms";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";

type Props = {
  action: FormAction<SandboxCheckoutState>;
  cancelUrl: string;
};

/**
 * The sandbox's card form. A decline is shown next to the form and announced; what was typed stays,
 * except the card number (as real checkouts do).
 */
export function SandboxCheckoutForm({ action, cancelUrl }: Props) {
  const [state, formAction, isPending] = useActionState(action, initialCheckoutState);
  const id = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state.status !== "idle") messageRef.current?.focus();
  }, [state]);

  return (
    <form
      action={formAction}
      className="grid gap-4"
      noValidate
      aria-describedby={state.message ? `${id}-message` : undefined}
    >
      {state.message ? (
        <p
          id={`${id}-message`}
          ref={messageRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-red-700 bg-red-50 p-3 font-medium text-red-800"
        >
          {state.message}
        </p>
      ) : null}
      {/* key: a fresh, empty card number after every failed attempt. */}
      <TextField
        key={`number-${state.attempt}`}
        id={`${id}-number`}
        name="number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        placeholder="4242 4242 4242 4242"
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          key={`expiry-${state.attempt}`}
          id={`${id}-expiry`}
          name="expiry"
          label="Expiry"
          hint="MM / YY"
          autoComplete="cc-exp"
          required
          defaultValue={state.values.expiry}
        />
        <TextField
          key={`cvc-${state.attempt}`}
          id={`${id}-cvc`}
          name="cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          defaultValue={state.values.cvc}
        />
      </div>
      <TextField
        key={`name-${state.attempt}`}
        id={`${id}-name`}
        name="name"
        label="Name on card"
        autoComplete="cc-name"
        required
        defaultValue={state.values.name}
      />
      <TextField
        key={`postal-${state.attempt}`}
        id={`${id}-postal`}
        name="postalCode"
        label="Postal code"
        optional
        autoComplete="postal-code"
        defaultValue={state.values.postalCode}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" pending={isPending} pendingLabel="Paying…">
          Subscribe
        </Button>
        <a href={cancelUrl} className="underline">
          Cancel
        </a>
      </div>
    </form>
  );
}
