"use client";

import { FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import type { FormAction, FormStateWith } from "@/lib/forms";
import { useState } from "react";
import { CredentialChoice } from "./credential-choice";

/** The form's answer: the child's sign-in name and, for a code, the new one-time code, shown this once. */
export type ChildPasswordFormState = FormStateWith<{ reset?: { signInName: string; oneTimeCode?: string } }>;

/** A guardian gives one child a new password or a new one-time code (on /circle). */
export function ChildPasswordForm({
  child,
  action,
}: {
  child: { childId: string; name: string; signInName: string; circleName: string };
  action: FormAction<ChildPasswordFormState>;
}) {
  const ids = { password: `child-password-${child.childId}` };
  const { state, formAction, pending, messageRef } = useForm(action, ids);
  const [credential, setCredential] = useState<"password" | "code">("password");
  const answer = state;
  const headingId = `child-${child.childId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-brand-200 px-4 py-4">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {child.name}
      </h3>
      <p className="text-base text-muted">
        Signs in as <span className="font-mono text-ink">{child.signInName}</span> ({child.circleName}).
      </p>
      {answer.status === "ok" && answer.reset?.oneTimeCode ? (
        <p className="rounded-xl bg-brand-50 px-4 py-3 text-base text-ink">
          New one-time sign-in code for {child.name}:{" "}
          <span className="font-mono text-lg" data-testid="child-new-code">
            {answer.reset.oneTimeCode}
          </span>
          . Give it to them: it is shown only this once and works for 7 days.
        </p>
      ) : null}
      <form action={formAction} noValidate aria-label={`New password for ${child.name}`} className="grid gap-4">
        <FormMessage state={state} messageRef={messageRef} />
        <input type="hidden" name="childId" value={child.childId} />
        <CredentialChoice
          wording={{
            legend: `If ${child.name} forgot their password`,
            passwordChoice: "I choose a new password for them",
            codeChoice: "A one-time code: they choose their own password when they next sign in",
            passwordLabel: "New password",
          }}
          passwordId={ids.password}
          passwordError={state.fieldErrors.password}
          value={credential}
          onChange={setCredential}
        />
        <p className="text-sm text-muted">{child.name} is signed out everywhere else.</p>
        <div>
          <Button type="submit" pending={pending} pendingLabel="Saving…">
            Give {child.name} a new password
          </Button>
        </div>
      </form>
    </section>
  );
}
