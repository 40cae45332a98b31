"use client";

import { useState } from "react";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SelectField, SubmitButton, TextAreaField, TextField } from "@/components/forms";

const AREAS = ["Health", "Family", "Learning", "Work", "Money", "Home", "Friends", "Fun", "Calm"];

/** Adds a goal, words or a colour to a board (photos come from Happr Cam's upload, on the goal's page). */
export function AddItemForm({ boardId, action }: { boardId: string; action: FormAction<FormState> }) {
  const [kind, setKind] = useState("goal");
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
            {AREAS.map((area) => (
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
            <SubmitButton pending={pending}>Add to the board</SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
