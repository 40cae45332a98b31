"use client";

import { createContext, useActionState, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { idleForm, type FormState } from "@/lib/forms";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { FormMessage as UiFormMessage } from "@/components/ui/form-message";

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

/**
 * useActionState for the account page's forms, plus what every one of them does after an answer:
 * focus the first field with an error (or the message), and follow a redirect with a full page load.
 */
export function useAccountForm(action: Action, fieldIds: Record<string, string> = {}) {
  const [state, formAction, pending] = useActionState(action, idleForm);
  const messageRef = useFocusAfterAnswer(state, fieldIds);
  return { state, formAction, pending, messageRef };
}

/** After each answer: follow a redirect, else focus the first field with an error, else the message. */
export function useFocusAfterAnswer(state: FormState, fieldIds: Record<string, string>) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status === "redirect" && state.redirectTo) {
      if (state.redirectMethod === "post") postTo(state.redirectTo);
      else window.location.assign(state.redirectTo);
      return;
    }
    if (state.status === "idle") return;
    const field = Object.keys(fieldIds).find((name) => state.fieldErrors[name]);
    if (field) document.getElementById(fieldIds[field]!)?.focus();
    else messageRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return messageRef;
}

/** A full page load by form post (the browser sends the page's Origin with it). */
function postTo(path: string) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = path;
  document.body.append(form);
  form.submit();
}

export function FormMessage({
  state,
  messageRef,
}: {
  state: FormState;
  messageRef: React.RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <UiFormMessage
      message={state.message}
      good={state.status === "ok" || state.status === "redirect"}
      messageRef={messageRef}
    />
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
      <Button
        type="submit"
        variant={variant}
        pending={pending}
        pendingLabel={pendingLabel}
        aria-label={accessibleLabel}
      >
        {label}
      </Button>
      <FormMessage state={state} messageRef={messageRef} />
    </form>
  );
}

/** A confirmation dialog around a form (components/ui/dialog.tsx: focus trapped, Esc closes, focus returns). */
export function FormDialog({
  trigger,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen} title={title} description={description} size="medium" trigger={trigger}>
      {children}
    </Dialog>
  );
}

export function Badge({ good, children }: { good: boolean; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${good ? "bg-brand-50 text-brand-900" : "bg-amber-50 text-amber-900"}`}
    >
      {children}
    </span>
  );
}

// The current-password fields' hint (how long a sign-in spares the password), from the server's configuration.
export const PasswordHint = createContext("To confirm it is you.");

/**
 * The current password, which the changes that could hand the account to someone else ask for (the
 * server decides: it may be left empty shortly after signing in). Its error names the field.
 */
export function CurrentPasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="currentPassword"
      type="password"
      label="Current password"
      hint={useContext(PasswordHint)}
      autoComplete="current-password"
      maxLength={256}
      error={error}
    />
  );
}
