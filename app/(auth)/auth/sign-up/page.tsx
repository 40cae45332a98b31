import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard, SignUpForm } from "@/components/auth/auth-forms";
import { signUpAction } from "../actions";
import { safeContinuePath } from "@/lib/auth/continue";
import { param, type SearchParams } from "@/lib/request/search-params";

export const metadata: Metadata = { title: "Create your account", robots: { index: false }, referrer: "no-referrer" };

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = param(params.invitation);
  // Links sent before invitations had their own page: it shows the invitation and asks for a yes.
  if (token) redirect(`/invitation/open?invitation=${encodeURIComponent(token)}`);
  const continuePath = param(params.continue) ? safeContinuePath(param(params.continue)) : undefined;
  return (
    <AuthCard title="Create your Happr account" intro="We will email you a code to confirm your address.">
      <SignUpForm action={signUpAction} continuePath={continuePath} />
    </AuthCard>
  );
}
