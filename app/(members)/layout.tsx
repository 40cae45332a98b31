import type { Metadata } from "next";
import { SignInRedirect } from "@/components/session/sign-in-redirect";
import { getMember } from "@/lib/auth/member";
import { loadDiscreetMode } from "@/lib/account/page-data";
import { LeaveNow } from "@/components/discreet/leave-now";

/**
 * Private pages: not indexed, and no share-card tags. A link preview's crawler has no session, so it
 * is sent to sign-in and shows that page's tags; the site's Open Graph tags (and the Twitter ones Next
 * fills in from them, 14 in all) only added about 3 kB to every view, in the HTML and again in the RSC
 * payload.
 */
export const metadata: Metadata = { robots: { index: false }, openGraph: null, twitter: null };

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
