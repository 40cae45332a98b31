import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { loadCirclePage } from "@/lib/circles/page";
import { itemKinds } from "@/lib/features";
import { ChildPasswordForm } from "@/components/circles/child-password-form";
import { QuietHoursForm } from "@/components/account/quiet-hours-form";
import { childQuietHoursAction } from "../my-account/settings-actions";
import { WhoCanSeeWhat } from "@/components/circles/who-can-see-what";
import { resetChildPasswordAction, stopSharingAction } from "./actions";
import { ChildrenCamSharing } from "@/components/cam/children-cam-sharing";
import { childCamSharingAction } from "../cam/actions";

export const metadata: Metadata = { title: "Who can see what" };

export default async function CirclePage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { circles, shares, managed, children } = await loadCirclePage(member.memberId, itemKinds);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">Who can see what</h1>
      <p className="mt-2 text-base text-muted">
        Your circles, the people in them, and everything you share. Invitations and your Family plan&rsquo;s places are
        in{" "}
        <Link href="/my-account#safe-circle" className="underline">
          My Account, under My Safe Circle
        </Link>
        .
      </p>
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
