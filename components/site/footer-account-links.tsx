"use client";

import Link from "next/link";
import { LogOutForm } from "@/components/session/log-out-form";
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
            <li>
              <Link className="footer-link" href="/my-account">
                My Account
              </Link>
            </li>
            <li>
              <LogOutForm className="footer-link cursor-pointer" />
            </li>
          </>
        ) : (
          <li>
            <Link className="footer-link" href="/auth/sign-in" prefetch={false}>
              Sign In
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
