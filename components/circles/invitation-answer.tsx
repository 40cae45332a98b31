"use client";

import { Button } from "@/components/ui/button";
import type { FormAction } from "@/lib/forms";
import type { FormState } from "@/lib/forms";
import { FormMessage, useForm } from "@/components/forms";

/**
 * The invitation page's yes: one button, a form post to the Join action (nothing joins on loading
 * the page or on coming back from sign-in); joined, the browser goes on to My Account.
 */
export function InvitationAnswer({ join }: { join: FormAction<FormState> }) {
  const { state, formAction, pending, messageRef } = useForm(join);
  return (
    <form action={formAction} className="grid gap-3">
      <Button type="submit" pending={pending} pendingLabel="Joining…" disabled={state.status === "redirect"}>
        Join
      </Button>
      <FormMessage state={state} messageRef={messageRef} />
    </form>
  );
}
