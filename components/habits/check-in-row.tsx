"use client";

import { dateTimeFormat } from "@/lib/format/intl";
import { startTransition, useActionState, useId, useOptimistic, useRef, useState } from "react";
import { Dialog, DialogError } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";

export type CheckInDay = {
  date: string;
  /** The day's state by the habit's score; "before" for a day before the habit started (nothing to tap). */
  state: "done" | "rest" | "missed" | "neutral" | "open" | "before";
};

export type CheckInHabit = {
  id: string;
  /** What lists call it (the code word when set). */
  title: string;
  kind: "check" | "count" | "minutes";
  unit: string | null;
  target: number | null;
  canCheckIn: boolean;
  score: number;
  currentStreak: number;
  bestStreak: number;
};

const WORDS: Record<CheckInDay["state"], string> = {
  done: "done",
  rest: "rest day",
  missed: "not done",
  neutral: "not due",
  open: "not done yet",
  before: "before this habit started",
};
const shortDay = dateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" });
const longDay = dateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
/**
 * A day's names ("Mon", "Monday 3 March"), formatted once per day and process: every row shows the same
 * seven days, so a page of 20 habits asked ICU for the same 14 strings 280 times per view.
 */
const dayNames = new Map<string, { short: string; long: string }>();
function dayName(date: string, style: "short" | "long") {
  let names = dayNames.get(date);
  if (!names) {
    const day = new Date(`${date}T00:00:00Z`);
    names = { short: shortDay.format(day), long: longDay.format(day) };
    if (dayNames.size >= 64) dayNames.delete(dayNames.keys().next().value!);
    dayNames.set(date, names);
  }
  return names[style];
}

/**
 * One habit as a row: its name, score and streak, and its last days as buttons. For a habit you tick,
 * a tap marks the day done and a second tap undoes it; for counts and minutes a tap opens a small
 * stepper in a dialog (focus moves into it and comes back to the day's button). Each button names
 * the habit and the day and says whether it is done (aria-pressed); the answer is announced.
 */
export function CheckInRow({
  habit,
  days,
  today,
  action,
  headingLevel = 3,
  href,
}: {
  habit: CheckInHabit;
  days: CheckInDay[];
  today: string;
  action: FormAction<FormState>;
  headingLevel?: 2 | 3;
  /** The habit's own page, when the viewer may open it. */
  href?: string;
}) {
  const [state, submit, pending] = useActionState(action, idleForm);
  const [shown, setShown] = useOptimistic(days, (current, change: { date: string; done: boolean }) =>
    current.map((day) => (day.date === change.date ? { ...day, state: change.done ? "done" : "missed" } : day)),
  ) as [CheckInDay[], (change: { date: string; done: boolean }) => void];
  const [stepperDay, setStepperDay] = useState<string | null>(null);
  // The day's button that opened the stepper: focus goes back to it when the stepper closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const closeStepper = () => {
    setStepperDay(null);
    setTimeout(() => opener.current?.focus(), 0);
  };
  const send = (fields: Record<string, string>) => {
    const data = new FormData();
    data.set("habitId", habit.id);
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    startTransition(() => {
      setShown({ date: fields.date!, done: fields.intent === "done" });
      submit(data);
    });
  };
  const Heading = `h${headingLevel}` as const;
  const label = (date: string) => `${habit.title}, ${date === today ? "today" : dayName(date, "long")}`;
  const stepping = shown.find((day) => day.date === stepperDay);
  return (
    <div className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <Heading className="truncate text-base font-semibold text-ink">
          {href ? (
            <a href={href} className="underline decoration-slate-300 underline-offset-4 hover:decoration-current">
              {habit.title}
            </a>
          ) : (
            habit.title
          )}
        </Heading>
        <p className="text-sm text-muted">
          {`Score ${Math.round(habit.score * 100)}% · streak ${habit.currentStreak} ${habit.currentStreak === 1 ? "day" : "days"}`}
          <span className="sr-only">{` (your best: ${habit.bestStreak})`}</span>
        </p>
      </div>
      <ol className="grid grid-cols-7 gap-1" aria-label={`${habit.title}: the last ${shown.length} days`}>
        {shown.map((day) => {
          const visible = (
            <>
              <span>{dayName(day.date, "short")}</span>
              <b>{Number(day.date.slice(8))}</b>
            </>
          );
          // Its look is the stylesheet's (.check-day in app/globals.css, by data-state and data-today):
          // 140 of these on Today, each with its class list in the HTML, were a good part of the page.
          const look = {
            className: "check-day",
            "data-state": day.state,
            "data-today": day.date === today || undefined,
          };
          if (!habit.canCheckIn || day.state === "before")
            return (
              <li key={day.date} {...look}>
                <span aria-hidden="true" className="contents">
                  {visible}
                </span>
                <span className="sr-only">{`${label(day.date)}: ${WORDS[day.state]}`}</span>
              </li>
            );
          const isDone = day.state === "done" || day.state === "rest";
          return (
            <li key={day.date}>
              <button
                type="button"
                {...look}
                aria-label={day.state === "rest" ? `${label(day.date)}, rest day` : label(day.date)}
                aria-pressed={day.state === "done"}
                aria-haspopup={habit.kind === "check" ? undefined : "dialog"}
                aria-disabled={pending || undefined}
                onClick={(event) => {
                  // Not disabled while a tap is saved: a disabled button would drop the keyboard's focus.
                  if (pending) return;
                  if (habit.kind === "check")
                    return send({ date: day.date, intent: isDone && day.state === "done" ? "undo" : "done" });
                  opener.current = event.currentTarget;
                  setStepperDay(day.date);
                }}
              >
                <span aria-hidden="true" className="contents">
                  {visible}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <p
        role="status"
        className={state.status === "error" ? "text-sm font-medium text-red-800 sm:col-span-2" : "sr-only"}
      >
        {state.status === "error"
          ? Object.values(state.fieldErrors)[0] || state.message
          : state.message
            ? `${habit.title}: ${state.message}`
            : ""}
      </p>
      {habit.kind !== "check" && stepping ? (
        <Stepper
          habit={habit}
          day={stepping}
          title={label(stepping.date)}
          onClose={closeStepper}
          onSave={(value) => {
            closeStepper();
            send({ date: stepping.date, intent: "done", value: String(value) });
          }}
          onRemove={() => {
            closeStepper();
            send({ date: stepping.date, intent: "undo" });
          }}
        />
      ) : null}
    </div>
  );
}

/** The amount for one day of a counted or timed habit: minus, the number, plus; Save or remove the day's entry. */
function Stepper({
  habit,
  day,
  title,
  onClose,
  onSave,
  onRemove,
}: {
  habit: CheckInHabit;
  day: CheckInDay;
  title: string;
  onClose: () => void;
  onSave: (value: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const step = habit.kind === "minutes" ? 5 : 1;
  const unit = habit.kind === "minutes" ? "minutes" : (habit.unit ?? "times");
  const [value, setValue] = useState(habit.target ?? step);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={habit.target ? `Your target: ${habit.target} ${unit} a day.` : undefined}
      size="medium"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!Number.isFinite(value) || value < 0) return setError("Enter 0 or more.");
          onSave(value);
        }}
      >
        <label htmlFor={`${id}-value`} className="block text-sm font-semibold text-ink">
          {`${unit.charAt(0).toUpperCase()}${unit.slice(1)}`}
        </label>
        <div className="mt-2 flex items-center gap-2">
          <Button
            variant="secondary"
            aria-label={`${step} fewer`}
            aria-controls={`${id}-value`}
            onClick={() => setValue((current) => Math.max(0, current - step))}
          >
            −
          </Button>
          <input
            id={`${id}-value`}
            type="number"
            inputMode="decimal"
            min={0}
            step={step}
            value={Number.isFinite(value) ? value : ""}
            onChange={(event) => setValue(event.target.value === "" ? Number.NaN : Number(event.target.value))}
            autoFocus
            className="h-11 w-24 rounded-lg border border-slate-400 px-3 text-center text-lg text-ink"
          />
          <Button
            variant="secondary"
            aria-label={`${step} more`}
            aria-controls={`${id}-value`}
            onClick={() => setValue((current) => (Number.isFinite(current) ? current : 0) + step)}
          >
            +
          </Button>
        </div>
        <DialogError message={error} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Button type="submit">Save</Button>
          {day.state === "done" || day.state === "rest" ? (
            <Button variant="secondary" onClick={onRemove}>
              Remove this day&rsquo;s entry
            </Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
