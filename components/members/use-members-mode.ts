"use client";

import { usePathname } from "next/navigation";
import { isMembersPath } from "@/config/members-navigation";
import { useSession } from "@/components/session/session-provider";

/**
 * Whether the header and footer show the members' app (their places; the marketing menus in the
 * footer) rather than the public site's. On a members' page it is known from the address at once
 * (proxy.ts let only members reach it), so the server renders it and nothing shifts; on a public page
 * it follows the session check.
 */
export function useMembersMode(): boolean {
  const pathname = usePathname() ?? "";
  const { isAuthenticated } = useSession();
  return isMembersPath(pathname) || isAuthenticated === true;
}
