"use client";

import Link from "next/link";
import { LogOutForm } from "@/components/session/log-out-form";
import { useSession } from "@/components/session/session-provider";

/** "Sign In" for visitors; "My Account" and "Log Out" for members. Same height either way. */
export function FooterAccountLinks() {
  const { isAuthenticated } = useSession();
  return (
    <div>
      <h2 className="footer-heading">My Account</h2>
      <ul className="footer-links min-h-14">
        {isAuthenticated === null ? null : isAuthenticated ? (
          <>
            <li>
              <Link href="/my-account">My Account</Link>
            </li>
            <li>
              <LogOutForm className="cursor-pointer" />
            </li>
          </>
        ) : (
          <li>
            <Link href="/auth/sign-in" prefetch={false}>
              Sign In
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
