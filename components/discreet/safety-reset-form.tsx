"use client";

import { useId } from "react";
import { FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/forms/field";
import { PasswordChangeFields } from "@/components/security/password-change-fields";
import type { FormAction, FormState } from "@/lib/forms";

/**
 * The safety reset: one form, one confirmation. What it does is listed above the fields so nothing
 * comes as a surprise; nobody else is told.
 */
export function SafetyResetForm({ action }: { action: FormAction<FormState> }) {
  const id = useId();
  const ids = {
    currentPassword: `${id}-current`,
    newPassword: `${id}-new`,
    confirmPassword: `${id}-confirm`,
    confirm: `${id}-understood`,
  };
  const { state, formAction, pending, messageRef } = useForm(action, ids);
  return (
    <form action={formAction} noValidate className="mt-4 grid gap-3" aria-label="Safety reset">
      <FormMessage state={state} messageRef={messageRef} />
      <PasswordChangeFields ids={ids} errors={state.fieldErrors} />
      <CheckboxField
        id={ids.confirm}
        name="confirm"
        label="I understand: every share ends, my events become private and I leave my circles"
        error={state.fieldErrors.confirm}
      />
      <div>
        <Button type="submit" pending={pending} pendingLabel="Resetting…">
          Reset now
        </Button>
      </div>
    </form>
  );
}
