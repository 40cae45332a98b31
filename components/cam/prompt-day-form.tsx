"use client";

import { useId, useState } from "react";
import { ActionForm, SelectField, SubmitButton } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * On /cam: the gentle weekly prompt, off until the member picks a day (lib/cam prompts.ts). The
 * select is controlled so a refused save keeps what the member chose.
 */
export function PromptDayForm({ weekday, action }: { weekday: number | null; action: FormAction<FormState> }) {
  const id = useId();
  const [value, setValue] = useState(weekday === null ? "off" : String(weekday));
  return (
    <ActionForm action={action} hidden={{}} label="Weekly prompt" className="mt-6 grid gap-2">
      {(state, pending) => (
        <>
          <SelectField
            id={id}
            name="promptWeekday"
            label="A gentle prompt by email"
            hint="If you'd like, one short email on the day you choose, in the morning, after your quiet hours. Nothing is counted and nothing is ever late."
            error={state.fieldErrors.promptWeekday}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="off">Off</option>
            {WEEKDAYS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </SelectField>
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
