import type { ReactNode } from "react";

/** The sign-out endpoint: POST only, from the site's own pages (app/(auth)/auth/sign-out/route.ts). */
const SIGN_OUT_PATH = "/auth/sign-out";

/**
 * "Log Out": a plain form post to a route (not a link: a GET must never sign anyone out, or any
 * page could do it with an image; not a server action: the answer is a real redirect, so the whole
 * page, header and footer included, forgets the session).
 */
export function LogOutForm({ className, children = "Log Out" }: { className: string; children?: ReactNode }) {
  return (
    <form method="post" action={SIGN_OUT_PATH}>
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
