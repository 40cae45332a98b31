"use client";

import { useId, useState } from "react";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SelectField, SubmitButton, TextAreaField, TextField } from "@/components/forms";
import { PhotoUploadField, usePhotoUpload, type UploadTicketState } from "@/components/uploads/photo-upload";

/**
 * Adds a goal, a photo, words or a colour to a board. A photo goes through the image pipeline first
 * (`startUpload`, then PUT), and the item names the upload; `areas` is the model's one list.
 */
export function AddItemForm({
  boardId,
  action,
  startUpload,
  maxBytes,
  areas,
}: {
  boardId: string;
  action: FormAction<FormState>;
  startUpload: FormAction<UploadTicketState>;
  maxBytes: number;
  areas: readonly string[];
}) {
  const [kind, setKind] = useState("goal");
  const photoId = useId();
  const { upload, send } = usePhotoUpload(startUpload, maxBytes);
  return (
    <ActionForm
      action={action}
      hidden={{ boardId }}
      label="Add to the board"
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      {(state, pending) => (
        <>
          <SelectField
            id="kind"
            name="kind"
            label="What"
            value={kind}
            onChange={(event) => setKind(event.target.value)}
          >
            <option value="goal">A goal</option>
            <option value="photo">A photo</option>
            <option value="words">Words (a quote, a note)</option>
            <option value="colour">A colour</option>
          </SelectField>
          <SelectField id="size" name="size" label="Size" defaultValue="medium">
            <option value="small">Small</option>
            <option value="medium">Medium</option>
            <option value="large">Large</option>
          </SelectField>
          <TextField id="title" name="title" label="Title" optional={kind !== "goal"} error={state.fieldErrors.title} />
          <TextField
            id="privateTitle"
            name="privateTitle"
            label="Code word"
            optional
            hint="Shown instead of the title in lists and tab titles."
            error={state.fieldErrors.privateTitle}
          />
          {kind === "photo" && (
            <div className="sm:col-span-2">
              <PhotoUploadField
                id={photoId}
                upload={upload}
                send={send}
                maxBytes={maxBytes}
                error={state.fieldErrors.uploadId}
              />
            </div>
          )}
          {kind === "words" && <TextAreaField id="text" name="text" label="Words" error={state.fieldErrors.text} />}
          {kind === "colour" && (
            <TextField
              id="colour"
              name="colour"
              type="color"
              label="Colour"
              defaultValue="#2a9d8f"
              error={state.fieldErrors.colour}
            />
          )}
          <SelectField id="area" name="area" label="Area of life" optional defaultValue="">
            <option value="">None</option>
            {areas.map((area) => (
              <option key={area}>{area}</option>
            ))}
          </SelectField>
          {kind === "goal" && (
            <>
              <TextAreaField id="why" name="why" label="Why it matters" optional error={state.fieldErrors.why} />
              <TextField
                id="targetDate"
                name="targetDate"
                type="date"
                label="Target date"
                optional
                error={state.fieldErrors.targetDate}
              />
              <TextField
                id="targetCount"
                name="targetCount"
                inputMode="decimal"
                label="Target (how many)"
                optional
                hint="Read 12 books: 12"
                error={state.fieldErrors.targetCount}
              />
              <TextField
                id="targetUnit"
                name="targetUnit"
                label="Of what"
                optional
                hint="books"
                error={state.fieldErrors.targetUnit}
              />
            </>
          )}
          <div className="sm:col-span-2">
            <SubmitButton pending={pending} disabled={kind === "photo" && upload.state === "sending"}>
              Add to the board
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
