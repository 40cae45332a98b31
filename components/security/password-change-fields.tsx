import { TextField } from "@/components/forms/field";
import { NewPasswordField } from "@/components/forms/new-password-field";
import type { FormState } from "@/lib/forms";

export type PasswordChangeIds = { currentPassword: string; newPassword: string; confirmPassword: string };

/** The current password, a new one and its confirmation: the password change and the safety reset. */
export function PasswordChangeFields({ ids, errors }: { ids: PasswordChangeIds; errors: FormState["fieldErrors"] }) {
  return (
    <>
      <TextField
        id={ids.currentPassword}
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        aria-required="true"
        maxLength={256}
        error={errors.currentPassword}
      />
      <NewPasswordField id={ids.newPassword} name="newPassword" error={errors.newPassword} />
      <TextField
        id={ids.confirmPassword}
        name="confirmPassword"
        type="password"
        label="Confirm new password"
        autoComplete="new-password"
        required
        aria-required="true"
        maxLength={256}
        error={errors.confirmPassword}
      />
    </>
  );
}
