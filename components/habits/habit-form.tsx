"use client";

import { useId, useState } from "react";
import { SelectField, TextField } from "@/components/forms/field";
import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SubmitButton } from "@/components/forms";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export type HabitFormValues = {
  habitId?: string;
  title: string;
  privateTitle: string | null;
  kind: "check" | "count" | "minutes";
  target: number | null;
  unit: string | null;
  schedule: "daily" | "weekdays" | "times_per_week";
  weekdays: number[] | null;
  timesPerWeek: number | null;
  restDaysPerWeek: number;
  reminderTime: string | null;
};

/**
 * Create or edit a habit: controlled fields, so a refused save keeps what was typed. With `suggestTo`
 * it is a guardian's suggestion to one of those children: which child, then the habit, but no private
 * title or reminder (those are the child's own choices).
 */
export function HabitForm({
  values,
  suggestTo,
  action,
}: {
  values?: HabitFormValues;
  suggestTo?: { childId: string; name: string }[];
  action: FormAction<FormState>;
}) {
  const id = useId();
  const [kind, setKind] = useState(values?.kind ?? "check");
  const [schedule, setSchedule] = useState(values?.schedule ?? "daily");
  const [title, setTitle] = useState(values?.title ?? "");
  const [privateTitle, setPrivateTitle] = useState(values?.privateTitle ?? "");
  const [target, setTarget] = useState(values?.target?.toString() ?? "");
  const [unit, setUnit] = useState(values?.unit ?? "");
  const [days, setDays] = useState(new Set(values?.weekdays ?? []));
  const [times, setTimes] = useState(values?.timesPerWeek?.toString() ?? "3");
  const [rest, setRest] = useState(values?.restDaysPerWeek?.toString() ?? "1");
  const [reminder, setReminder] = useState(values?.reminderTime ?? "");
  const [child, setChild] = useState(suggestTo?.[0]?.childId ?? "");
  return (
    <ActionForm
      action={action}
      hidden={values?.habitId ? { habitId: values.habitId } : {}}
      label={suggestTo ? "Suggest a habit to a child" : values?.habitId ? "Edit habit" : "New habit"}
      className="mt-4 grid gap-4"
    >
      {(state, pending) => (
        <>
          {suggestTo ? (
            <SelectField
              id={`${id}-child`}
              name="childId"
              label="Child"
              value={child}
              onChange={(event) => setChild(event.target.value)}
              error={state.fieldErrors.childId}
            >
              {suggestTo.map((option) => (
                <option key={option.childId} value={option.childId}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            id={`${id}-title`}
            name="title"
            label="Habit"
            required
            maxLength={80}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={state.fieldErrors.title}
          />
          {suggestTo ? null : (
            <TextField
              id={`${id}-private`}
              name="privateTitle"
              label="Private title"
              optional
              hint="Shown in lists instead of the habit's name, for discreet use."
              maxLength={80}
              value={privateTitle}
              onChange={(event) => setPrivateTitle(event.target.value)}
              error={state.fieldErrors.privateTitle}
            />
          )}
          <SelectField
            id={`${id}-kind`}
            name="kind"
            label="Kind"
            value={kind.toUpperCase()}
            disabled={!!values?.habitId}
            onChange={(event) => setKind(event.target.value.toLowerCase() as HabitFormValues["kind"])}
            error={state.fieldErrors.kind}
          >
            <option value="CHECK">Yes or no</option>
            <option value="COUNT">Counted</option>
            <option value="MINUTES">Timed (minutes)</option>
          </SelectField>
          {values?.habitId ? <input type="hidden" name="kind" value={kind.toUpperCase()} /> : null}
          {kind !== "check" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id={`${id}-target`}
                name="target"
                type="number"
                min={0}
                step="any"
                label={kind === "minutes" ? "Minutes a day" : "Target a day"}
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                error={state.fieldErrors.target}
              />
              {kind === "count" ? (
                <TextField
                  id={`${id}-unit`}
                  name="unit"
                  label="Unit"
                  optional
                  maxLength={24}
                  value={unit}
                  onChange={(event) => setUnit(event.target.value)}
                  error={state.fieldErrors.unit}
                />
              ) : null}
            </div>
          ) : null}
          <SelectField
            id={`${id}-schedule`}
            name="schedule"
            label="How often"
            value={schedule.toUpperCase()}
            onChange={(event) => setSchedule(event.target.value.toLowerCase() as HabitFormValues["schedule"])}
            error={state.fieldErrors.schedule}
          >
            <option value="DAILY">Every day</option>
            <option value="WEEKDAYS">On certain weekdays</option>
            <option value="TIMES_PER_WEEK">A number of times a week</option>
          </SelectField>
          {schedule === "weekdays" ? (
            <fieldset>
              <legend className="text-sm font-semibold text-ink">Weekdays</legend>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {WEEKDAYS.map((name, index) => (
                  <label key={name} className="inline-flex min-h-11 items-center gap-2 text-base text-ink">
                    <input
                      type="checkbox"
                      name={`weekday-${index + 1}`}
                      checked={days.has(index + 1)}
                      onChange={(event) =>
                        setDays((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(index + 1);
                          else next.delete(index + 1);
                          return next;
                        })
                      }
                      className="size-5"
                    />
                    {name}
                  </label>
                ))}
              </div>
              {state.fieldErrors.weekdays ? (
                <p className="text-sm font-medium text-red-700">{state.fieldErrors.weekdays}</p>
              ) : null}
            </fieldset>
          ) : null}
          {schedule === "times_per_week" ? (
            <TextField
              id={`${id}-times`}
              name="timesPerWeek"
              type="number"
              min={1}
              max={7}
              label="Days a week"
              value={times}
              onChange={(event) => setTimes(event.target.value)}
              error={state.fieldErrors.timesPerWeek}
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-rest`}
              name="restDaysPerWeek"
              type="number"
              min={0}
              max={7}
              label="Rest days a week"
              hint={`Rest days bend ${suggestTo ? "their" : "your"} streak instead of breaking it.`}
              value={rest}
              onChange={(event) => setRest(event.target.value)}
              error={state.fieldErrors.restDaysPerWeek}
            />
            {suggestTo ? null : (
              <TextField
                id={`${id}-reminder`}
                name="reminderTime"
                type="time"
                label="Reminder"
                optional
                hint="Never sent in your quiet hours."
                value={reminder}
                onChange={(event) => setReminder(event.target.value)}
                error={state.fieldErrors.reminderTime}
              />
            )}
          </div>
          <div>
            <SubmitButton pending={pending} pendingLabel={suggestTo ? "Suggesting…" : "Saving…"}>
              {suggestTo ? "Suggest habit" : values?.habitId ? "Save habit" : "Add habit"}
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
