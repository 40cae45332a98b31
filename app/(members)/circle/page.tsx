import type { Metadata } from "next";
import Link from "next/link";
import { ActionButton } from "@/components/forms";
import { teensToConfirm } from "@/lib/lounge";
import { confirmTeenBandAction } from "./lounge-actions";
import { getMember } from "@/lib/auth/member";
import { familyPlanOf, loadCirclePage } from "@/lib/circles/page";
import { canInviteByText, getCircle } from "@/lib/invitations";
import { itemKinds } from "@/lib/features";
import { ChildPasswordForm } from "@/components/circles/child-password-form";
import { FamilyCircle } from "@/components/circles/family-circle";
import { QuietHoursForm } from "@/components/settings/quiet-hours-form";
import { childQuietHoursAction } from "../my-account/settings-actions";
import { WhoCanSeeWhat } from "@/components/circles/who-can-see-what";
import { resetChildPasswordAction, stopSharingAction } from "./actions";
import { inviteAction, removeMemberAction, resendInvitationAction, revokeInvitationAction } from "./invitation-actions";
import { ChildrenCamSharing } from "@/components/cam/children-cam-sharing";
import { childCamSharingAction } from "../cam/actions";

export const metadata: Metadata = { title: "My Safe Circle" };

const circleActions = {
  invite: inviteAction,
  removeMember: removeMemberAction,
  resendInvitation: resendInvitationAction,
  revokeInvitation: revokeInvitationAction,
};

/** The circle, reached from the members' navigation: the Family plan's people and invitations, then who can see what. */
export default async function CirclePage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const [{ circles, shares, managed, children, canCreateChild }, safeCircle, teens] = await Promise.all([
    loadCirclePage(member.memberId, itemKinds),
    getCircle(member, { familyPlan: familyPlanOf }),
    teensToConfirm(member.memberId),
  ]);
  // A child neither invites nor holds a plan: their grown-ups look after the circle (lib/circles child-limits.ts).
  const asChild = safeCircle.role === "member" && safeCircle.circleRole === "child";
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">My Safe Circle</h1>
      <p className="mt-2 text-base text-muted">
        The people a Family plan covers, your circles and the people in them, and everything you share.
      </p>
      {asChild ? null : (
        <FamilyCircle
          circle={safeCircle}
          texts={canInviteByText()}
          canCreateChild={canCreateChild}
          actions={circleActions}
        />
      )}
      <WhoCanSeeWhat circles={circles} shares={shares} memberId={member.memberId} stopSharing={stopSharingAction} />
      {managed.map((circle) => (
        <QuietHoursForm
          key={circle.circleId}
          heading={`Children's quiet hours: ${circle.name}`}
          summary={
            circle.quietHours
              ? `On: reminders and notifications to the children in this circle wait until ${circle.quietHours.to}, in each child's time zone.`
              : "Off. As a guardian, you can set hours when nothing reaches the children in this circle."
          }
          quietHours={circle.quietHours}
          fields={{ circleId: circle.circleId }}
          action={childQuietHoursAction}
        />
      ))}
      {children.length > 0 ? (
        <section aria-labelledby="children-sign-in" className="mt-10 grid gap-4">
          <h2 id="children-sign-in" className="text-xl font-semibold text-ink">
            Children&rsquo;s sign-in
          </h2>
          <p className="text-base text-muted">
            Children have no email to reset a forgotten password with: give them a new one here.
          </p>
          {children.map((child) => (
            <ChildPasswordForm key={child.childId} child={child} action={resetChildPasswordAction} />
          ))}
        </section>
      ) : null}
      {children.length > 0 ? (
        <section aria-labelledby="children-lounge" className="mt-10 grid gap-3">
          <h2 id="children-lounge" className="text-xl font-semibold text-ink">
            Children in the Lounge
          </h2>
          <p className="text-base text-muted">
            The Lounge is off for a child until you turn it on. You can read what they post there.
          </p>
          <ul className="grid gap-2">
            {children.map((child) => (
              <li key={child.childId}>
                <Link href={`/circle/children/${encodeURIComponent(child.childId)}`} className="underline">
                  {child.name}&rsquo;s Lounge
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {teens.length > 0 ? (
        <section aria-labelledby="teens-lounge" className="mt-10 grid gap-3">
          <h2 id="teens-lounge" className="text-xl font-semibold text-ink">
            Teen rooms to confirm
          </h2>
          <p className="text-base text-muted">
            Their date of birth puts them in the Lounge&rsquo;s rooms for 13 to 17 year olds. Confirm it if it is right:
            nobody reads a teen&rsquo;s posts but the moderators.
          </p>
          <ul className="grid gap-3">
            {teens.map((teen) => (
              <li key={teen.memberId} className="grid gap-2">
                <p className="text-base text-ink">{teen.name}</p>
                <ActionButton
                  action={confirmTeenBandAction}
                  fields={{ memberId: teen.memberId }}
                  label="Confirm the teen rooms"
                  accessibleLabel={`Confirm the teen rooms for ${teen.name}`}
                  pendingLabel="Confirming…"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ChildrenCamSharing action={childCamSharingAction} />
    </div>
  );
}
