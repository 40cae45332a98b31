import "server-only";

/** What the browser may know about its own session: enough for the header and footer. */
export type SessionState = {
  isAuthenticated: boolean;
  user: { name: string; email: string } | null;
};

/**
 * The one place that answers "who is signed in on this request" for the site's chrome.
 * Sign-in (Auth.js) fills this in; until then nobody is signed in.
 */
export async function getSessionState(): Promise<SessionState> {
  return { isAuthenticated: false, user: null };
}
