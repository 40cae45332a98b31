import "server-only";
import { cookies } from "next/headers";
import { getConfig } from "../config";
import { INVITATION_LIFETIME_MS } from "./invitations";

/**
 * The invitation a browser opened, between the link and the member's answer: an httpOnly cookie
 * for /invitation only, so the token is never in the address bar, history, a sign-in's return path
 * or a script's reach, and the page is the same before and after signing in or up.
 */
const NAME = "happr.invitation";
const PATH = "/invitation";
const secure = () => getConfig().siteUrl.startsWith("https://");
const name = () => (secure() ? `__Secure-${NAME}` : NAME);

/** The cookie that keeps `token` (empty: forgets it), for a route handler's response. */
export function invitationCookie(token: string | undefined) {
  return {
    name: name(),
    value: token ?? "",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secure(),
    path: PATH,
    maxAge: token ? INVITATION_LIFETIME_MS / 1000 : 0,
  };
}

export async function invitationTokenOfBrowser(): Promise<string | undefined> {
  return (await cookies()).get(name())?.value || undefined;
}

/** In a server action: this browser forgets the invitation ("Not now"). */
export async function forgetInvitationToken() {
  (await cookies()).set(invitationCookie(undefined));
}
