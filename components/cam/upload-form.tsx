"use client";

import { startTransition, useActionState, useId, useRef, useState, type FormEvent } from "react";
import { FormMessage, SubmitButton, TextAreaField, TextField, useFocusAfterAnswer } from "@/components/forms";
import { HabitAndAlbumFields } from "./choices";
import { idleForm, type FormAction, type FormState, type FormStateWith } from "@/lib/forms";

/** The first step's answer: where to PUT the photo's bytes (lib/uploads' createImageUpload). */
export type UploadTicketState = FormStateWith<{ ticket?: { uploadId: string; uploadUrl: string; maxBytes: number } }>;

/** The upload route takes a body of at most this many bytes per request: a larger photo goes in chunks. */
const CHUNK_BYTES = 8 * 1024 * 1024;

type Upload =
  | { state: "none" }
  | { state: "sending"; sent: number; total: number }
  | { state: "sent"; uploadId: string }
  | { state: "failed"; message: string };

/** What the browser tells about a HEIC photo is often nothing: its name's extension is the only hint it has. */
const contentTypeOf = (file: File) => file.type || (/\.hei[cf]$/i.test(file.name) ? "image/heic" : "");

/** One PUT of `body` (the whole photo, or a chunk of it at `first`), reporting bytes sent as they go. */
function put(url: string, file: File, first: number, onSent: (sent: number) => void): Promise<void> {
  const last = Math.min(first + CHUNK_BYTES, file.size) - 1;
  const whole = first === 0 && last === file.size - 1;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", contentTypeOf(file) || "application/octet-stream");
    if (!whole) request.setRequestHeader("Content-Range", `bytes ${first}-${last}/${file.size}`);
    request.upload.onprogress = (event) => onSent(first + event.loaded);
    request.onerror = () => reject(new Error("The connection was lost while sending the photo. Try again."));
    request.onload = () => {
      if (request.status === 200 || request.status === 202) return resolve();
      let message = "The photo could not be sent. Try again.";
      try {
        message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
      } catch {
        // Not JSON (a proxy's page): the general message.
      }
      reject(new Error(message));
    };
    request.send(file.slice(first, last + 1));
  });
}

/**
 * A new moment: the photo (the camera on a phone), sent as soon as it is chosen with its progress
 * shown, then its note, day, alternative text, habit and album, saved by `createMoment`. The bytes go
 * straight to the upload route (`PUT`, in 8 MB chunks for a large photo), never through a server action.
 */
export function UploadMomentForm({
  startUpload,
  createMoment,
  habits,
  albums,
  maxBytes,
}: {
  startUpload: FormAction<UploadTicketState>;
  createMoment: FormAction<FormState>;
  habits: { id: string; title: string }[];
  albums: { id: string; name: string }[];
  maxBytes: number;
}) {
  const id = useId();
  const ids = { photo: `${id}-photo`, note: `${id}-note`, day: `${id}-day`, alt: `${id}-alt` };
  const [upload, setUpload] = useState<Upload>({ state: "none" });
  const formRef = useRef<HTMLFormElement>(null);
  // Once saved, the form starts again empty, ready for the next photo.
  const [state, submit, saving] = useActionState<FormState, FormData>(async (previous, data) => {
    const answer = await createMoment(previous, data);
    if (answer.status === "ok") {
      formRef.current?.reset();
      setUpload({ state: "none" });
    }
    return answer;
  }, idleForm);
  const messageRef = useFocusAfterAnswer(state, ids);

  async function send(file: File) {
    if (file.size > maxBytes) {
      setUpload({ state: "failed", message: `This photo is larger than ${Math.round(maxBytes / 1_048_576)} MB.` });
      return;
    }
    setUpload({ state: "sending", sent: 0, total: file.size });
    const form = new FormData();
    form.set("contentType", contentTypeOf(file));
    form.set("byteSize", String(file.size));
    const answer = await startUpload(idleForm as UploadTicketState, form);
    if (!answer.ticket) {
      setUpload({ state: "failed", message: answer.fieldErrors.photo ?? (answer.message || "Try again.") });
      return;
    }
    try {
      for (let first = 0; first < file.size; first += CHUNK_BYTES) {
        await put(answer.ticket.uploadUrl, file, first, (sent) =>
          setUpload({ state: "sending", sent, total: file.size }),
        );
      }
      setUpload({ state: "sent", uploadId: answer.ticket.uploadId });
    } catch (error) {
      setUpload({ state: "failed", message: (error as Error).message });
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.delete("photo"); // the bytes went by PUT: only the upload's id goes with the form
    if (upload.state === "sent") data.set("uploadId", upload.uploadId);
    startTransition(() => submit(data));
  };

  const percent = upload.state === "sending" ? Math.floor((upload.sent / Math.max(upload.total, 1)) * 100) : 0;
  const photoError =
    upload.state === "failed" ? upload.message : upload.state === "none" ? state.fieldErrors.photo : undefined;
  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="New moment" noValidate className="mt-4 grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={ids.photo} className="text-sm font-semibold text-ink">
          Photo
        </label>
        <p id={`${ids.photo}-hint`} className="text-sm text-muted">
          JPEG, PNG, WebP or HEIC, up to {Math.round(maxBytes / 1_048_576)} MB. Location and camera details are removed;
          only the day is kept.
        </p>
        <input
          id={ids.photo}
          name="photo"
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby={`${ids.photo}-hint${photoError ? ` ${ids.photo}-error` : ""}`}
          aria-invalid={photoError ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void send(file);
            else setUpload({ state: "none" });
          }}
          className="block w-full text-base text-ink file:mr-3 file:rounded-full file:border file:border-brand-200 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold"
        />
        {upload.state === "sending" ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-progress`} className="text-sm text-ink">
              Sending the photo: {percent}%
            </label>
            <progress id={`${id}-progress`} max={100} value={percent} className="w-full">
              {percent}%
            </progress>
          </div>
        ) : null}
        {upload.state === "sent" ? (
          <p role="status" className="text-sm text-ink">
            Photo sent.
          </p>
        ) : null}
        {photoError ? (
          <p id={`${ids.photo}-error`} role="alert" className="text-sm font-medium text-red-700">
            {photoError}
          </p>
        ) : null}
      </div>
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
      <HabitAndAlbumFields idPrefix={id} habits={habits} albums={albums} errors={state.fieldErrors} />
      <FormMessage state={state} messageRef={messageRef} />
      <div>
        <SubmitButton pending={saving} pendingLabel="Saving…" disabled={upload.state === "sending"}>
          Save moment
        </SubmitButton>
      </div>
    </form>
  );
}
