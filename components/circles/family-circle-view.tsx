"use client";

import { createContext, use, useId, useState } from "react";
import type { FormAction, FormState } from "@/lib/forms";
import type { CircleView } from "@/lib/invitations";
import { formatDate } from "@/lib/format/date";
import { PHONE_EXAMPLE } from "@/lib/phone";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";
import { ActionButton, FormDialog, FormMessage, useForm } from "@/components/forms";
import { Badge } from "@/components/ui/badge";

/** The Safe Circle's server actions, handed down by the page. */
export type CircleActions = Record<
  "invite" | "removeMember" | "resendInvitation" | "revokeInvitation",
  FormAction<FormState>
>;

const roleNames = { guardian: "Guardian", member: "Member", child: "Child" } as const;

const Actions = createContext<CircleActions | null>(null) as React.Context<CircleActions>;

/** `texts`: whether invitations may go by text message (not in production without an SMS provider). */
function InviteForm({ texts }: { texts: boolean }) {
  const id = useId();
  const [chosen, setChannel] = useState<"phone" | "email">("phone");
  const channel = texts ? chosen : "email";
  const { state, formAction, pending, messageRef } = useForm(use(Actions).invite, { contact: `${id}-contact` });
  // The choice sits outside the form: React resets a form after its action, which would flip the
  // radios back while the label still follows the state.
  return (
    <div className="grid gap-4">
      {texts ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold text-ink">Send the invitation by</legend>
          <div className="flex flex-wrap gap-4">
            {(["phone", "email"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-base text-ink">
                <input
                  type="radio"
                  name={`${id}-channel`}
                  value={value}
                  checked={channel === value}
                  onChange={() => setChannel(value)}
                  className="h-5 w-5"
                />
                {value === "phone" ? "Text message" : "Email"}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-muted">Invitations go by email: text messages are not available on this site yet.</p>
      )}
      <form action={formAction} noValidate className="grid gap-4" aria-label="Invite someone to your Safe Circle">
        <FormMessage state={state} messageRef={messageRef} />
        <input type="hidden" name="channel" value={channel} />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold text-ink">Invite them as</legend>
          <div className="flex flex-wrap gap-4">
            {(["member", "guardian"] as const).map((role) => (
              <label key={role} className="flex items-center gap-2 text-base text-ink">
                <input type="radio" name="role" value={role} defaultChecked={role === "member"} className="h-5 w-5" />
                {roleNames[role]}
              </label>
            ))}
          </div>
          <p className="text-sm text-muted">A guardian helps look after the children in your circle.</p>
        </fieldset>
        <TextField
          key={channel}
          id={`${id}-contact`}
          name="contact"
          type={channel === "phone" ? "tel" : "email"}
          label={channel === "phone" ? "Their mobile number" : "Their email address"}
          hint={channel === "phone" ? `With the country code, like ${PHONE_EXAMPLE}.` : undefined}
          autoComplete="off"
          maxLength={254}
          required
          aria-required="true"
          error={state.fieldErrors.contact}
        />
        <Button type="submit" pending={pending} pendingLabel="Sending…">
          Send invitation
        </Button>
      </form>
    </div>
  );
}

function RemoveMember({ memberId, label }: { memberId: string; label: string }) {
  return (
    <FormDialog
      trigger={
        <Button type="button" variant="secondary" aria-label={`Remove ${label}`}>
          Remove
        </Button>
      }
      title={`Remove ${label}?`}
      description="They leave your Safe Circle and are no longer covered by your Family plan. You can invite them again later."
    >
      <ActionButton
        action={use(Actions).removeMember}
        fields={{ memberId }}
        label="Remove from my circle"
        pendingLabel="Removing…"
        variant="primary"
      />
    </FormDialog>
  );
}

function OwnerView({ circle, texts }: { circle: Extract<CircleView, { role: "owner" | "none" }>; texts: boolean }) {
  const members = circle.role === "owner" ? circle.members : [];
  const invitations = circle.role === "owner" ? circle.invitations : [];
  const covered = circle.role === "owner" ? circle.covered : circle.canInvite;
  return (
    <div className="mt-4 grid gap-6">
      <p className="text-sm text-muted">
        A Family plan covers you and up to 5 more people.{" "}
        {circle.canInvite ? `${circle.seatsLeft} of 5 places left.` : null}
      </p>
      {circle.role === "owner" && !covered ? (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          Your Family plan has ended: the people in your circle are no longer covered.
        </p>
      ) : null}
      {members.length > 0 ? (
        <section aria-labelledby="circle-members" className="grid gap-3">
          <h3 id="circle-members" className="text-base font-semibold text-ink">
            Members
          </h3>
          <ul className="grid gap-3">
            {members.map((member) => {
              const label = member.name || member.contact;
              return (
                <li
                  key={member.memberId}
                  className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="grid gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {label} <Badge good={member.covered}>{member.covered ? "Covered" : "Not covered"}</Badge>
                    </p>
                    <p className="text-sm break-all text-muted">
                      {roleNames[member.role]}
                      {member.label ? ` (${member.label})` : ""} · {member.contact} · Joined{" "}
                      {formatDate(member.joinedAt)}
                    </p>
                  </div>
                  <RemoveMember memberId={member.memberId} label={label} />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {invitations.length > 0 ? (
        <section aria-labelledby="circle-invitations" className="grid gap-3">
          <h3 id="circle-invitations" className="text-base font-semibold text-ink">
            Invitations
          </h3>
          <ul className="grid gap-3">
            {invitations.map((invitation) => (
              <li
                key={invitation.invitationId}
                className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-start"
              >
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                    <span className="break-all">{invitation.recipient}</span>{" "}
                    <Badge good={invitation.status === "pending"}>
                      {invitation.status === "pending" ? "Pending" : "Expired"}
                    </Badge>
                  </p>
                  <p className="text-sm text-muted">
                    As {roleNames[invitation.role].toLowerCase()} · Sent {formatDate(invitation.sentAt)} ·{" "}
                    {invitation.status === "pending" ? "Expires" : "Expired"} {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {covered && (texts || invitation.channel !== "sms") ? (
                    <ActionButton
                      action={use(Actions).resendInvitation}
                      fields={{ invitationId: invitation.invitationId }}
                      label="Resend"
                      pendingLabel="Sending…"
                      accessibleLabel={`Resend the invitation to ${invitation.recipient}`}
                    />
                  ) : null}
                  <ActionButton
                    action={use(Actions).revokeInvitation}
                    fields={{ invitationId: invitation.invitationId }}
                    label="Revoke"
                    pendingLabel="Revoking…"
                    accessibleLabel={`Revoke the invitation to ${invitation.recipient}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {circle.canInvite ? (
        <InviteForm texts={texts} />
      ) : (
        <p className="text-sm text-ink" role="note">
          {circle.cannotInviteReason}
        </p>
      )}
    </div>
  );
}

/** The circle as its owner, a member, or someone without one yet (client part: forms and dialogs). */
export function FamilyCircleView({
  actions,
  circle,
  texts,
}: {
  actions: CircleActions;
  circle: CircleView;
  texts: boolean;
}) {
  if (circle.role === "member") {
    const as = circle.circleRole === "member" ? "" : ` as ${roleNames[circle.circleRole].toLowerCase()}`;
    return circle.covered ? (
      <p className="mt-4 text-base text-ink">
        You are in {circle.ownerName}&apos;s Safe Circle{as} since {formatDate(circle.joinedAt)}: their Family plan
        covers you.
      </p>
    ) : (
      <p role="status" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        {circle.ownerName}&apos;s Family plan has ended, so it no longer covers you. You can choose a plan of your own.
      </p>
    );
  }
  return (
    <Actions value={actions}>
      <OwnerView circle={circle} texts={texts} />
    </Actions>
  );
}
