import { SettingSelectForm, type SettingChoice } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

/**
 * On /vision-board: the day of the monthly look back (lib/vision-board look-back.ts), the first Sunday
 * of the month until the member picks another, or off. `choices` come from the page (LOOK_BACK_CHOICES):
 * the first weekday of the month, a day of the month, off.
 */
export function LookBackForm({
  lookBack,
  chosen,
  choices,
  action,
}: {
  lookBack: string;
  chosen: boolean;
  choices: readonly SettingChoice[];
  action: FormAction<FormState>;
}) {
  const group = (prefix: string) => choices.filter((choice) => choice.value.startsWith(prefix));
  return (
    <SettingSelectForm
      formLabel="Monthly look back"
      name="lookBack"
      label="When your look back comes"
      hint="One email a month, in the morning and after your quiet hours: what moved, anything you'd like to let go, the next small step."
      initial={lookBack}
      groups={[
        { label: "A weekday", choices: group("first-") },
        { label: "A day of the month", choices: group("day-") },
        { choices: group("off") },
      ]}
      note={chosen ? null : <p className="text-sm text-muted">Until you choose, it comes on the first Sunday.</p>}
      action={action}
    />
  );
}
