"use client";

import type { FormAction, FormState } from "@/lib/forms";
import { ActionForm, SelectField, SubmitButton, TextField } from "@/components/forms";
import { Panel } from "@/components/ui/panel";

/** A goal's forms: a milestone (dated: also in the calendar), the plan (linked habits, count done), the status. */
export function GoalForms(props: {
  goalId: string;
  mine: boolean;
  status: "active" | "done" | "let_go";
  countDone: number | null;
  hasTarget: boolean;
  habits: { id: string; title: string; linked: boolean }[];
  addMilestone: FormAction<FormState>;
  setStatus: FormAction<FormState>;
  savePlan: FormAction<FormState>;
}) {
  const hidden = { itemId: props.goalId };
  return (
    <>
      <Panel className="mt-6">
        <h2 className="text-xl font-semibold text-ink">Add a milestone</h2>
        <ActionForm action={props.addMilestone} hidden={hidden} label="Add a milestone" className="mt-4 grid gap-3">
          {(state, pending) => (
            <>
              <TextField id="milestone-title" name="title" label="Milestone" required error={state.fieldErrors.title} />
              {props.mine && (
                <TextField
                  id="milestone-date"
                  name="date"
                  type="date"
                  label="Date"
                  optional
                  hint="With a date it also goes in your calendar."
                  error={state.fieldErrors.date}
                />
              )}
              <SubmitButton pending={pending}>Add the milestone</SubmitButton>
            </>
          )}
        </ActionForm>
      </Panel>
      {props.mine && (props.habits.length > 0 || props.hasTarget) && (
        <Panel className="mt-6">
          <h2 className="text-xl font-semibold text-ink">The plan</h2>
          <ActionForm action={props.savePlan} hidden={hidden} label="The plan" className="mt-4 grid gap-3">
            {(state, pending) => (
              <>
                {props.habits.length > 0 && (
                  <fieldset className="grid gap-2">
                    <legend className="text-sm font-semibold text-ink">
                      Linked habits (their scores move the progress)
                    </legend>
                    {props.habits.map((habit) => (
                      <label key={habit.id} className="flex items-center gap-2 text-ink">
                        <input
                          type="checkbox"
                          name={`habit:${habit.id}`}
                          defaultChecked={habit.linked}
                          className="h-5 w-5"
                        />
                        {habit.title}
                      </label>
                    ))}
                  </fieldset>
                )}
                {props.hasTarget && (
                  <TextField
                    id="countDone"
                    name="countDone"
                    inputMode="decimal"
                    label="How many so far"
                    defaultValue={props.countDone ?? ""}
                    error={state.fieldErrors.countDone}
                  />
                )}
                <SubmitButton pending={pending}>Save the plan</SubmitButton>
              </>
            )}
          </ActionForm>
        </Panel>
      )}
      <Panel className="mt-6">
        <h2 className="text-xl font-semibold text-ink">Status</h2>
        <ActionForm action={props.setStatus} hidden={hidden} label="Status" className="mt-4 grid gap-3">
          {(state, pending) => (
            <>
              <SelectField id="status" name="status" label="Status" defaultValue={props.status}>
                <option value="active">In progress</option>
                <option value="done">Done</option>
                <option value="let_go">Let go</option>
              </SelectField>
              <TextField
                id="status-note"
                name="note"
                label="A short note"
                optional
                hint="Letting a goal go is a choice, not a failure: say why if you like."
                error={state.fieldErrors.note}
              />
              <SubmitButton pending={pending}>Save the status</SubmitButton>
            </>
          )}
        </ActionForm>
      </Panel>
    </>
  );
}

/**
 * Shares a goal on the member's own board with one person or a whole circle ("member:<id>" or
 * "circle:<id>", lib/circles/sharing's targets), to see it or to help with it.
 */
export function ShareGoalForm({
  goalId,
  targets,
  action,
}: {
  goalId: string;
  targets: { value: string; label: string }[];
  action: FormAction<FormState>;
}) {
  return (
    <ActionForm action={action} hidden={{ itemId: goalId }} label="Share this goal" className="mt-4 grid gap-3">
      {(state, pending) => (
        <>
          <SelectField id="share-with" name="with" label="With" error={state.fieldErrors.with}>
            {targets.map((target) => (
              <option key={target.value} value={target.value}>
                {target.label}
              </option>
            ))}
          </SelectField>
          <SelectField id="share-permission" name="permission" label="They may" defaultValue="view">
            <option value="view">Look at it and cheer</option>
            <option value="edit">Also tick milestones and change it</option>
          </SelectField>
          <SubmitButton pending={pending} pendingLabel="Sharing…">
            Share the goal
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}

/** A cheer on a goal someone shares with you: only its owner reads it, and nobody counts them. */
export function CheerForm({ goalId, action }: { goalId: string; action: FormAction<FormState> }) {
  return (
    <ActionForm action={action} hidden={{ itemId: goalId }} label="Cheer" className="mt-4 grid gap-3">
      {(state, pending) => (
        <>
          <TextField
            id="cheer-note"
            name="note"
            label="A few words"
            optional
            hint="Only they will see it."
            error={state.fieldErrors.note}
          />
          <SubmitButton pending={pending} pendingLabel="Sending…">
            Send a cheer
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}
