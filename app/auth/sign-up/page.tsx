import type { Metadata } from "next";
import { AuthCard, SignUpForm } from "@/components/auth/auth-forms";
import { safeContinuePath } from "@/lib/auth/continue";
import { param, type SearchParams } from "../params";

export const metadata: Metadata = { title: "Create your account", robots: { index: false } };

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const continuePath = param(params.continue) ? safeContinuePath(param(params.continue)) : undefined;
  return (
    <AuthCard title="Create your Happr account" intro="We will email you a code to confirm your address.">
      <SignUpForm interaction={param(params.interaction)} continuePath={continuePath} />
    </AuthCard>
  );
}
