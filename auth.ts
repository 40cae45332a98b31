import NextAuth from "next-auth";
import { buildAuthConfig } from "@/lib/auth/config";

// Built lazily: the configuration (and AUTH_SECRET) is read on the first request, not at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => buildAuthConfig());
