"use client";

import { startTransition, useActionState, useEffect, useId, useRef, type FormEvent } from "react";
import { FormMessage, SubmitButton, TextAreaField } from "@/components/forms";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";
import { PhotoUploadField, usePhotoUpload, type UploadTicketState } from "@/components/uploads/photo-upload";

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
  photo,
}: {
  roomId: string;
  replyTo?: string;
  label: string;
  submitLabel: string;
  hint?: string;
  postMax: number;
  action: FormAction<FormState>;
  /** Teens' and adults' rooms: one optional photo, sent as soon as it is chosen (lib/uploads). */
  photo?: { startUpload: FormAction<UploadTicketState>; maxBytes: number };
}) {
  const id = useId();
  const noUpload = async () => idleForm as UploadTicketState;
  const {
    upload,
    send: sendPhoto,
    reset: resetPhoto,
  } = usePhotoUpload(photo?.startUpload ?? noUpload, photo?.maxBytes ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const [state, submit, pending] = useActionState(action, idleForm);
  // Each answer once: the photo's own updates re-render the form and must not empty it again.
  const answered = useRef(state);
  useEffect(() => {
    if (answered.current === state) return;
    answered.current = state;
    if (state.status === "ok") {
      formRef.current?.reset();
      resetPhoto();
    }
    if (state.fieldErrors.text) document.getElementById(`${id}-text`)?.focus();
    else if (state.message) messageRef.current?.focus();
  }, [state, id, resetPhoto]);
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
      {photo ? (
        <PhotoUploadField
          id={`${id}-photo`}
          upload={upload}
          send={sendPhoto}
          maxBytes={photo.maxBytes}
          error={state.fieldErrors.uploadId}
        />
      ) : null}
      <div>
        <SubmitButton pending={pending || upload.state === "sending"} pendingLabel="Sending…">
          {submitLabel}
        </SubmitButton>
      </div>
      <FormMessage state={state} messageRef={messageRef} />
    </form>
  );
}
