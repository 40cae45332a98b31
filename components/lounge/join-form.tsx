"use client";

import { useId } from "react";
import { ActionForm, CheckboxField, SubmitButton, TextField } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

/**
 * Joining: a Lounge name (a pseudonym: the server refuses the member's own or circle names, next to the
 * field) and the house rules accepted, in the version shown on the page. What was typed stays after a refusal.
 */
export function JoinLoungeForm({ rulesVersion, action }: { rulesVersion: number; action: FormAction<FormState> }) {
  const id = useId();
  return (
    <ActionForm
      action={action}
      hidden={{ rulesVersion: String(rulesVersion) }}
      label="Join the Lounge"
      className="mt-4 grid gap-4"
    >
      {(state, pending) => (
        <>
          <TextField
            id={`${id}-name`}
            name="loungeName"
            label="Lounge name"
            hint="A name only the Lounge knows you by: not your real name, nor the name your circle uses. 3 to 24 letters or digits."
            required
            aria-required="true"
            minLength={3}
            maxLength={24}
            autoComplete="off"
            error={state.fieldErrors.loungeName}
          />
          <CheckboxField
            id={`${id}-accept`}
            name="accept"
            label="I have read the house rules and I accept them."
            error={state.fieldErrors.accept ?? state.fieldErrors.rulesVersion}
          />
          <div>
            <SubmitButton pending={pending} pendingLabel="Joining…">
              Enter the Lounge
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}

/**
 * A new Lounge name, by the same rules as the first (lib/lounge's joinLounge, as the API renames): the
 * refusal is said next to the field, and what was typed stays.
 */
export function RenameLoungeForm({
  loungeName,
  rulesVersion,
  action,
}: {
  loungeName: string;
  rulesVersion: number;
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <ActionForm
      action={action}
      hidden={{ rulesVersion: String(rulesVersion) }}
      label="Change your Lounge name"
      className="mt-3 grid gap-4"
    >
      {(state, pending) => (
        <>
          <TextField
            id={`${id}-name`}
            name="loungeName"
            label="New Lounge name"
            hint="Not your real name, nor the name your circle uses, nor a name someone has. 3 to 24 letters or digits. Your posts show the new name."
            required
            aria-required="true"
            minLength={3}
            maxLength={24}
            autoComplete="off"
            defaultValue={loungeName}
            error={state.fieldErrors.loungeName ?? state.fieldErrors.rulesVersion}
          />
          <div>
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving…">
              Change name
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
