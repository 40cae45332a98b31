"use client";

import { FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/forms/field";
import type { FormAction, FormState, FormStateWith } from "@/lib/forms";
import { CalendarOptions, CircleOptions } from "./choices";

type Report = {
  created: { uid: string; title: string }[];
  updated: { uid: string; title: string }[];
  skipped: { line: number; title: string | null; reason: string }[];
  notes: string[];
};

const ids = { file: "import-file", calendarOf: "import-calendar", visibility: "import-visibility" };

/** Upload an .ics into a chosen calendar; the answer lists what came in, what was updated and what was skipped, and why. */
export function ImportForm({
  action,
  calendars,
  circles,
}: {
  action: FormAction<FormState>;
  calendars: { memberId: string; name: string }[];
  circles: { circleId: string; name: string }[];
}) {
  const { state, formAction, pending, messageRef } = useForm(action, ids);
  const report = (state as FormStateWith<{ report?: Report }>).report;
  return (
    <div className="grid gap-6">
      <form action={formAction} aria-label="Import a calendar file" className="grid gap-5">
        <FormMessage state={state} messageRef={messageRef} />
        <TextField
          id={ids.file}
          name="file"
          type="file"
          accept=".ics,text/calendar"
          label="Calendar file (.ics)"
          hint="Exported from Google Calendar, Outlook or Apple Calendar. At most 1 MB and 2000 events. Importing the same file again updates its events instead of adding copies."
          error={state.fieldErrors.file}
          required
        />
        {calendars.length > 1 ? (
          <SelectField
            id={ids.calendarOf}
            name="calendarOf"
            label="Into whose calendar"
            error={state.fieldErrors.calendarOf}
          >
            <CalendarOptions calendars={calendars} />
          </SelectField>
        ) : null}
        <SelectField
          id={ids.visibility}
          name="visibility"
          label="Who sees the new events"
          hint="Events the file marks private stay private."
          error={state.fieldErrors.visibility}
        >
          <option value="private">Only me</option>
          <option value="busy">My circle sees &ldquo;Busy&rdquo;</option>
          <option value="circle">My whole circle</option>
        </SelectField>
        {circles.length > 1 ? (
          <SelectField id="import-circle" name="circleId" label="Circle">
            <CircleOptions circles={circles} />
          </SelectField>
        ) : null}
        <div>
          <Button type="submit" pending={pending} pendingLabel="Importing">
            Import
          </Button>
        </div>
      </form>
      {report ? (
        <section aria-labelledby="import-report" className="grid gap-3">
          <h2 id="import-report" className="text-xl font-semibold text-ink">
            What happened
          </h2>
          <p className="text-base text-ink">
            {report.created.length} added, {report.updated.length} updated, {report.skipped.length} skipped.
          </p>
          {report.skipped.length ? (
            <>
              <h3 className="text-base font-semibold text-ink">Skipped</h3>
              <ul className="list-disc pl-6 text-base text-ink">
                {report.skipped.map((item, index) => (
                  <li key={index}>
                    Line {item.line}
                    {item.title ? ` (${item.title})` : ""}: {item.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {report.notes.length ? (
            <>
              <h3 className="text-base font-semibold text-ink">Changed on the way in</h3>
              <ul className="list-disc pl-6 text-base text-ink">
                {report.notes.map((note, index) => (
                  <li key={index}>{note}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
