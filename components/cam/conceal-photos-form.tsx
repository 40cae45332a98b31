"use client";

import { useId, useState } from "react";
import { ActionForm, CheckboxField, SubmitButton } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

/**
 * On /cam: whether photos stay covered until the member opens them (on by default in discreet mode,
 * the member's own choice once saved). Applies to the timeline, the compare view and Today.
 */
export function ConcealPhotosForm({
  concealPhotos,
  chosen,
  action,
}: {
  concealPhotos: boolean;
  chosen: boolean;
  action: FormAction<FormState>;
}) {
  const id = useId();
  const [checked, setChecked] = useState(concealPhotos);
  return (
    <ActionForm action={action} hidden={{}} label="Cover photos" className="mt-3 grid gap-2">
      {(_state, pending) => (
        <>
          <CheckboxField
            id={id}
            name="concealPhotos"
            label="Cover photos until I open them"
            checked={checked}
            onChange={setChecked}
          />
          {chosen ? null : <p className="text-sm text-muted">Until you save a choice, this follows discreet mode.</p>}
          <div>
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving…">
              Save
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
