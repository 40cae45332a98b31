"use client";

import { useId } from "react";
import { ActionForm, SubmitButton } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

/**
 * On /circle, for a carer: whether one child may share their Cam moments with their circle. Off, their
 * moments stay private to them; on, the child still chooses what and with whom.
 */
export function ChildCamSharingForm({
  child,
  action,
}: {
  child: { childId: string; name: string; mayShare: boolean };
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <ActionForm
      action={action}
      hidden={{ childId: child.childId }}
      label={`Cam sharing for ${child.name}`}
      className="grid gap-2 rounded-xl border border-brand-200 px-4 py-3"
    >
      {(_state, pending) => (
        <>
          <label htmlFor={id} className="inline-flex min-h-11 items-start gap-2 text-base text-ink">
            <input
              id={id}
              type="checkbox"
              name="mayShare"
              defaultChecked={child.mayShare}
              className="mt-1 size-5 shrink-0"
            />
            {child.name} may share Cam moments with their circle
          </label>
          <div>
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving…">
              Save for {child.name}
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
