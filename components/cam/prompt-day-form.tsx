import { SettingSelectForm } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const CHOICES = [
  { value: "off", label: "Off" },
  ...WEEKDAYS.map((name, index) => ({ value: String(index + 1), label: name })),
];

/** On /cam: the gentle weekly prompt, off until the member picks a day (lib/cam prompts.ts). */
export function PromptDayForm({ weekday, action }: { weekday: number | null; action: FormAction<FormState> }) {
  return (
    <SettingSelectForm
      formLabel="Weekly prompt"
      name="promptWeekday"
      label="A gentle prompt by email"
      hint="If you'd like, one short email on the day you choose, in the morning, after your quiet hours. Nothing is counted and nothing is ever late."
      initial={weekday === null ? "off" : String(weekday)}
      groups={[{ choices: CHOICES }]}
      action={action}
      className="mt-6 grid gap-2"
    />
  );
}
