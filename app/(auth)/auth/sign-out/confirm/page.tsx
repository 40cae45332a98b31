import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-forms";
import { LogOutForm } from "@/components/session/log-out-form";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Log out", robots: { index: false } };

/** What a GET of /auth/sign-out shows (proxy.ts rewrites it here): signing out takes a press of the button. */
export default function SignOutPage() {
  return (
    <AuthCard title="Log out of Happr" intro="Log out of Happr on this device? You can sign in again at any time.">
      <LogOutForm className={buttonClass("primary", "w-full")} />
    </AuthCard>
  );
}
