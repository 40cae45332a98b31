"use client";

import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";
import { FormMessage } from "@/components/forms";
import { Panel } from "@/components/ui/panel";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";

type QuietHours = { days: number[]; from: string; to: string };

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * Quiet hours: reminders and notifications wait until they end. The member's own (in /my-account,
 * where security messages are said never to wait), or a circle's children's (`fields` carries the
 * circle's id, `heading` and `summary` say whose they are).
 */
export function QuietHoursForm({
  quietHours,
  timeZone,
  action,
  heading = "Quiet hours",
  summary,
  fields = {},
}: {
  quietHours: QuietHours | null;
  timeZone?: string;
  action: FormAction<FormState>;
  heading?: string;
  summary?: string;
  fields?: Record<string, string>;
}) {
  const id = useId();
  const [state, submit, pending] = useActionState(action, idleForm);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status === "ok" || state.message) messageRef.current?.focus();
  }, [state]);
  // Controlled, and submitted without <form action>: React resets a form after its action, which
  // would undo the member's choices on a refused save.
  const [days, setDays] = useState(() => new Set(quietHours?.days ?? [1, 2, 3, 4, 5, 6, 7]));
  const [from, setFrom] = useState(quietHours?.from ?? "21:00");
  const [to, setTo] = useState(quietHours?.to ?? "07:00");
  const toggle = (day: number, on: boolean) =>
    setDays((current) => {
      const next = new Set(current);
      if (on) next.add(day);
      else next.delete(day);
      return next;
    });
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => submit(data));
  };
  return (
    <Panel aria-labelledby={`${id}-heading`} className="mt-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
        {heading}
      </h2>
      <p className="mt-2 text-sm text-muted">
        {summary ??
          `${
            quietHours
              ? `On: reminders and notifications wait until ${quietHours.to} (${timeZone ?? "UTC"}).`
              : "Off. Reminders and notifications can reach you at any time."
          } Sign-in codes and notices about your account are never held back.`}
      </p>
      <form onSubmit={send} className="mt-4 grid gap-4">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset aria-describedby={state.fieldErrors.days ? `${id}-days-error` : undefined}>
          <legend className="text-sm font-semibold text-ink">Days (the evening a quiet night starts)</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((name, index) => (
              <label key={name} className="inline-flex min-h-11 items-center gap-2 text-base text-ink">
                <input
                  type="checkbox"
                  name={`day-${index + 1}`}
                  checked={days.has(index + 1)}
                  onChange={(event) => toggle(index + 1, event.target.checked)}
                  className="size-5"
                />
                {name}
              </label>
            ))}
          </div>
          {state.fieldErrors.days ? (
            <p id={`${id}-days-error`} className="text-sm font-medium text-red-700">
              {state.fieldErrors.days}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-from`}
            name="from"
            type="time"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={state.fieldErrors.from}
            required
          />
          <TextField
            id={`${id}-to`}
            name="to"
            type="time"
            label="Until"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={state.fieldErrors.to}
            required
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" pending={pending} pendingLabel="Saving…">
            Save quiet hours
          </Button>
          {quietHours ? (
            <Button type="submit" name="intent" value="off" variant="secondary" formNoValidate disabled={pending}>
              Turn off quiet hours
            </Button>
          ) : null}
        </div>
        <FormMessage state={state} good={state.status === "ok"} messageRef={messageRef} />
      </form>
    </Panel>
  );
}
