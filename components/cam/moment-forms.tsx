"use client";

import { useId } from "react";
import {
  ActionButton,
  ActionForm,
  FormDialog,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "@/components/forms";
import { Button } from "@/components/ui/button";
import type { FormAction, FormState } from "@/lib/forms";
import { HabitAndAlbumFields } from "./choices";

type Choice = { value: string; label: string };

/** The owner changes a moment's note, day, alternative text, habit, album and goal. */
export function EditMomentForm({
  moment,
  habits,
  albums,
  goals = [],
  action,
}: {
  moment: {
    id: string;
    note: string | null;
    day: string;
    alt: string | null;
    habitId: string | null;
    albumId: string | null;
    goalId: string | null;
  };
  habits: { id: string; title: string }[];
  albums: { id: string; name: string }[];
  goals?: { id: string; title: string }[];
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <ActionForm action={action} hidden={{ momentId: moment.id }} label="Edit moment" className="mt-3 grid gap-4">
      {(state, pending) => (
        <>
          <TextField
            id={`${id}-alt`}
            name="alt"
            label="Describe the photo"
            optional
            hint="For anyone who cannot see it: what it shows, in a few words."
            maxLength={300}
            defaultValue={moment.alt ?? ""}
            error={state.fieldErrors.alt}
          />
          <TextAreaField
            id={`${id}-note`}
            name="note"
            label="Note"
            optional
            rows={3}
            maxLength={1000}
            defaultValue={moment.note ?? ""}
            error={state.fieldErrors.note}
          />
          <TextField
            id={`${id}-day`}
            name="day"
            type="date"
            label="Day"
            defaultValue={moment.day}
            error={state.fieldErrors.day}
          />
          <HabitAndAlbumFields
            idPrefix={id}
            habits={habits}
            albums={albums}
            goals={goals}
            values={moment}
            errors={state.fieldErrors}
          />
          <div>
            <SubmitButton pending={pending} pendingLabel="Saving…">
              Save changes
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}

/** Deleting asks first, in a dialog: the photo is removed for good, for everyone it was shared with. */
export function DeleteMoment({ momentId, action }: { momentId: string; action: FormAction<FormState> }) {
  return (
    <FormDialog
      trigger={
        <Button type="button" variant="secondary">
          Delete moment
        </Button>
      }
      title="Delete this moment?"
      description="Its photo, note and reactions are removed for good, and nobody it was shared with sees it any more."
    >
      <ActionButton
        action={action}
        fields={{ momentId }}
        label="Delete for good"
        pendingLabel="Deleting…"
        variant="primary"
      />
    </FormDialog>
  );
}

/** Shares a moment, to see only, with one of the owner's circles or one person in them. */
export function ShareMomentForm({
  momentId,
  targets,
  action,
}: {
  momentId: string;
  targets: Choice[];
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <ActionForm action={action} hidden={{ momentId }} label="Share moment" className="mt-3 grid gap-3 sm:grid-cols-2">
      {(state, pending) => (
        <>
          <SelectField id={`${id}-with`} name="with" label="Share with" error={state.fieldErrors.with}>
            {targets.map((target) => (
              <option key={target.value} value={target.value}>
                {target.label}
              </option>
            ))}
          </SelectField>
          <div className="self-end">
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Sharing…">
              Share to see
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}

/**
 * A viewer's answer to a shared moment: one simple reaction and, if they like, a short note. Only the
 * owner sees it; nothing counts them.
 */
export function ReactionForm({
  momentId,
  reactions,
  action,
}: {
  momentId: string;
  reactions: Choice[];
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <ActionForm action={action} hidden={{ momentId }} label="React" className="mt-3 grid gap-4">
      {(state, pending) => (
        <>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-ink">Your reaction</legend>
            <div className="flex flex-wrap gap-3">
              {reactions.map((reaction, index) => (
                <label
                  key={reaction.value}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-200 px-3 text-base text-ink"
                >
                  <input type="radio" name="reaction" value={reaction.value} defaultChecked={index === 0} />
                  {reaction.label}
                </label>
              ))}
            </div>
            {state.fieldErrors.reaction ? (
              <p className="text-sm font-medium text-red-700">{state.fieldErrors.reaction}</p>
            ) : null}
          </fieldset>
          <TextField
            id={`${id}-note`}
            name="note"
            label="A short note"
            optional
            maxLength={280}
            error={state.fieldErrors.note}
          />
          <div>
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Sending…">
              Send
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}

export function AlbumForm({ action }: { action: FormAction<FormState> }) {
  const id = useId();
  return (
    <ActionForm action={action} hidden={{}} label="New album" className="mt-3 grid gap-3 sm:grid-cols-2">
      {(state, pending) => (
        <>
          <TextField id={`${id}-name`} name="name" label="Album name" maxLength={60} error={state.fieldErrors.name} />
          <div className="self-end">
            <SubmitButton variant="secondary" pending={pending} pendingLabel="Adding…">
              Add album
            </SubmitButton>
          </div>
        </>
      )}
    </ActionForm>
  );
}
