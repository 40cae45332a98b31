import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, SignUpForm } from "@/components/auth/auth-forms";
import { signUpAction } from "../actions";
import { InvitationSignUp } from "@/components/account/invitation-sign-up";
import { safeContinuePath } from "@/lib/auth/continue";
import { previewInvitation } from "@/lib/invitations";
import { param, type SearchParams } from "@/lib/request/search-params";

export const metadata: Metadata = { title: "Create your account", robots: { index: false }, referrer: "no-referrer" };

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = param(params.invitation);
  const invitation = token ? await previewInvitation(token) : undefined;
  // An invitee lands on their account page, where the invitation is accepted.
  const continuePath = param(params.continue)
    ? safeContinuePath(param(params.continue))
    : token
      ? "/my-account"
      : undefined;
  if (invitation && !invitation.valid) {
    return (
      <AuthCard title="Create your Happr account">
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {invitation.message}
        </p>
        <div className="mt-6">
          <SignUpForm action={signUpAction} continuePath={continuePath} />
        </div>
      </AuthCard>
    );
  }
  if (invitation?.valid && token) {
    const invited = invitation.channel === "sms" ? { phone: invitation.recipient } : { email: invitation.recipient };
    return (
      <AuthCard
        title="Join your family on Happr"
        intro={
          <>
            {invitation.ownerName || "A Happr member"} invited you to their Safe Circle: their Family plan covers you.
            Create your account, or{" "}
            <Link
              className="font-semibold text-brand-700 underline"
              href={`/auth/sign-in?continue=${encodeURIComponent("/my-account")}`}
              prefetch={false}
            >
              sign in
            </Link>{" "}
            if you already have one.
          </>
        }
      >
        <InvitationSignUp token={token} {...invited} />
        <SignUpForm action={signUpAction} continuePath={continuePath} invited={invited} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create your Happr account" intro="We will email you a code to confirm your address.">
      <SignUpForm action={signUpAction} continuePath={continuePath} />
    </AuthCard>
  );
}
