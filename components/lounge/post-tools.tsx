"use client";

import Link from "next/link";
import { useId } from "react";
import { ActionForm, SubmitButton, TextAreaField } from "@/components/forms";
import { Disclosure } from "@/components/ui/disclosure";
import type { FormAction, FormState } from "@/lib/forms";
import { REPORT_REASON_LABEL } from "@/lib/lounge/labels";

/**
 * A private cheer: the author alone learns that someone cheered; nobody sees a count. Sent without
 * <form action> (ActionForm): React's no-script fallback adds four hidden fields to each such form,
 * and the table has one on every post.
 */
export function CheerButton({
  postId,
  authorName,
  action,
}: {
  postId: string;
  authorName: string;
  action: FormAction<FormState>;
}) {
  return (
    <ActionForm action={action} hidden={{ postId }} className="grid gap-2">
      {(_, pending) => (
        <SubmitButton
          variant="secondary"
          pending={pending}
          pendingLabel="Cheering…"
          aria-label={`Cheer ${authorName}'s post`}
        >
          Cheer
        </SubmitButton>
      )}
    </ActionForm>
  );
}

/** The reasons in the contract's order, safety first, as a member reads them. */
const REASONS = Object.entries(REPORT_REASON_LABEL).map(([value, label]) => ({ value, label }));

/**
 * A private report in two taps: "Report" opens it, a reason sends it (each reason is its own submit
 * button); a note may be added first. The house rules are a link away. The form is rendered once
 * "Report" is opened: the table offers it on every post.
 */
export function ReportForm({
  postId,
  authorName,
  action,
}: {
  postId: string;
  authorName: string;
  action: FormAction<FormState>;
}) {
  const id = useId();
  return (
    <Disclosure
      summary={
        <>
          Report<span className="sr-only"> {authorName}&apos;s post</span>
        </>
      }
    >
      <ActionForm
        action={action}
        hidden={{ postId }}
        label={`Report ${authorName}'s post`}
        className="mt-2 grid gap-3 rounded-2xl border border-slate-200 p-4"
      >
        {(state, pending) => (
          <>
            <p className="text-sm text-muted">
              Only moderators read reports; nobody is told who reported. Check the{" "}
              <Link href="/lounge/guidelines" className="underline">
                house rules
              </Link>
              .
            </p>
            <TextAreaField
              id={`${id}-note`}
              name="note"
              label="Note for the moderators"
              optional
              rows={2}
              maxLength={500}
              error={state.fieldErrors.note}
            />
            <fieldset className="grid gap-2">
              <legend className="text-sm font-semibold text-ink">Why are you reporting it? Tap one to send.</legend>
              <div className="flex flex-wrap gap-2">
                {REASONS.map((reason) => (
                  <SubmitButton
                    key={reason.value}
                    name="reason"
                    value={reason.value}
                    variant="secondary"
                    pending={pending}
                    pendingLabel="Sending…"
                  >
                    {reason.label}
                  </SubmitButton>
                ))}
              </div>
            </fieldset>
          </>
        )}
      </ActionForm>
    </Disclosure>
  );
}
