"use client";

import { useActionState, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";

/** One button that turns discreet mode on or off; the answer is announced and takes focus. */
export function DiscreetModeForm({ on, action }: { on: boolean; action: FormAction<FormState> }) {
  const [state, submit, pending] = useActionState(action, idleForm);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status !== "idle") messageRef.current?.focus();
  }, [state]);
  const problem = state.fieldErrors.discreetMode;
  return (
    <form action={submit} className="mt-4 grid gap-3">
      <input type="hidden" name="discreetMode" value={on ? "off" : "on"} />
      <div>
        <Button type="submit" pending={pending} pendingLabel="Saving…">
          {on ? "Turn off discreet mode" : "Turn on discreet mode"}
        </Button>
      </div>
      <FormMessage message={problem ?? state.message} good={state.status === "ok"} messageRef={messageRef} />
    </form>
  );
}
