import "server-only";
import { auth } from "@/auth";

/** What the browser may know about its own session: enough for the header and footer. */
export type SessionState = {
  isAuthenticated: boolean;
  user: { name: string; email: string } | null;
};

/**
 * The one place that answers "who is signed in on this request" for the site's chrome, from the
 * Auth.js session (already checked against revocation and refreshed by the jwt callback).
 */
export async function getSessionState(): Promise<SessionState> {
  const session = await auth();
  if (!session?.user) return { isAuthenticated: false, user: null };
  return { isAuthenticated: true, user: { name: session.user.name ?? "", email: session.user.email ?? "" } };
}
