import type { Metadata } from "next";
import { AuthCard, ConfirmForm } from "@/components/auth/auth-forms";
import { challengeAction, confirmAction, resendCodeAction, signInAction } from "../actions";
import { safeContinuePath } from "@/lib/auth/continue";
import { param, type SearchParams } from "@/lib/request/search-params";

export const metadata: Metadata = { title: "Confirm your account", robots: { index: false } };

export default async function ConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const continuePath = param(params.continue) ? safeContinuePath(param(params.continue)) : undefined;
  return (
    <AuthCard title="Confirm your account" intro="Enter the 6-digit code we emailed you. It expires in 24 hours.">
      <ConfirmForm
        actions={{ confirm: confirmAction, resend: resendCodeAction, signIn: signInAction, challenge: challengeAction }}
        email={param(params.email) ?? ""}
        continuePath={continuePath}
      />
    </AuthCard>
  );
}
