"use client";

import { useActionState, useEffect, useId } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import type { FormAction } from "@/lib/forms";
import type { WaitlistFormState } from "@/lib/waitlist/schema";
import { Button } from "@/components/ui/button";
import { EmailField, TextField } from "@/components/forms/field";

const initialState: WaitlistFormState = {
  status: "idle",
  message: "",
  fieldErrors: {},
  values: { email: "", firstName: "" },
};

/**
 * The waitlist dialog itself (Radix: moves focus in, traps it, closes on Esc; focus then goes back to
 * the button that opened it). Loaded on demand by ./waitlist-dialog.tsx. The form is mounted only while
 * open, so each opening starts fresh.
 */
export default function WaitlistDialogBody({
  action,
  open,
  onOpenChange,
  returnFocus,
}: {
  action: FormAction<WaitlistFormState>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back on the button that opened the dialog (Radix only knows its own Dialog.Trigger). */
  returnFocus: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
        >
          <Dialog.Title className="pr-8 text-2xl font-bold text-ink">Join the waitlist</Dialog.Title>
          <Dialog.Description className="mt-2 text-base text-muted">
            Be first to know when Happr opens. We&apos;ll only email you about the launch.
          </Dialog.Description>
          <WaitlistForm action={action} />
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function WaitlistForm({ action }: { action: FormAction<WaitlistFormState> }) {
  const [state, formAction, isPending] = useActionState(action, initialState);
  const id = useId();
  const emailId = `${id}-email`;
  const firstNameId = `${id}-first-name`;

  // After a rejected attempt, put the person on the field that needs fixing.
  useEffect(() => {
    if (state.status !== "invalid") return;
    const target = state.fieldErrors.email ? emailId : state.fieldErrors.firstName ? firstNameId : undefined;
    if (target) document.getElementById(target)?.focus();
  }, [state, emailId, firstNameId]);

  const success = state.status === "joined" || state.status === "already-joined";
  const problem = state.status === "rate-limited" || state.status === "error";

  return (
    <form action={formAction} noValidate className="mt-6 grid gap-4">
      <EmailField id={emailId} defaultValue={state.values.email} error={state.fieldErrors.email} />
      <TextField
        id={firstNameId}
        name="firstName"
        type="text"
        label="First name"
        optional
        autoComplete="given-name"
        maxLength={100}
        defaultValue={state.values.firstName}
        error={state.fieldErrors.firstName}
      />
      <p
        role="status"
        aria-live="polite"
        className={success ? "rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900" : "sr-only"}
      >
        {success ? state.message : ""}
      </p>
      <p role="alert" className={problem ? "rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800" : "sr-only"}>
        {problem ? state.message : ""}
      </p>
      <Button type="submit" pending={isPending} pendingLabel="Joining…" className="w-full">
        Join the waitlist
      </Button>
    </form>
  );
}
