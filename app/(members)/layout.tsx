import type { Metadata } from "next";
import { SignInRedirect } from "@/components/session/sign-in-redirect";
import { getMember } from "@/lib/auth/member";
import { loadDiscreetMode } from "@/lib/account/page";
import { LeaveNow } from "@/components/discreet/leave-now";

/** Private pages are not indexed, and carry no share cards: those are the public pages' (app/(site)/layout.tsx). */
export const metadata: Metadata = { robots: { index: false } };

/**
 * The members' pages: proxy.ts sends visitors to sign-in before they get here, except while the browser
 * holds FRESH_SESSION_COOKIE (lib/auth/sign-out.ts), when this is the only line (a session revoked a
 * moment ago, or a forged marker). Pages render beside their layout, so they read the member with
 * getMember() and render nothing without one.
 */
export default async function MembersLayout({ children }: { children: React.ReactNode }) {
  const member = await getMember();
  if (!member) return <SignInRedirect />;
  return (
    <>
      {children}
      {(await loadDiscreetMode(member)) && <LeaveNow />}
    </>
  );
}
