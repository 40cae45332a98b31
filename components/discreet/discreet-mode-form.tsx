"use client";

import { FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import type { FormAction, FormState } from "@/lib/forms";

/** One button that turns discreet mode on or off; the answer is announced and takes focus. */
export function DiscreetModeForm({ on, action }: { on: boolean; action: FormAction<FormState> }) {
  const { state, formAction, pending, messageRef } = useForm(action);
  return (
    <form action={formAction} className="mt-4 grid gap-3">
      <input type="hidden" name="discreetMode" value={on ? "off" : "on"} />
      <div>
        <Button type="submit" pending={pending} pendingLabel="Saving…">
          {on ? "Turn off discreet mode" : "Turn on discreet mode"}
        </Button>
      </div>
      <FormMessage state={state} messageRef={messageRef} />
    </form>
  );
}
