import { MEMBERS_HOME_PATH } from "@/config/members-navigation";

/** Sign-in, coming back to `continuePath` afterwards. */
export const signInPath = (continuePath: string) => `/auth/sign-in?continue=${encodeURIComponent(continuePath)}`;

/**
 * The `continue` parameter of the sign-in pages: where to go after signing in. Only a same-origin
 * relative path is accepted (anything else would make the sign-in page an open redirect). Without
 * one (or with one refused), the member lands on Today, the members' home.
 */
export function safeContinuePath(value: unknown, fallback = MEMBERS_HOME_PATH): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (path.length === 0 || path.length > 2048) return fallback;
  // One leading slash, then not a second slash or backslash ("//evil.com", "/\\evil" are other hosts).
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // Control characters and backslashes: browsers strip or rewrite them, which could turn the path into a host.
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return fallback;
  // Resolve against a placeholder origin: the result must stay on it.
  const base = "http://continue.invalid";
  let resolved: URL;
  try {
    resolved = new URL(path, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base) return fallback;
  // Never send someone back into the sign-in machinery itself.
  if (
    resolved.pathname.startsWith("/auth/") ||
    resolved.pathname.startsWith("/api/auth/") ||
    resolved.pathname.startsWith("/api/oidc/")
  ) {
    return fallback;
  }
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
