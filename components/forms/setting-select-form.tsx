"use client";

import { Fragment, useId, useState, type ReactNode } from "react";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm } from "./form";
import { SelectField } from "./field";
import { SubmitButton } from "./submit-button";

export type SettingChoice = { value: string; label: string };
/** Choices shown together; a group with a label is an `<optgroup>`. */
export type SettingChoiceGroup = { label?: string; choices: readonly SettingChoice[] };

/**
 * One setting chosen from a list and saved (a weekly prompt's day, a look back's day). The select is
 * controlled, so a refused save keeps what the member chose rather than jumping back.
 */
export function SettingSelectForm({
  formLabel,
  name,
  label,
  hint,
  initial,
  groups,
  note,
  action,
  className = "mt-4 grid gap-2",
}: {
  formLabel: string;
  name: string;
  label: string;
  hint: string;
  initial: string;
  groups: readonly SettingChoiceGroup[];
  note?: ReactNode;
  action: FormAction<FormState>;
  className?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const options = (choices: readonly SettingChoice[]) =>
    choices.map((choice) => (
      <option key={choice.value} value={choice.value}>
        {choice.label}
      </option>
    ));
  return (
    <ActionForm action={action} hidden={{}} label={formLabel} className={className}>
      {(state, pending) => (
        <>
          <SelectField
            id={id}
            name={name}
            label={label}
            hint={hint}
            error={state.fieldErrors[name]}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            {groups.map((group, index) =>
              group.label ? (
                <optgroup key={group.label} label={group.label}>
                  {options(group.choices)}
                </optgroup>
              ) : (
                <Fragment key={index}>{options(group.choices)}</Fragment>
              ),
            )}
          </SelectField>
          {note}
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
