import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, SignUpForm } from "@/components/auth/auth-forms";
import { InvitationAnswer } from "@/components/circles/invitation-answer";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";
import { getMember } from "@/lib/auth/member";
import { invitationMessages, previewInvitation, verifiedContactsOf } from "@/lib/invitations";
import { invitationTokenOfBrowser } from "@/lib/invitations/invitation-cookie";
import { signUpAction } from "../auth/actions";
import { joinInvitationAction, notNowAction } from "./actions";

export const metadata: Metadata = { title: "Your invitation", robots: { index: false }, referrer: "no-referrer" };

const CONTINUE = "/invitation";

/**
 * A Safe Circle invitation, as opened from its link (/invitation/open keeps the token in a cookie):
 * who invites, to which circle, as what, and where it was sent (masked). Everyone sees the same
 * page; a visitor signs up or in and comes back here; a member joins only by pressing Join, and only
 * when their verified address is the one it was sent to (otherwise the page says so).
 */
export default async function InvitationPage() {
  const token = await invitationTokenOfBrowser();
  const member = await getMember();
  const viewer = member
    ? { memberId: member.memberId, name: member.name, contacts: await verifiedContactsOf(member) }
    : undefined;
  const invitation = token
    ? await previewInvitation(token, { viewer })
    : { valid: false as const, message: invitationMessages.notFound };
  if (!invitation.valid) {
    return (
      <AuthCard title="Your invitation">
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {invitation.message}
        </p>
        <p className="mt-6 text-sm">
          <Link className="font-semibold text-brand-700 underline" href={member ? "/my-account" : "/"} prefetch={false}>
            {member ? "Go to My Account" : "Go to the home page"}
          </Link>
        </p>
      </AuthCard>
    );
  }
  const who = invitation.ownerName || "A Happr member";
  const as = invitation.role === "guardian" ? "a guardian" : "a member";
  return (
    <AuthCard
      title="Join your family on Happr"
      intro={
        <>
          <p>
            {who} invites you to <strong className="text-ink">{invitation.circleName}</strong> as {as}: their Family
            plan covers you.
          </p>
          <p className="mt-2">
            Sent {invitation.channel === "sms" ? "by text " : ""}to {invitation.recipient}.
          </p>
        </>
      }
    >
      {!member ? (
        <>
          <p className="mb-6 text-sm">
            Create your account, or{" "}
            <Link
              className="font-semibold text-brand-700 underline"
              href={`/auth/sign-in?continue=${encodeURIComponent(CONTINUE)}`}
              prefetch={false}
            >
              sign in
            </Link>{" "}
            if you already have one, with the address this invitation was sent to. You come back here to answer.
          </p>
          <SignUpForm action={signUpAction} continuePath={CONTINUE} />
          <NotNow />
        </>
      ) : invitation.viewerProblem ? (
        <>
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {invitation.viewerProblem}
          </p>
          <p className="mt-4 text-sm">
            You are signed in as {member.email}.{" "}
            <Link className="font-semibold text-brand-700 underline" href={SECURITY_CENTRE_PATH} prefetch={false}>
              Open your security centre
            </Link>
          </p>
          <NotNow />
        </>
      ) : (
        <>
          <p className="mb-4 text-sm">You are signed in as {member.email}.</p>
          <InvitationAnswer join={joinInvitationAction} />
          <NotNow />
        </>
      )}
    </AuthCard>
  );
}

/** "Not now": forgets the invitation in this browser, writes nothing (notNowAction). */
function NotNow() {
  return (
    <form action={notNowAction} className="mt-4">
      <button type="submit" className="text-sm font-semibold text-brand-700 underline">
        Not now
      </button>
    </form>
  );
}
