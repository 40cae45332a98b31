"use client";

import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SubmitButton, TextField } from "@/components/forms";

/** Makes an extra board of the member's own. */
export function NewBoardForm({ action }: { action: FormAction<FormState> }) {
  return (
    <ActionForm action={action} hidden={{}} label="Make another board" className="mt-4 grid gap-3 sm:max-w-md">
      {(state, pending) => (
        <>
          <TextField id="board-name-new" name="name" label="Name" required error={state.fieldErrors.name} />
          <SubmitButton pending={pending}>Make the board</SubmitButton>
        </>
      )}
    </ActionForm>
  );
}
