"use client";

import { createContext, useContext } from "react";
import { TextField } from "./field";

// The current-password fields' hint (how long a sign-in spares the password), from the server's configuration.
export const PasswordHint = createContext("To confirm it is you.");

/**
 * The current password, which the changes that could hand the account to someone else ask for (the
 * server decides: it may be left empty shortly after signing in). Its error names the field.
 */
export function CurrentPasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="currentPassword"
      type="password"
      label="Current password"
      hint={useContext(PasswordHint)}
      autoComplete="current-password"
      maxLength={256}
      error={error}
    />
  );
}
