"use client";

import { useState } from "react";
import { FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/forms/field";
import type { FormAction, FormState } from "@/lib/forms";
import { CalendarOptions, CircleOptions } from "./choices";

export type EventFormValues = {
  title: string;
  privateTitle: string;
  location: string;
  notes: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeat: string;
  repeatEnd: "NEVER" | "COUNT" | "UNTIL";
  repeatCount: string;
  repeatUntil: string;
  visibility: "private" | "busy" | "people" | "circle";
  circleId: string;
  people: string[];
  requiresAcknowledgement: boolean;
  calendarOf: string;
};

export type EventFormProps = {
  action: FormAction<FormState>;
  initial: EventFormValues;
  /** Editing: the event, the occurrence opened, and whether it repeats (then the scope is asked). */
  edit?: { eventId: string; occurrenceStart: number | null; recurring: boolean; currentRrule: string | null };
  repeatOptions: { value: string; label: string }[];
  circles: { circleId: string; name: string }[];
  people: { memberId: string; name: string }[];
  /** Calendars the member may write into: their own, and children's they look after. */
  calendars: { memberId: string; name: string }[];
  timezone: string;
};

const ids = {
  title: "event-title",
  privateTitle: "event-private-title",
  location: "event-location",
  notes: "event-notes",
  startDate: "event-start-date",
  startTime: "event-start-time",
  endDate: "event-end-date",
  endTime: "event-end-time",
  repeat: "event-repeat",
  repeatCount: "event-repeat-count",
  repeatUntil: "event-repeat-until",
  visibility: "event-visibility",
  circleId: "event-circle",
  people: "event-people",
  calendarOf: "event-calendar",
  scope: "event-scope",
};

const VISIBILITIES = [
  { value: "private", label: "Only me" },
  { value: "busy", label: "My circle sees \u201cBusy\u201d (attendees see the details)" },
  { value: "people", label: "The people I choose" },
  { value: "circle", label: "My whole circle" },
];

/** The create and edit form: dates and times in the member's zone, the repeat in plain words, who sees it. */
export function EventForm({
  action,
  initial,
  edit,
  repeatOptions,
  circles,
  people,
  calendars,
  timezone,
}: EventFormProps) {
  const { state, formAction, pending, messageRef } = useForm(action, ids);
  // Kept in state: React empties a form after its action, and a refusal must not lose what was typed.
  const [values, setValues] = useState(initial);
  const set = <K extends keyof EventFormValues>(name: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const text = (name: keyof EventFormValues & keyof typeof ids) => ({
    id: ids[name],
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
    error: state.fieldErrors[name],
  });
  const errors = state.fieldErrors;
  return (
    <form action={formAction} noValidate aria-label={edit ? "Edit event" : "New event"} className="mt-6 grid gap-5">
      <FormMessage state={state} messageRef={messageRef} />
      {edit ? (
        <>
          <input type="hidden" name="eventId" value={edit.eventId} />
          <input type="hidden" name="occurrenceStart" value={edit.occurrenceStart ?? ""} />
          <input type="hidden" name="currentRrule" value={edit.currentRrule ?? ""} />
        </>
      ) : calendars.length > 1 ? (
        <SelectField {...text("calendarOf")} label="Whose calendar">
          <CalendarOptions calendars={calendars} />
        </SelectField>
      ) : null}
      <TextField {...text("title")} label="Title" required aria-required="true" maxLength={200} autoComplete="off" />
      <TextField
        {...text("privateTitle")}
        label="Title shown in lists"
        optional
        hint="A code word shown in lists instead of the title, for discreet use."
        maxLength={100}
        autoComplete="off"
      />
      <CheckboxField
        id="event-all-day"
        name="allDay"
        label="All day"
        checked={values.allDay}
        onChange={(checked) => set("allDay", checked)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...text("startDate")} type="date" label={values.allDay ? "First day" : "Start date"} required />
        {values.allDay ? null : <TextField {...text("startTime")} type="time" label="Start time" required />}
        <TextField {...text("endDate")} type="date" label={values.allDay ? "Last day" : "End date"} required />
        {values.allDay ? null : <TextField {...text("endTime")} type="time" label="End time" required />}
      </div>
      {values.allDay ? null : <p className="text-sm text-muted">Times are in {timezone}.</p>}
      <SelectField
        {...text("repeat")}
        label="Repeats"
        hint="Weekly and monthly choices follow the start date's weekday and day of the month."
      >
        {repeatOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {values.repeat.startsWith("NONE") || values.repeat === "KEEP" ? null : (
        <fieldset className="grid gap-3">
          <legend className="text-sm font-semibold text-ink">Until</legend>
          {(["NEVER", "COUNT", "UNTIL"] as const).map((end) => (
            <label key={end} className="inline-flex min-h-11 items-center gap-2 text-base text-ink">
              <input
                type="radio"
                name="repeatEnd"
                value={end}
                checked={values.repeatEnd === end}
                onChange={() => set("repeatEnd", end)}
                className="size-5"
              />
              {end === "NEVER" ? "No end" : end === "COUNT" ? "A number of times" : "A date"}
            </label>
          ))}
          {values.repeatEnd === "COUNT" ? (
            <TextField
              {...text("repeatCount")}
              type="number"
              min={1}
              max={1000}
              inputMode="numeric"
              label="How many times"
            />
          ) : null}
          {values.repeatEnd === "UNTIL" ? <TextField {...text("repeatUntil")} type="date" label="Last date" /> : null}
        </fieldset>
      )}
      <TextField {...text("location")} label="Place" optional maxLength={500} />
      <TextAreaField {...text("notes")} label="Notes" optional maxLength={5000} rows={3} />
      <SelectField {...text("visibility")} label="Who sees it">
        {VISIBILITIES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {(values.visibility === "circle" || values.visibility === "busy") && circles.length > 1 ? (
        <SelectField {...text("circleId")} label="Circle">
          <CircleOptions circles={circles} />
        </SelectField>
      ) : null}
      {values.visibility !== "private" && people.length > 0 ? (
        <fieldset className="grid gap-1" aria-describedby={errors.people ? "event-people-error" : undefined}>
          <legend id={ids.people} tabIndex={-1} className="text-sm font-semibold text-ink">
            {values.visibility === "people"
              ? "Who sees it and attends"
              : "Who attends (they can be asked for a \u201cgot it\u201d)"}
          </legend>
          {people.map((person) => (
            <CheckboxField
              key={person.memberId}
              id={`event-person-${person.memberId}`}
              name={`person:${person.memberId}`}
              label={person.name}
              checked={values.people.includes(person.memberId)}
              onChange={(checked) =>
                set(
                  "people",
                  checked ? [...values.people, person.memberId] : values.people.filter((id) => id !== person.memberId),
                )
              }
            />
          ))}
          {errors.people ? (
            <p id="event-people-error" className="text-sm font-medium text-red-700">
              {errors.people}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {values.visibility !== "private" ? (
        <CheckboxField
          id="event-ack"
          name="requiresAcknowledgement"
          label={"Ask attendees for a \u201cgot it\u201d"}
          checked={values.requiresAcknowledgement}
          onChange={(checked) => set("requiresAcknowledgement", checked)}
        />
      ) : null}
      {edit?.recurring ? <ScopeChoice name="scope" id={ids.scope} error={errors.scope} verb="Change" /> : null}
      <div>
        <Button type="submit" pending={pending} pendingLabel="Saving">
          {edit ? "Save changes" : "Add event"}
        </Button>
      </div>
    </form>
  );
}

/** This occurrence, this and following, or all: asked when changing or deleting a repeating event. */
export function ScopeChoice({ name, id, error, verb }: { name: string; id: string; error?: string; verb: string }) {
  return (
    <fieldset className="grid gap-1">
      <legend id={id} tabIndex={-1} className="text-sm font-semibold text-ink">
        {verb} which occurrences
      </legend>
      {[
        ["THIS", "Only this one"],
        ["FOLLOWING", "This one and the ones after it"],
        ["ALL", "All of them"],
      ].map(([value, label], index) => (
        <label key={value} className="inline-flex min-h-11 items-center gap-2 text-base text-ink">
          <input type="radio" name={name} value={value} defaultChecked={index === 0} className="size-5" />
          {label}
        </label>
      ))}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
