"use client";

import { startTransition, useActionState, useEffect, useId, useRef, type FormEvent } from "react";
import { FormMessage, SubmitButton, TextAreaField } from "@/components/forms";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";

/**
 * A post or a reply at the member's table. Sent without <form action> (as the kit's ActionForm) so a
 * refusal (the daily limit, slow mode's wait) keeps what was typed; emptied once it is posted. The
 * answer (posted, held, or why not yet) is read out and focused.
 */
export function PostForm({
  roomId,
  replyTo,
  label,
  submitLabel,
  hint,
  postMax,
  action,
}: {
  roomId: string;
  replyTo?: string;
  label: string;
  submitLabel: string;
  hint?: string;
  postMax: number;
  action: FormAction<FormState>;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const [state, submit, pending] = useActionState(action, idleForm);
  useEffect(() => {
    if (state.status === "ok") formRef.current?.reset();
    if (state.fieldErrors.text) document.getElementById(`${id}-text`)?.focus();
    else if (state.message) messageRef.current?.focus();
  }, [state, id]);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => submit(data));
  };
  return (
    <form ref={formRef} onSubmit={send} aria-label={label} className="grid gap-3">
      <input type="hidden" name="roomId" value={roomId} />
      {replyTo ? <input type="hidden" name="replyTo" value={replyTo} /> : null}
      <TextAreaField
        id={`${id}-text`}
        name="text"
        label={replyTo ? "Your reply" : "Your post"}
        hint={hint}
        rows={replyTo ? 2 : 3}
        required
        aria-required="true"
        maxLength={postMax}
        error={state.fieldErrors.text ?? state.fieldErrors.replyTo}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel="Sending…">
          {submitLabel}
        </SubmitButton>
      </div>
      <FormMessage state={state} messageRef={messageRef} />
    </form>
  );
}
