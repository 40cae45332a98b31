"use client";

import { ActionForm, SelectField, SubmitButton, TextAreaField, TextField } from "@/components/forms";
import type { FormAction, FormState } from "@/lib/forms";

type Action = FormAction<FormState>;

/**
 * A moderator's decision on a post: the action, a required reason, and the days of a suspension. The
 * actions the post's status allows: publish a held one, keep a published one, warn or suspend the
 * author of a removed one.
 */
export function ModeratePostForm({
  action,
  postId,
  status,
}: {
  action: Action;
  postId: string;
  status: "held" | "published" | "removed";
}) {
  return (
    <ActionForm action={action} hidden={{ postId }} label="Decide on this post" className="grid gap-4">
      {(state, pending) => (
        <>
          <SelectField id="moderate-action" name="action" label="Action" error={state.fieldErrors.action}>
            {status === "held" ? <option value="publish">Publish the held post</option> : null}
            {status === "published" ? <option value="dismiss">Keep the post (dismiss the reports)</option> : null}
            {status !== "removed" ? <option value="remove">Remove the post</option> : null}
            <option value="warn">Warn the author</option>
            <option value="suspend">Suspend the author from posting</option>
          </SelectField>
          <TextAreaField
            id="moderate-reason"
            name="reason"
            label="Reason"
            hint="Required. Goes into the audit log; a reporter is told only the outcome."
            required
            maxLength={500}
            rows={3}
            error={state.fieldErrors.reason}
          />
          <TextField
            id="moderate-days"
            name="days"
            type="number"
            min={1}
            max={365}
            label="Days of suspension"
            optional
            hint="For a suspension only."
            error={state.fieldErrors.days}
          />
          <SubmitButton pending={pending} pendingLabel="Saving">
            Save decision
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}

export function ModeratorNoteForm({ action, memberId, postId }: { action: Action; memberId: string; postId: string }) {
  return (
    <ActionForm action={action} hidden={{ memberId, postId }} label="Add a note on this member" className="grid gap-3">
      {(state, pending) => (
        <>
          <TextAreaField
            id="moderator-note"
            name="text"
            label="Note for moderators"
            required
            maxLength={500}
            rows={2}
            error={state.fieldErrors.text}
          />
          <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving">
            Add note
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}

export function DecideAppealForm({ action, appealId }: { action: Action; appealId: string }) {
  return (
    <ActionForm action={action} hidden={{ appealId }} label="Decide this appeal" className="grid gap-3">
      {(state, pending) =>
        // Decided: only the answer stays (a second decision would be refused as already made).
        state.status === "ok" ? null : (
          <>
            <SelectField
              id={`decision-${appealId}`}
              name="decision"
              label="Decision"
              error={state.fieldErrors.decision}
            >
              <option value="reject">Reject: the decision stands</option>
              <option value="uphold">Uphold: undo the decision</option>
            </SelectField>
            <TextAreaField
              id={`appeal-reason-${appealId}`}
              name="reason"
              label="Reason"
              required
              maxLength={500}
              rows={2}
              error={state.fieldErrors.reason}
            />
            <SubmitButton pending={pending} pendingLabel="Saving">
              Decide appeal
            </SubmitButton>
          </>
        )
      }
    </ActionForm>
  );
}

/** The member's own appeal of a removal or a suspension: once, a short text. */
export function AppealForm({ action, logId }: { action: Action; logId: string }) {
  return (
    <ActionForm action={action} hidden={{ logId }} label="Appeal this decision" className="grid gap-3">
      {(state, pending) => (
        <>
          <TextAreaField
            id={`appeal-${logId}`}
            name="text"
            label="Why should another moderator look again?"
            hint="Once only, up to 500 characters."
            required
            maxLength={500}
            rows={3}
            error={state.fieldErrors.text}
          />
          <SubmitButton pending={pending} pendingLabel="Sending">
            Send appeal
          </SubmitButton>
        </>
      )}
    </ActionForm>
  );
}
