import type { Metadata } from "next";
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
  const [{ circles, shares, managed, children, canCreateChild }, safeCircle] = await Promise.all([
    loadCirclePage(member.memberId, itemKinds),
    getCircle(member, { familyPlan: familyPlanOf }),
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
      <ChildrenCamSharing action={childCamSharingAction} />
    </div>
  );
}
