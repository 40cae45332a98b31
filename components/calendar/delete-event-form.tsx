"use client";

import { FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import type { FormAction, FormState } from "@/lib/forms";
import { ScopeChoice } from "./event-form";

/** Deletes an event: for a repeating one, this occurrence, this and following, or all. */
export function DeleteEventForm({
  action,
  eventId,
  occurrenceStart,
  recurring,
}: {
  action: FormAction<FormState>;
  eventId: string;
  occurrenceStart: number | null;
  recurring: boolean;
}) {
  const { state, formAction, pending, messageRef } = useForm(action);
  return (
    <form action={formAction} aria-label="Delete event" className="grid gap-4">
      <FormMessage state={state} messageRef={messageRef} />
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="occurrenceStart" value={occurrenceStart ?? ""} />
      {recurring ? (
        <ScopeChoice name="scope" id="delete-scope" verb="Delete" />
      ) : (
        <input type="hidden" name="scope" value="ALL" />
      )}
      <div>
        <Button type="submit" variant="secondary" pending={pending} pendingLabel="Deleting">
          Delete event
        </Button>
      </div>
    </form>
  );
}
