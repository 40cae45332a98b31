"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SubmitButton } from "@/components/forms";

/** One habit's day (today, or an earlier one to back-fill): one tap for a check, a stepper for counts and minutes, a note, rest, undo. */
export function CheckInForm({
  habitId,
  title,
  kind,
  unit,
  date,
  hasEntry,
  action,
}: {
  habitId: string;
  title: string;
  kind: "check" | "count" | "minutes";
  unit: string | null;
  date: string;
  hasEntry: boolean;
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <ActionForm action={action} hidden={{ habitId }} label={`Check in: ${title}`} className="mt-3 grid gap-3">
      {(state, pending) => (
        <>
          <TextField
            id={`${id}-date`}
            name="date"
            type="date"
            label={`Day for ${title}`}
            hint="Today, or an earlier day to fill in."
            defaultValue={date}
            max={date}
            required
            error={state.fieldErrors.date}
          />
          {kind !== "check" ? (
            <TextField
              id={`${id}-value`}
              name="value"
              type="number"
              inputMode="decimal"
              min={0}
              step={kind === "minutes" ? 5 : 1}
              label={`${kind === "minutes" ? "Minutes" : (unit ?? "Count")} for ${title}`}
              error={state.fieldErrors.value}
            />
          ) : null}
          <TextField
            id={`${id}-note`}
            name="note"
            label={`Note for ${title}`}
            optional
            maxLength={500}
            error={state.fieldErrors.note}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="done" pending={pending} pendingLabel="Saving…">
              {kind === "check" ? `Done: ${title}` : `Save: ${title}`}
            </SubmitButton>
            <Button type="submit" name="intent" value="rest" variant="secondary" disabled={pending}>
              Rest day
            </Button>
            {hasEntry ? (
              <Button type="submit" name="intent" value="undo" variant="secondary" disabled={pending}>
                Undo
              </Button>
            ) : null}
          </div>
        </>
      )}
    </ActionForm>
  );
}
