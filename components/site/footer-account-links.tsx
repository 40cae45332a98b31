"use client";

import Link from "next/link";
import { useSession } from "@/components/session/session-provider";

/** "Sign In" for visitors; "My Account" and "Log Out" for members. Same height either way. */
export function FooterAccountLinks() {
  const { isAuthenticated } = useSession();
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">My Account</h2>
      <ul className="mt-3 min-h-14 space-y-2">
        {isAuthenticated === null ? null : isAuthenticated ? (
          <>
            <li><Link className="footer-link" href="/my-account">My Account</Link></li>
            {/* A full page load: the session state of the whole page must go, not just this view's. */}
            <li><a className="footer-link" href="/auth/sign-out">Log Out</a></li>
          </>
        ) : (
          <li><Link className="footer-link" href="/auth/sign-in" prefetch={false}>Sign In</Link></li>
        )}
      </ul>
    </div>
  );
}
