"use client";

import { useActionState, useEffect, useRef, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { idleAccountForm, type AccountFormState } from "@/lib/auth/account-forms";
import { Button } from "@/components/ui/button";

type Action = (previous: AccountFormState, formData: FormData) => Promise<AccountFormState>;

/**
 * useActionState for the account page's forms, plus what every one of them does after an answer:
 * focus the first field with an error (or the message), and follow a redirect with a full page load.
 */
export function useAccountForm(action: Action, fieldIds: Record<string, string> = {}) {
  const [state, formAction, pending] = useActionState(action, idleAccountForm);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status === "redirect" && state.redirectTo) {
      window.location.assign(state.redirectTo);
      return;
    }
    if (state.status === "idle") return;
    const field = Object.keys(fieldIds).find((name) => state.fieldErrors[name]);
    if (field) document.getElementById(fieldIds[field]!)?.focus();
    else messageRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return { state, formAction, pending, messageRef };
}

export function FormMessage({ state, messageRef }: { state: AccountFormState; messageRef: React.RefObject<HTMLParagraphElement | null> }) {
  if (!state.message) return null;
  const good = state.status === "ok" || state.status === "redirect";
  return (
    <p
      ref={messageRef}
      tabIndex={-1}
      role={good ? "status" : "alert"}
      className={`rounded-xl px-4 py-3 text-sm font-medium ${good ? "bg-brand-50 text-ink" : "bg-red-50 text-red-800"}`}
    >
      {state.message}
    </p>
  );
}

/** A one-button form (remove, forget, resend...): hidden fields, the button, and its answer. */
export function ActionButton({
  action,
  fields,
  label,
  pendingLabel,
  accessibleLabel,
  variant = "secondary",
}: {
  action: Action;
  fields: Record<string, string>;
  label: string;
  pendingLabel: string;
  /** When the visible label alone is ambiguous in a list ("Forget" which device?). */
  accessibleLabel?: string;
  variant?: "primary" | "secondary";
}) {
  const { state, formAction, pending, messageRef } = useAccountForm(action);
  return (
    <form action={formAction} className="grid gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} pending={pending} pendingLabel={pendingLabel} aria-label={accessibleLabel}>
        {label}
      </Button>
      <FormMessage state={state} messageRef={messageRef} />
    </form>
  );
}

/** A Radix dialog (focus moves in, is trapped, Esc closes, focus returns to the trigger) around a form. */
export function FormDialog({ trigger, title, description, children }: { trigger: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <Dialog.Title className="pr-8 text-2xl font-bold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-base text-muted">{description}</Dialog.Description>
          <div className="mt-6">{children}</div>
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Badge({ good, children }: { good: boolean; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${good ? "bg-brand-50 text-brand-900" : "bg-amber-50 text-amber-900"}`}>
      {children}
    </span>
  );
}

export const panelClass = "mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm";
