"use client";

import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/forms/field";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SubmitButton } from "@/components/forms";

/** Share one habit with a person or a circle of the owner's, to see or also check in. */
export function ShareHabitForm({
  habitId,
  title,
  targets,
  action,
}: {
  habitId: string;
  title: string;
  targets: { value: string; label: string }[];
  action: FormAction<FormState>;
}) {
  return (
    <ActionForm
      action={action}
      hidden={{ habitId }}
      label={`Share ${title}`}
      className="mt-3 grid gap-3 sm:grid-cols-2"
    >
      {(state, pending) => (
        <>
          <SelectField
            id={`share-${habitId}`}
            name="with"
            label={`Share ${title} with`}
            error={state.fieldErrors.memberId ?? state.fieldErrors.circleId}
          >
            {targets.map((target) => (
              <option key={target.value} value={target.value}>
                {target.label}
              </option>
            ))}
          </SelectField>
          <SelectField id={`permission-${habitId}`} name="permission" label="They may">
            <option value="view">See it</option>
            <option value="edit">See it and check in</option>
          </SelectField>
          <div>
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Sharing…">
              Share
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}

export function ArchiveHabitForm({
  habitId,
  title,
  action,
}: {
  habitId: string;
  title: string;
  action: FormAction<FormState>;
}) {
  return (
    <ActionForm action={action} hidden={{ habitId }} label={`Archive ${title}`} className="mt-3">
      {(_state, pending) => (
        <SubmitButton variant="secondary" pending={pending} pendingLabel="Archiving…">
          Archive {title}
        </SubmitButton>
      )}
    </ActionForm>
  );
}

/** A child's answer to a suggested habit: accept it (it starts today) or not. */
export function AnswerSuggestionForm({
  habitId,
  title,
  action,
}: {
  habitId: string;
  title: string;
  action: FormAction<FormState>;
}) {
  return (
    <ActionForm action={action} hidden={{ habitId }} label={`Answer: ${title}`} className="mt-3">
      {(_state, pending) => (
        <div className="flex flex-wrap gap-2">
          {/* Named with the habit (a screen reader's list of buttons), starting with the word shown. */}
          <SubmitButton
            name="intent"
            value="accept"
            aria-label={`Accept: ${title}`}
            pending={pending}
            pendingLabel="Saving…"
          >
            Accept
          </SubmitButton>
          <Button
            type="submit"
            name="intent"
            value="decline"
            aria-label={`No thanks: ${title}`}
            variant="secondary"
            disabled={pending}
          >
            No thanks
          </Button>
        </div>
      )}
    </ActionForm>
  );
}
