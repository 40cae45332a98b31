import type { Metadata } from "next";
import { AuthCard, ResetPasswordForm } from "@/components/auth/auth-forms";
import { resetPasswordAction } from "../actions";
import { param, type SearchParams } from "@/lib/request/search-params";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false } };

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      intro="If an account exists for that email, we sent it a code. It expires in 1 hour. Changing your password signs you out everywhere."
    >
      <ResetPasswordForm action={resetPasswordAction} email={param(params.email) ?? ""} />
    </AuthCard>
  );
}
