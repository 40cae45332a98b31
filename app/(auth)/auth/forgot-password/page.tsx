import type { Metadata } from "next";
import { AuthCard, ForgotPasswordForm } from "@/components/auth/auth-forms";
import { forgotPasswordAction } from "../actions";

export const metadata: Metadata = { title: "Forgot your password", robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your email and we will send you a code to choose a new password."
    >
      <ForgotPasswordForm action={forgotPasswordAction} />
    </AuthCard>
  );
}
