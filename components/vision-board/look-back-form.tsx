"use client";

import { useId, useState } from "react";
import { ActionForm, SelectField, SubmitButton } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

type Choice = { value: string; label: string };

/**
 * On /vision-board: the day of the monthly look back (lib/vision-board look-back.ts), the first Sunday
 * of the month until the member picks another, or off. `choices` come from the page (LOOK_BACK_CHOICES):
 * the first weekday of the month, a day of the month, off. Controlled, so a refused save keeps the choice.
 */
export function LookBackForm({
  lookBack,
  chosen,
  choices,
  action,
}: {
  lookBack: string;
  chosen: boolean;
  choices: readonly Choice[];
  action: FormAction<FormState>;
}) {
  const id = useId();
  const [value, setValue] = useState(lookBack);
  const group = (prefix: string) => choices.filter((choice) => choice.value.startsWith(prefix));
  const options = (list: Choice[]) =>
    list.map((choice) => (
      <option key={choice.value} value={choice.value}>
        {choice.label}
      </option>
    ));
  return (
    <ActionForm action={action} hidden={{}} label="Monthly look back" className="mt-4 grid gap-2">
      {(state, pending) => (
        <>
          <SelectField
            id={id}
            name="lookBack"
            label="When your look back comes"
            hint="One email a month, in the morning and after your quiet hours: what moved, anything you'd like to let go, the next small step."
            error={state.fieldErrors.lookBack}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <optgroup label="A weekday">{options(group("first-"))}</optgroup>
            <optgroup label="A day of the month">{options(group("day-"))}</optgroup>
            {options(group("off"))}
          </SelectField>
          {chosen ? null : <p className="text-sm text-muted">Until you choose, it comes on the first Sunday.</p>}
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
