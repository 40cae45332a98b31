"use client";

import { useState } from "react";
import { idleForm, type FormAction, type FormStateWith } from "@/lib/forms";

/** The first step's answer: where to PUT the photo's bytes (lib/uploads' createImageUpload). */
export type UploadTicketState = FormStateWith<{ ticket?: { uploadId: string; uploadUrl: string; maxBytes: number } }>;

/** The upload route takes a body of at most this many bytes per request: a larger photo goes in chunks. */
const CHUNK_BYTES = 8 * 1024 * 1024;

export type PhotoUpload =
  | { state: "none" }
  | { state: "sending"; sent: number; total: number }
  | { state: "sent"; uploadId: string }
  | { state: "failed"; message: string };

/** What the browser tells about a HEIC photo is often nothing: its name's extension is the only hint it has. */
const contentTypeOf = (file: File) => file.type || (/\.hei[cf]$/i.test(file.name) ? "image/heic" : "");

/** One PUT of the whole photo, or of a chunk of it at `first`, reporting bytes sent as they go. */
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
 * A photo sent as soon as it is chosen: `startUpload` (a server action around createImageUpload)
 * answers where to PUT it, then the bytes go straight to the upload route (in 8 MB chunks for a large
 * photo), never through a server action. The form that names the photo sends only its upload's id.
 */
export function usePhotoUpload(startUpload: FormAction<UploadTicketState>, maxBytes: number) {
  const [upload, setUpload] = useState<PhotoUpload>({ state: "none" });
  async function send(file: File | undefined) {
    if (!file) return setUpload({ state: "none" });
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
  return { upload, send, reset: () => setUpload({ state: "none" }) };
}

/**
 * The photo field: the file input (the camera on a phone), the progress while sending, and once sent
 * a hidden `uploadId` for the surrounding form. The file input has no name: its bytes went by PUT.
 */
export function PhotoUploadField({
  id,
  upload,
  send,
  maxBytes,
  error,
}: {
  id: string;
  upload: PhotoUpload;
  send: (file: File | undefined) => Promise<void>;
  maxBytes: number;
  /** The form's own error for the photo (none chosen), shown when the upload has nothing to say. */
  error?: string;
}) {
  const percent = upload.state === "sending" ? Math.floor((upload.sent / Math.max(upload.total, 1)) * 100) : 0;
  const photoError = upload.state === "failed" ? upload.message : upload.state === "none" ? error : undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Photo
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        JPEG, PNG, WebP or HEIC, up to {Math.round(maxBytes / 1_048_576)} MB. Location and camera details are removed;
        only the day is kept.
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        aria-describedby={`${id}-hint${photoError ? ` ${id}-error` : ""}`}
        aria-invalid={photoError ? true : undefined}
        onChange={(event) => void send(event.currentTarget.files?.[0])}
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
        <>
          <input type="hidden" name="uploadId" value={upload.uploadId} />
          <p role="status" className="text-sm text-ink">
            Photo sent.
          </p>
        </>
      ) : null}
      {photoError ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {photoError}
        </p>
      ) : null}
    </div>
  );
}
