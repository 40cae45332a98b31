"use client";

import { redirect, usePathname, useSearchParams } from "next/navigation";
import { signInPath } from "@/lib/auth/continue";

/**
 * Sends a visitor to sign-in, coming back to this page afterwards. Rendered by the members' layout,
 * which cannot know the page's path on the server (a layout is not told it); redirect() while
 * rendering on the server answers with the redirect.
 */
export function SignInRedirect(): never {
  const path = usePathname() ?? "/my-account";
  const search = useSearchParams()?.toString();
  return redirect(signInPath(search ? `${path}?${search}` : path));
}
