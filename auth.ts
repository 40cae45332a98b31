import NextAuth from "next-auth";
import { buildAuthConfig } from "@/lib/auth/config";

// Built lazily: the configuration (and AUTH_SECRET) is read on the first request, not at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => buildAuthConfig());

// What the session (lib/auth/config.ts callbacks) and its cookie hold, declared once for every reader.
declare module "next-auth" {
  interface Session {
    /** Only what the pages show: tokens stay in the encrypted cookie, server-side. */
    user: { id: string; name: string; email: string };
  }
}

declare module "next-auth/jwt" {
  /** The session cookie (an encrypted JWT) besides Auth.js's own claims. */
  interface JWT {
    sub?: string;
    name?: string | null;
    email?: string | null;
    accessToken?: string;
    refreshToken?: string;
    idToken?: string;
    /** Access token expiry, epoch ms. */
    expiresAt?: number;
    /** When this session began, epoch ms: compared with the account's revocation point. */
    issuedAtMs?: number;
    /**
     * When the member last proved who they are at the identity provider (the ID token's auth_time at
     * the sign-in that began this session), epoch ms. A refresh keeps it: refreshing is not signing in.
     * Nor is a sign-in the issuer's single sign-on completed without asking: it carries the earlier
     * auth_time. Account changes skip the password only shortly after it (lib/identity/reauthentication.ts).
     */
    authenticatedAtMs?: number;
    /** This session's id: Log Out records it as ended (lib/auth/ended-sessions.ts). */
    sessionId?: string;
    /** Set when a refresh failed for a passing reason ("Network Error"). */
    error?: string;
  }
}
