"use client";

import { NewPasswordField } from "@/components/forms/new-password-field";

/**
 * A guardian's choice for a child's sign-in: a password they choose, or a one-time code the child
 * replaces with their own password at the first sign-in. Posts `credential` ("password" | "code") and,
 * for a password, `password`.
 */
export type CredentialWording = { legend: string; passwordChoice: string; codeChoice: string; passwordLabel: string };

export function CredentialChoice({
  wording: { legend, passwordChoice, codeChoice, passwordLabel },
  passwordId,
  passwordError,
  value,
  onChange,
}: {
  wording: CredentialWording;
  passwordId: string;
  passwordError?: string;
  value: "password" | "code";
  onChange: (value: "password" | "code") => void;
}) {
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-ink">{legend}</legend>
        {(["password", "code"] as const).map((choice) => (
          <label key={choice} className="inline-flex min-h-11 items-center gap-2 text-base text-ink">
            <input
              type="radio"
              name="credential"
              value={choice}
              className="size-5"
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {choice === "password" ? passwordChoice : codeChoice}
          </label>
        ))}
      </fieldset>
      {value === "password" ? (
        <NewPasswordField id={passwordId} name="password" label={passwordLabel} error={passwordError} />
      ) : null}
    </>
  );
}
