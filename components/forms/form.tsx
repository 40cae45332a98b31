"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";
import { Dialog } from "@/components/ui/dialog";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { useForm } from "./use-form";

/** Hidden inputs, one per entry; an empty or missing value sends nothing. */
export function HiddenFields({ fields }: { fields: Record<string, string | undefined> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}

/**
 * A small form that keeps what the member typed after its answer (check in, archive, share, save): it
 * submits without <form action>, since React resets a form after its action, which would empty what
 * the member typed after a refusal. `children` get the state (field errors) and whether it is pending.
 */
export function ActionForm({
  action,
  hidden,
  label,
  className,
  children,
}: {
  action: FormAction<FormState>;
  hidden: Record<string, string>;
  /** The form's name (a landmark for screen readers); none for a one-button form repeated down a list. */
  label?: string;
  className?: string;
  children: (state: FormState, pending: boolean) => ReactNode;
}) {
  const [state, submit, pending] = useActionState(action, idleForm);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.message) messageRef.current?.focus();
  }, [state]);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => submit(data));
  };
  return (
    <form onSubmit={send} aria-label={label} className={className}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(state, pending)}
      <FormMessage state={state} good={state.status === "ok"} messageRef={messageRef} />
    </form>
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
  action: FormAction<FormState>;
  fields: Record<string, string>;
  label: string;
  pendingLabel: string;
  /** When the visible label alone is ambiguous in a list ("Forget" which device?). */
  accessibleLabel?: string;
  variant?: "primary" | "secondary";
}) {
  const { state, formAction, pending, messageRef } = useForm(action);
  return (
    <form action={formAction} className="grid gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton variant={variant} pending={pending} pendingLabel={pendingLabel} aria-label={accessibleLabel}>
        {label}
      </SubmitButton>
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
