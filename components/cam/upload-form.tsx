"use client";

import { startTransition, useActionState, useId, useRef, type FormEvent } from "react";
import { FormMessage, SubmitButton, TextAreaField, TextField, useFocusAfterAnswer } from "@/components/forms";
import { HabitAndAlbumFields } from "./choices";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";
import { PhotoUploadField, usePhotoUpload, type UploadTicketState } from "@/components/uploads/photo-upload";

/**
 * A new moment: the photo (the camera on a phone), sent as soon as it is chosen with its progress
 * shown, then its note, day, alternative text, habit, album and goal, saved by `createMoment`. The bytes go
 * straight to the upload route (`PUT`, in 8 MB chunks for a large photo), never through a server action.
 */
export function UploadMomentForm({
  startUpload,
  createMoment,
  habits,
  albums,
  goals = [],
  goalId = null,
  maxBytes,
}: {
  startUpload: FormAction<UploadTicketState>;
  createMoment: FormAction<FormState>;
  habits: { id: string; title: string }[];
  albums: { id: string; name: string }[];
  /** The member's own active Vision Board goals; `goalId` chosen at first ("Add a moment" on a goal's page). */
  goals?: { id: string; title: string }[];
  goalId?: string | null;
  maxBytes: number;
}) {
  const id = useId();
  const ids = { photo: `${id}-photo`, note: `${id}-note`, day: `${id}-day`, alt: `${id}-alt` };
  const { upload, send, reset } = usePhotoUpload(startUpload, maxBytes);
  const formRef = useRef<HTMLFormElement>(null);
  // Once saved, the form starts again empty, ready for the next photo.
  const [state, submit, saving] = useActionState<FormState, FormData>(async (previous, data) => {
    const answer = await createMoment(previous, data);
    if (answer.status === "ok") {
      formRef.current?.reset();
      reset();
    }
    return answer;
  }, idleForm);
  const messageRef = useFocusAfterAnswer(state, ids);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => submit(data));
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="New moment" noValidate className="mt-4 grid gap-4">
      <PhotoUploadField
        id={ids.photo}
        upload={upload}
        send={send}
        maxBytes={maxBytes}
        error={state.fieldErrors.photo}
      />
      <TextField
        id={ids.alt}
        name="alt"
        label="Describe the photo"
        optional
        hint="For anyone who cannot see it: what it shows, in a few words."
        maxLength={300}
        error={state.fieldErrors.alt}
      />
      <TextAreaField
        id={ids.note}
        name="note"
        label="Note"
        optional
        rows={3}
        maxLength={1000}
        error={state.fieldErrors.note}
      />
      <TextField
        id={ids.day}
        name="day"
        type="date"
        label="Day"
        optional
        hint="Left empty: the day the photo says it was taken (or today). You can change it later."
        error={state.fieldErrors.day}
      />
      <HabitAndAlbumFields
        idPrefix={id}
        habits={habits}
        albums={albums}
        goals={goals}
        values={{ goalId }}
        errors={state.fieldErrors}
      />
      <FormMessage state={state} messageRef={messageRef} />
      <div>
        <SubmitButton pending={saving} pendingLabel="Saving…" disabled={upload.state === "sending"}>
          Save moment
        </SubmitButton>
      </div>
    </form>
  );
}
