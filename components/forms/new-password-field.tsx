import { TextField } from "./field";

/** What every new-password field says: the password policy both identity providers enforce. */
const PASSWORD_HINT = "At least 8 characters, with upper and lower case letters, a number and a symbol.";

/** A field for choosing a password (sign-up, reset, change, a temporary password's replacement). */
export function NewPasswordField({
  id,
  name,
  label = "New password",
  error,
}: {
  id: string;
  name: string;
  label?: string;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      name={name}
      type="password"
      label={label}
      hint={PASSWORD_HINT}
      autoComplete="new-password"
      required
      aria-required="true"
      maxLength={256}
      error={error}
    />
  );
}
