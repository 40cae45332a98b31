"use client";

import { ActionButton, FormMessage, useForm } from "@/components/forms";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/forms/field";
import type { FormAction, FormState, FormStateWith } from "@/lib/forms";

type FeedState = FormStateWith<{ url?: string }>;

/**
 * The private feed link: made (or made again) here and shown this once, turned off here. What the
 * page knows afterwards is only when it was made and last used.
 */
export function FeedPanel({
  status,
  rotate,
  revoke,
}: {
  status: { neutralTitles: boolean; createdAt: string; lastUsedAt: string | null } | null;
  rotate: FormAction<FormState>;
  revoke: FormAction<FormState>;
}) {
  const { state, formAction, pending, messageRef } = useForm(rotate);
  const url = (state as FeedState).url;
  return (
    <div className="grid gap-4">
      {status ? (
        <p className="text-base text-ink">
          Your link was made on {status.createdAt}
          {status.neutralTitles ? ", with every event shown as \u201cBusy\u201d" : ""}.{" "}
          {status.lastUsedAt ? `Last used ${status.lastUsedAt}.` : "Not used yet."}
        </p>
      ) : (
        <p className="text-base text-ink">You have no feed link.</p>
      )}
      <form action={formAction} className="grid gap-3">
        <FormMessage state={state} messageRef={messageRef} />
        {url ? (
          <p className="break-all rounded-xl bg-brand-50 px-4 py-3 font-mono text-sm text-ink" data-testid="feed-url">
            {url}
          </p>
        ) : null}
        <CheckboxField
          id="feed-neutral"
          name="neutralTitles"
          label={"Show every event as \u201cBusy\u201d (neutral titles)"}
        />
        <div>
          <Button type="submit" variant="secondary" pending={pending} pendingLabel="Making a link">
            {status ? "Make a new link (the old one stops)" : "Make a feed link"}
          </Button>
        </div>
      </form>
      {status ? (
        <ActionButton action={revoke} fields={{}} label="Turn off the link" pendingLabel="Turning off" />
      ) : null}
    </div>
  );
}
