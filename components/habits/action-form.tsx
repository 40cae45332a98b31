"use client";

import { startTransition, useActionState, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";

/**
 * A small form for one habit's server action (check in, archive, share, save), with its answer under
 * it. Submitted without <form action>: React resets a form after its action, which would empty what
 * the member typed after a refusal. `children` get the state (field errors) and whether it is pending.
 */
export function HabitActionForm({
  action,
  hidden,
  label,
  className,
  children,
}: {
  action: FormAction<FormState>;
  hidden: Record<string, string>;
  label: string;
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
      <FormMessage message={state.message} good={state.status === "ok"} messageRef={messageRef} />
    </form>
  );
}
